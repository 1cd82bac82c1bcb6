/**
 * The one road from what the reader chose to what the lab shows: scenario and edits → run →
 * comparison (in compare mode) → the cursor clamped into what can be shown. Every action that
 * changes an input goes through `derive`; nothing else computes a run, a comparison or a clamp.
 *
 * Runs are cached per edits value, so moving the cursor, undoing or redoing never re-runs the
 * engine: only a new edit does. The cache is bounded by events, not entries: a few small runs are
 * kept for instant undo, but a run of a million events is kept only while it is the current one
 * (history keeps scenarios and edits, never derived runs).
 *
 * A run too heavy for a frame is not derived here at all when the lab has a background runner:
 * `plan` says so before any work, the store has it computed in a Web Worker, and `accept` puts the
 * result in the cache, so the same `derive` then finds it (one road: inputs → run → lab).
 */
import type { ParseResult, RunEstimate, Scenario } from '../sim'
import { estimateRun, FRAME_EVENT_BUDGET, parseScenario, withFencing } from '../sim'
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

/** A run the inputs need that is not derived yet and is too heavy for a frame. */
export interface HeavyRun {
  base: Base
  edits: Edits
  /** The edited scenario, validated. */
  scenario: Scenario
  estimate: RunEstimate
}

/** Derives the lab from its inputs; returns the message when the edited scenario is invalid. */
export interface Deriver {
  (inputs: Inputs): Derivation
  /** The heavy run these inputs need, or null when `derive` would be quick (or refuse them). */
  plan(inputs: Pick<Inputs, 'base' | 'edits'>): HeavyRun | null
  /** Keeps a heavy run computed elsewhere (a worker), so `derive` finds it. */
  accept(heavy: HeavyRun, lab: LabRun): void
}

/** How many derived runs (and compare pairs) are kept for instant undo and redo… */
const RECENT_RUNS = 8
/** …as long as they hold at most this many events together (the current one is always kept). */
const RECENT_RUN_EVENTS = 200_000

const eventsOf = (lab: LabRun) => lab.run.events.length

/** The scenario `edits` make of `base`, whether they change it, and its validation. */
interface Checked {
  base: Base
  edits: Edits
  scenario: Scenario
  edited: boolean
  parsed: ParseResult
}

/** A deriver with its own caches: one per lab. */
export function createDeriver(): Deriver {
  const runs = new RecentCache<Edits, { base: Base; lab: LabRun; edited: boolean }>(
    RECENT_RUNS,
    RECENT_RUN_EVENTS,
    (entry) => eventsOf(entry.lab),
  )
  const pairs = new RecentCache<LabRun, ComparePair>(
    RECENT_RUNS,
    RECENT_RUN_EVENTS,
    (pair) => eventsOf(pair.fenced) + eventsOf(pair.unfenced),
  )
  const narratedRuns = new WeakMap<Base, LabRun | null>()
  /**
   * The base's own run, for captions; none for a heavy base (not worth a second heavy run).
   * `unedited` is that run when it is at hand already.
   */
  const narrated = (base: Base, unedited?: LabRun): LabRun | null => {
    let lab = narratedRuns.get(base)
    if (lab === undefined && estimateOf(base.scenario).events > FRAME_EVENT_BUDGET) lab = null
    if (lab === undefined) {
      lab = unedited ?? deriveLabRun(base.scenario)
      narratedRuns.set(base, lab)
    }
    return lab
  }

  const histories = new WeakMap<Base, LabRun>()

  /**
   * The last two scenarios the edits made, validated, so `plan` then `derive` of the same inputs
   * make and parse it once, and so does a heavy link, planned before the default scenario opens
   * and again after (a 25k-step link parsed twice in the page's first task). Two, not one per
   * edit: a parsed scenario is a whole copy, and undo keeps every edit.
   */
  const recentChecked: Checked[] = []
  const checkEdits = (base: Base, edits: Edits): Checked => {
    const known = recentChecked.find((r) => r.base === base && r.edits === edits)
    if (known !== undefined) return known
    const scenario = applyEdits(base.scenario, edits)
    const edited = isEdited(base.scenario, edits)
    // A base holds a validated scenario (a preset's, a link's, an import's): unedited, there is
    // nothing new to check (the page's start validated its preset twice over).
    const parsed: ParseResult = edited ? parseScenario(scenario) : { ok: true, scenario }
    const checked = { base, edits, scenario, edited, parsed }
    recentChecked.unshift(checked)
    recentChecked.splice(2)
    return checked
  }
  /** Each validated scenario's estimate, made once (it walks every client's script). */
  const estimates = new WeakMap<Scenario, RunEstimate>()
  const estimateOf = (scenario: Scenario): RunEstimate => {
    let estimate = estimates.get(scenario)
    if (estimate === undefined) {
      estimate = estimateRun(scenario)
      estimates.set(scenario, estimate)
    }
    return estimate
  }

  const derive = (inputs: Inputs): Derivation => {
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
      const { scenario, edited, parsed } = checkEdits(base, edits)
      if (!parsed.ok) return { ok: false, message: parsed.message }
      // The run the base's narration was written for, so an edited run's captions stay true.
      // An author's rewrite (the scenario editor) brings its own narration: nothing to compare.
      const reference = edited && edits.scenario === undefined ? narrated(base) : null
      entry = { base, lab: deriveLabRun(scenario, reference), edited }
      runs.set(edits, entry)
      // The base as it opened is the run its narration was written for: the first edit need
      // not run it again (on the 5k-event run that was a whole run, check and index, 10-25 ms
      // of the reader's first click).
      if (!edited && edits.scenario === undefined) narrated(base, entry.lab)
    }
    const { lab, edited } = entry
    let compare: ComparePair | null = null
    // Comparing runs the scenario twice more: only for a run light enough to run on the page.
    if (inputs.compareMode && eventsOf(lab) <= FRAME_EVENT_BUDGET) {
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

  const plan = ({ base, edits }: Pick<Inputs, 'base' | 'edits'>): HeavyRun | null => {
    // A real history is read (in its own worker), never run.
    if (base.kind === 'history' || runs.get(edits)?.base === base) return null
    const { parsed } = checkEdits(base, edits)
    if (!parsed.ok) return null
    const estimate = estimateOf(parsed.scenario)
    if (estimate.events <= FRAME_EVENT_BUDGET) return null
    return { base, edits, scenario: parsed.scenario, estimate }
  }

  const accept = (heavy: HeavyRun, lab: LabRun) => {
    runs.set(heavy.edits, {
      base: heavy.base,
      lab,
      edited: isEdited(heavy.base.scenario, heavy.edits),
    })
  }

  return Object.assign(derive, { plan, accept })
}

/**
 * A small least-recently-used cache (a Map keeps insertion order), bounded by a count and by a
 * total weight; the newest entry stays whatever its weight.
 */
class RecentCache<K, V> {
  private readonly entries = new Map<K, V>()
  constructor(
    private readonly limit: number,
    private readonly maxWeight: number,
    private readonly weigh: (value: V) => number,
  ) {}

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
    let weight = 0
    for (const v of this.entries.values()) weight += this.weigh(v)
    while (this.entries.size > 1 && (this.entries.size > this.limit || weight > this.maxWeight)) {
      const oldest = this.entries.entries().next()
      if (oldest.done === true) break
      weight -= this.weigh(oldest.value[1])
      this.entries.delete(oldest.value[0])
    }
  }
}
