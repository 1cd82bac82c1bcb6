/**
 * The one road from what the reader chose to what the lab shows: scenario and edits → run →
 * comparison (in compare mode) → the cursor clamped into what can be shown. Every action that
 * changes an input goes through `derive`; nothing else computes a run, a comparison or a clamp.
 *
 * Runs are cached per edits value (bounded), so moving the cursor, undoing or redoing never
 * re-runs the engine: only a new edit does.
 */
import { parseScenario, withFencing } from '../sim'
import { compareOutcomes } from './compare'
import type { CompareOutcome } from './compare'
import type { LabRun } from './derive'
import { deriveLabRun } from './derive'
import type { Edits } from './edits'
import { applyEdits, isEdited } from './edits'
import type { Base } from './history'
import { HISTORY_IS_FIXED, historyLabRun } from './openedHistory'
import type { CursorRange } from './selectors'
import { clampCursor } from './selectors'

export interface ComparePair {
  fenced: LabRun
  unfenced: LabRun
  outcome: CompareOutcome
}

/** What the reader chose; everything in `Derived` follows from these. */
export interface Inputs {
  base: Base
  edits: Edits
  compareMode: boolean
  range: CursorRange | null
  /** Where the reader asked the cursor to be (clamped on the way). */
  cursorMs: number
}

export interface Derived {
  /** The edited scenario, run and indexed. */
  lab: LabRun
  /** Fencing on vs off, computed only while compare mode is on. */
  compare: ComparePair | null
  /** True when the edits change the base scenario. */
  edited: boolean
  cursorMs: number
}

export type Derivation = { ok: true; derived: Derived } | { ok: false; message: string }

/** Derives the lab from its inputs; returns the message when the edited scenario is invalid. */
export type Deriver = (inputs: Inputs) => Derivation

/** How many derived runs (and compare pairs) are kept for instant undo and redo. */
const RECENT_RUNS = 8

/** A deriver with its own caches: one per lab. */
export function createDeriver(): Deriver {
  const runs = new RecentCache<Edits, { base: Base; lab: LabRun; edited: boolean }>(RECENT_RUNS)
  const pairs = new RecentCache<LabRun, ComparePair>(RECENT_RUNS)
  const narratedRuns = new WeakMap<Base, LabRun>()
  const narrated = (base: Base): LabRun => {
    let lab = narratedRuns.get(base)
    if (lab === undefined) {
      lab = deriveLabRun(base.scenario)
      narratedRuns.set(base, lab)
    }
    return lab
  }

  const histories = new WeakMap<Base, LabRun>()

  return (inputs) => {
    const { base, edits } = inputs
    if (base.kind === 'history') {
      // What happened is not re-run or edited, and has no fenced/unfenced twin to compare with.
      if (isEdited(base.scenario, edits)) return { ok: false, message: HISTORY_IS_FIXED }
      let lab = histories.get(base)
      if (lab === undefined) {
        lab = historyLabRun(base.history)
        histories.set(base, lab)
      }
      const cursorMs = clampCursor({ lab, compare: null, range: inputs.range }, inputs.cursorMs)
      return { ok: true, derived: { lab, compare: null, edited: false, cursorMs } }
    }
    let entry = runs.get(edits)
    // An edits value belongs to one base; the check keeps a reused value from lying.
    if (entry?.base !== base) {
      const scenario = applyEdits(base.scenario, edits)
      const parsed = parseScenario(scenario)
      if (!parsed.ok) return { ok: false, message: parsed.message }
      const edited = isEdited(base.scenario, edits)
      // The run the base's narration was written for, so an edited run's captions stay true.
      // An author's rewrite (the scenario editor) brings its own narration: nothing to compare.
      const reference = edited && edits.scenario === undefined ? narrated(base) : null
      entry = { base, lab: deriveLabRun(scenario, reference), edited }
      runs.set(edits, entry)
    }
    const { lab, edited } = entry
    let compare: ComparePair | null = null
    if (inputs.compareMode) {
      compare = pairs.get(lab) ?? null
      if (compare === null) {
        const fenced = deriveLabRun(withFencing(lab.scenario, 'atomic'))
        const unfenced = deriveLabRun(withFencing(lab.scenario, 'none'))
        compare = { fenced, unfenced, outcome: compareOutcomes(fenced, unfenced) }
        pairs.set(lab, compare)
      }
    }
    const cursorMs = clampCursor({ lab, compare, range: inputs.range }, inputs.cursorMs)
    return { ok: true, derived: { lab, compare, edited, cursorMs } }
  }
}

/** A small least-recently-used cache (a Map keeps insertion order). */
class RecentCache<K, V> {
  private readonly entries = new Map<K, V>()
  constructor(private readonly limit: number) {}

  get(key: K): V | undefined {
    const value = this.entries.get(key)
    if (value !== undefined) {
      this.entries.delete(key)
      this.entries.set(key, value)
    }
    return value
  }

  set(key: K, value: V): void {
    this.entries.delete(key)
    this.entries.set(key, value)
    while (this.entries.size > this.limit) {
      const oldest = this.entries.keys().next()
      if (oldest.done === true) break
      this.entries.delete(oldest.value)
    }
  }
}
