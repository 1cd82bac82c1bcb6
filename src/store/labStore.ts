/**
 * One lab's state: a zustand vanilla store per lab instance (a blog post may hold several labs,
 * so there is no module-level store). It holds the base scenario, the reader's edits with undo
 * and redo, the run derived from them, and the view: cursor, playback, speed, future mode,
 * compare mode, tab. Derived runs are cached per edits value, so moving the cursor or undoing
 * never re-runs the engine; only a new edit does.
 *
 * The requestAnimationFrame loop lives outside (playback.ts): it only ever sets `cursorMs`.
 */
import { createStore } from 'zustand/vanilla'
import type { StoreApi } from 'zustand/vanilla'
import type { Fault, NodeId, Preset, PresetId, Scenario } from '../sim'
import { DEFAULT_PRESET_ID, findPreset, parseScenario, withFencing } from '../sim'
import type { Timeline } from '../timeline'
import {
  nextProblemMs,
  nextStopMs,
  previousProblemMs,
  previousStopMs,
  stateAt,
} from '../timeline'
import type { CompareOutcome } from './compare'
import { compareOutcomes } from './compare'
import type { LabRun } from './derive'
import { deriveLabRun } from './derive'
import type { Edits, Fencing } from './edits'
import { applyEdits, baseEdits, describeFault, isEdited, scenarioEdits } from './edits'
import type { MessageAction } from './interventions'
import { faultTimeMs, messageFault } from './interventions'
import { momentAnnouncement } from './moment'

export type FutureMode = 'show' | 'fade' | 'hide'
export type LabTab = 'state' | 'break' | 'explore' | 'about'
export type Theme = 'auto' | 'light' | 'dark'

/** The scenario the reader's edits apply to. */
export type Base =
  | { kind: 'preset'; preset: Preset; scenario: Scenario }
  /** A scenario from a link; `preset` is the preset it was made from (same id), for its notes. */
  | { kind: 'custom'; scenario: Scenario; preset: Preset | null }

/**
 * One step of the edit history: the edits and the base they apply to. Most steps keep the base;
 * opening a scenario as an edit (`openScenario`, e.g. a counterexample) changes it, so that Undo
 * returns to the scenario that was open before.
 */
export interface HistoryEntry {
  base: Base
  edits: Edits
}

export interface ComparePair {
  fenced: LabRun
  unfenced: LabRun
  outcome: CompareOutcome
}

/** A stretch of the run that playback, the scrubber and the steps stay inside (embeds). */
export interface CursorRange {
  fromMs: number
  toMs: number
}

export const SPEEDS: readonly number[] = [0.25, 0.5, 1, 2, 4, 8]
export const MIN_SPEED = 0.25
export const MAX_SPEED = 8

export interface LabInit {
  /** A preset id (default: gc-pause) or a validated custom scenario. */
  preset?: PresetId
  scenario?: Scenario
  cursorMs?: number
  /** A message for the reader (e.g. what was wrong with the link). */
  notice?: string | null
  reducedMotion?: boolean
  speed?: number
  futureMode?: FutureMode
  compareMode?: boolean
  theme?: Theme
  /** Keep the cursor inside this stretch (default: the whole run). */
  range?: CursorRange | null
  /** Playback starts over at the range's start when it reaches its end. */
  loop?: boolean
}

export interface LabStoreState {
  base: Base
  edits: Edits
  undoStack: readonly HistoryEntry[]
  redoStack: readonly HistoryEntry[]
  /** The edited scenario, run and indexed. */
  lab: LabRun
  /** Fencing on vs off, computed only while compare mode is on. */
  compare: ComparePair | null
  /** True when the edits change the base scenario. */
  edited: boolean

  cursorMs: number
  /** A step in progress (animated by the playback loop unless motion is reduced). */
  glide: { fromMs: number; toMs: number } | null
  playing: boolean
  speed: number
  futureMode: FutureMode
  compareMode: boolean
  tab: LabTab
  /** A message the reader activated in the diagram, to delay or drop. */
  selectedMsg: number | null
  notice: string | null
  /** What the live region says; `serial` changes on every announcement. */
  announcement: { text: string; serial: number }
  reducedMotion: boolean
  theme: Theme
  /** The stretch the cursor stays inside, or null for the whole run (see cursorBoundsOf). */
  range: CursorRange | null
  loop: boolean

  loadPreset: (id: string) => void
  loadScenario: (scenario: Scenario) => void
  /**
   * Replaces the whole scenario as one undoable edit (the scenario editor); the cursor stays.
   * With `replaceLast`, it replaces the current edits without a new undo step (a live preview
   * while the author types). Returns false (with a notice) if the scenario is invalid.
   */
  editScenario: (scenario: Scenario, options?: { replaceLast?: boolean }) => boolean
  /**
   * Opens a validated scenario as an undoable edit (Undo returns to the scenario and edits open
   * before), with the cursor at `cursorMs` and `announcement` said after it.
   */
  openScenario: (scenario: Scenario, options?: { cursorMs?: number; announcement?: string }) => void

  pauseClient: (id: NodeId, ms: number) => void
  resumeClient: (id: NodeId) => void
  crashNode: (id: NodeId, restartAfterMs?: number) => void
  expireLease: () => void
  delayNext: (from: NodeId, to: NodeId, ms: number) => void
  dropNext: (from: NodeId, to: NodeId) => void
  actOnMessage: (msg: number, action: MessageAction) => void
  partition: (a: NodeId, b: NodeId, ms: number) => void
  clockJump: (node: NodeId, ms: number) => void
  setFencing: (resource: NodeId, fencing: Fencing) => void
  removeFault: (index: number) => void
  undo: () => void
  redo: () => void
  resetEdits: () => void

  setCursor: (ms: number, options?: { announce?: boolean }) => void
  stepForward: () => void
  stepBack: () => void
  jumpStart: () => void
  jumpEnd: () => void
  nextProblem: () => void
  previousProblem: () => void
  endGlide: () => void
  play: () => void
  pause: (options?: { announce?: boolean }) => void
  togglePlay: () => void
  setSpeed: (speed: number) => void
  setFutureMode: (mode: FutureMode) => void
  setCompareMode: (on: boolean) => void
  setTab: (tab: LabTab) => void
  selectMessage: (msg: number | null) => void
  dismissNotice: () => void
  setReducedMotion: (reduced: boolean) => void
  setTheme: (theme: Theme) => void
  setRange: (range: CursorRange | null) => void
  setLoop: (loop: boolean) => void
  announce: (text: string) => void
}

export type LabStore = StoreApi<LabStoreState>

/** The end of the cursor's range: the longest of the runs on screen. */
export function endMsOf(s: Pick<LabStoreState, 'lab' | 'compare'>): number {
  if (s.compare === null) return s.lab.run.endMs
  return Math.max(s.lab.run.endMs, s.compare.fenced.run.endMs, s.compare.unfenced.run.endMs)
}

/**
 * Where the cursor may be: the range (if any) within the run, else the whole run. A range past
 * the run's end (after an edit shortened it) shrinks to the end rather than leaving the run.
 */
export function cursorBoundsOf(s: Pick<LabStoreState, 'lab' | 'compare' | 'range'>): {
  startMs: number
  endMs: number
} {
  const endMs = endMsOf(s)
  if (s.range === null) return { startMs: 0, endMs }
  const startMs = Math.min(Math.max(s.range.fromMs, 0), endMs)
  return { startMs, endMs: Math.min(Math.max(s.range.toMs, startMs), endMs) }
}

/** The timelines the cursor steps through: the lab's, plus both compared runs in compare mode. */
function navTimelines(s: Pick<LabStoreState, 'lab' | 'compare'>): Timeline[] {
  if (s.compare === null) return [s.lab.timeline]
  return [s.lab.timeline, s.compare.fenced.timeline, s.compare.unfenced.timeline]
}

function minOf(values: Array<number | null>): number | null {
  const present = values.filter((v): v is number => v !== null)
  return present.length === 0 ? null : Math.min(...present)
}

function maxOf(values: Array<number | null>): number | null {
  const present = values.filter((v): v is number => v !== null)
  return present.length === 0 ? null : Math.max(...present)
}

function clamp(ms: number, bounds: { startMs: number; endMs: number }): number {
  if (!Number.isFinite(ms)) return bounds.startMs
  return Math.min(Math.max(ms, bounds.startMs), bounds.endMs)
}

function clampSpeed(speed: number): number {
  if (!Number.isFinite(speed)) return 1
  return Math.min(Math.max(speed, MIN_SPEED), MAX_SPEED)
}

function presetBase(id: string): Base {
  const preset = findPreset(id) ?? findPreset(DEFAULT_PRESET_ID)
  if (preset === undefined) throw new Error('the default preset is missing')
  const parsed = parseScenario(preset.scenario)
  // Presets are checked by their own tests; a failure here is a bug in the build, not input.
  if (!parsed.ok) throw new Error(`preset ${preset.id} is invalid: ${parsed.message}`)
  return { kind: 'preset', preset, scenario: parsed.scenario }
}

function customBase(scenario: Scenario): Base {
  const preset = scenario.id === undefined ? undefined : findPreset(scenario.id)
  return { kind: 'custom', scenario, preset: preset ?? null }
}

export function createLabStore(init: LabInit = {}): LabStore {
  // Derived runs, per edits value: undo and redo find recent ones here instead of re-running.
  // Bounded, so a long session of edits on a large run cannot grow without limit.
  let runs = new RecentCache<Edits, LabRun>(RECENT_RUNS)
  let pairs = new RecentCache<Edits, ComparePair>(RECENT_RUNS)
  let serial = 0

  const derive = (base: Base, edits: Edits): LabRun => {
    let lab = runs.get(edits)
    if (lab === undefined) {
      lab = deriveLabRun(applyEdits(base.scenario, edits))
      runs.set(edits, lab)
    }
    return lab
  }

  const derivePair = (edits: Edits, lab: LabRun): ComparePair => {
    let pair = pairs.get(edits)
    if (pair === undefined) {
      const fenced = deriveLabRun(withFencing(lab.scenario, 'atomic'))
      const unfenced = deriveLabRun(withFencing(lab.scenario, 'none'))
      pair = { fenced, unfenced, outcome: compareOutcomes(fenced, unfenced) }
      pairs.set(edits, pair)
    }
    return pair
  }

  const initialBase =
    init.scenario !== undefined
      ? customBase(init.scenario)
      : presetBase(init.preset ?? DEFAULT_PRESET_ID)
  const initialEdits = baseEdits(initialBase.scenario)
  const initialLab = derive(initialBase, initialEdits)
  const initialCompare = init.compareMode === true ? derivePair(initialEdits, initialLab) : null
  const initialRange = init.range ?? null
  const initialBounds = cursorBoundsOf({
    lab: initialLab,
    compare: initialCompare,
    range: initialRange,
  })

  return createStore<LabStoreState>()((set, get) => {
    const announce = (text: string) => set({ announcement: { text, serial: ++serial } })

    /** Moves the cursor as a reader's step: pauses, glides unless motion is reduced, announces. */
    const stepTo = (ms: number | null, glide: boolean) => {
      const s = get()
      if (ms === null) return
      const target = clamp(ms, cursorBoundsOf(s))
      const from = s.cursorMs
      if (glide && !s.reducedMotion && target !== from) {
        set({ playing: false, glide: { fromMs: from, toMs: target } })
      } else {
        set({ playing: false, glide: null, cursorMs: target })
      }
      announce(momentAnnouncement(s.lab, target))
    }

    /** Where a step starts from: the end of a glide in progress, else the cursor. */
    const origin = () => {
      const s = get()
      return s.glide?.toMs ?? s.cursorMs
    }

    /**
     * Replaces the edits (validated), records the old ones for undo, re-derives the run and
     * keeps the cursor in range. Returns false (with a notice) if the scenario would be invalid.
     */
    const commit = (edits: Edits, cursorMs?: number, replaceLast = false): boolean => {
      const s = get()
      const scenario = applyEdits(s.base.scenario, edits)
      const parsed = parseScenario(scenario)
      if (!parsed.ok) {
        set({ notice: `That change cannot be made: ${parsed.message}` })
        return false
      }
      const lab = derive(s.base, edits)
      const compare = s.compareMode ? derivePair(edits, lab) : null
      const bounds = cursorBoundsOf({ lab, compare, range: s.range })
      set({
        edits,
        undoStack: replaceLast
          ? s.undoStack
          : [...s.undoStack, { base: s.base, edits: s.edits }].slice(-UNDO_LIMIT),
        redoStack: [],
        lab,
        compare,
        edited: isEdited(s.base.scenario, edits),
        cursorMs: clamp(cursorMs ?? s.cursorMs, bounds),
        glide: null,
      })
      return true
    }

    /** Adds faults that act just after the cursor, then moves the cursor onto them. */
    const addFaults = (faults: Fault[]) => {
      const s = get()
      const at = faultTimeMs(origin())
      const added = faults.map((f) => ({ ...f, atMs: at }))
      if (commit({ ...s.edits, faults: [...s.edits.faults, ...added] }, at)) {
        const lab = get().lab
        const words = added.map((f) => describeFault(f, lab.scenario)).join('; ')
        announce(`${words}. ${momentAnnouncement(lab, get().cursorMs)}`)
      }
    }

    const restore = (
      { base, edits }: HistoryEntry,
      undoStack: readonly HistoryEntry[],
      redoStack: readonly HistoryEntry[],
    ) => {
      const s = get()
      const lab = derive(base, edits)
      const compare = s.compareMode ? derivePair(edits, lab) : null
      set({
        base,
        edits,
        undoStack,
        redoStack,
        lab,
        compare,
        edited: isEdited(base.scenario, edits),
        cursorMs: clamp(s.cursorMs, cursorBoundsOf({ lab, compare, range: s.range })),
        glide: null,
      })
    }

    const loadBase = (base: Base) => {
      runs = new RecentCache(RECENT_RUNS)
      pairs = new RecentCache(RECENT_RUNS)
      const edits = baseEdits(base.scenario)
      const lab = derive(base, edits)
      const s = get()
      const compare = s.compareMode ? derivePair(edits, lab) : null
      set({
        base,
        edits,
        undoStack: [],
        redoStack: [],
        lab,
        compare,
        edited: false,
        cursorMs: cursorBoundsOf({ lab, compare, range: s.range }).startMs,
        glide: null,
        playing: false,
        selectedMsg: null,
      })
      announce(`Opened “${base.scenario.title ?? 'a custom scenario'}”.`)
    }

    return {
      base: initialBase,
      edits: initialEdits,
      undoStack: [],
      redoStack: [],
      lab: initialLab,
      compare: initialCompare,
      edited: false,
      cursorMs: clamp(init.cursorMs ?? initialBounds.startMs, initialBounds),
      glide: null,
      playing: false,
      speed: clampSpeed(init.speed ?? 1),
      futureMode: init.futureMode ?? 'fade',
      compareMode: init.compareMode ?? false,
      tab: 'state',
      selectedMsg: null,
      notice: init.notice ?? null,
      announcement: { text: '', serial: 0 },
      reducedMotion: init.reducedMotion ?? false,
      theme: init.theme ?? 'auto',
      range: initialRange,
      loop: init.loop ?? false,

      loadPreset: (id) => loadBase(presetBase(id)),
      loadScenario: (scenario) => loadBase(customBase(scenario)),
      editScenario: (scenario, options) => {
        const s = get()
        const edits = scenarioEdits(s.base.scenario, scenario)
        return commit(edits, s.cursorMs, options?.replaceLast === true)
      },
      openScenario: (scenario, options) => {
        const s = get()
        const base = customBase(scenario)
        const edits = baseEdits(scenario)
        const lab = derive(base, edits)
        const compare = s.compareMode ? derivePair(edits, lab) : null
        set({
          base,
          edits,
          undoStack: [...s.undoStack, { base: s.base, edits: s.edits }].slice(-UNDO_LIMIT),
          redoStack: [],
          lab,
          compare,
          edited: false,
          cursorMs: clamp(options?.cursorMs ?? 0, cursorBoundsOf({ lab, compare, range: s.range })),
          glide: null,
          playing: false,
          selectedMsg: null,
        })
        announce(options?.announcement ?? `Opened “${scenario.title ?? 'a custom scenario'}”.`)
      },

      pauseClient: (id, ms) => addFaults([{ atMs: 0, do: 'pause', node: id, ms }]),
      resumeClient: (id) => {
        const s = get()
        const paused = stateAt(s.lab.timeline, origin()).clients.find((c) => c.id === id)?.paused
        if (paused !== true) {
          stepTo(faultTimeMs(origin()), false)
          return
        }
        addFaults([{ atMs: 0, do: 'resume', node: id }])
      },
      crashNode: (id, restartAfterMs) =>
        addFaults([
          restartAfterMs === undefined
            ? { atMs: 0, do: 'crash', node: id }
            : { atMs: 0, do: 'crash', node: id, restartAfterMs },
        ]),
      expireLease: () => addFaults([{ atMs: 0, do: 'expire-lease' }]),
      delayNext: (from, to, ms) => addFaults([{ atMs: 0, do: 'delay', from, to, ms }]),
      dropNext: (from, to) => addFaults([{ atMs: 0, do: 'drop', from, to }]),
      partition: (a, b, ms) => addFaults([{ atMs: 0, do: 'partition', between: [a, b], ms }]),
      clockJump: (node, ms) => addFaults([{ atMs: 0, do: 'clock-jump', node, ms }]),
      actOnMessage: (msg, action) => {
        const s = get()
        const message = s.lab.spans.messages.find((m) => m.msg === msg)
        if (message === undefined) return
        const result = messageFault(message, action, s.lab.spans.messages)
        if ('reason' in result) {
          set({ notice: `That message cannot be changed: ${result.reason}.` })
          return
        }
        if (commit({ ...s.edits, faults: [...s.edits.faults, result.fault] })) {
          set({ selectedMsg: null })
          announce(`${describeFault(result.fault, get().lab.scenario)}.`)
        }
      },
      setFencing: (resource, fencing) => {
        const s = get()
        if (commit({ ...s.edits, fencing: { ...s.edits.fencing, [resource]: fencing } })) {
          announce(`${resource} now uses fencing “${fencing}”; the whole run is recomputed.`)
        }
      },
      removeFault: (index) => {
        const s = get()
        const fault = s.edits.faults[index]
        if (fault === undefined) return
        const faults = s.edits.faults.filter((_, i) => i !== index)
        if (commit({ ...s.edits, faults })) {
          announce(`Removed: ${describeFault(fault, s.lab.scenario)}.`)
        }
      },
      undo: () => {
        const s = get()
        const previous = s.undoStack[s.undoStack.length - 1]
        if (previous === undefined) return
        restore(previous, s.undoStack.slice(0, -1), [
          ...s.redoStack,
          { base: s.base, edits: s.edits },
        ])
        announce('Undone.')
      },
      redo: () => {
        const s = get()
        const next = s.redoStack[s.redoStack.length - 1]
        if (next === undefined) return
        restore(next, [...s.undoStack, { base: s.base, edits: s.edits }], s.redoStack.slice(0, -1))
        announce('Redone.')
      },
      resetEdits: () => {
        const s = get()
        if (!s.edited) return
        commit(baseEdits(s.base.scenario))
        announce('Back to the scenario as written.')
      },

      setCursor: (ms, options) => {
        const s = get()
        const cursorMs = clamp(ms, cursorBoundsOf(s))
        if (cursorMs === s.cursorMs && s.glide === null) return
        set({ cursorMs, glide: null })
        if (options?.announce === true) announce(momentAnnouncement(s.lab, cursorMs))
      },
      stepForward: () =>
        stepTo(minOf(navTimelines(get()).map((t) => nextStopMs(t, origin()))), true),
      stepBack: () =>
        stepTo(maxOf(navTimelines(get()).map((t) => previousStopMs(t, origin()))), true),
      jumpStart: () => stepTo(cursorBoundsOf(get()).startMs, false),
      jumpEnd: () => stepTo(cursorBoundsOf(get()).endMs, false),
      nextProblem: () => {
        const next = minOf(navTimelines(get()).map((t) => nextProblemMs(t, origin())))
        if (next === null) announce('No later violation or rejection.')
        else stepTo(next, false)
      },
      previousProblem: () => {
        const previous = maxOf(navTimelines(get()).map((t) => previousProblemMs(t, origin())))
        if (previous === null) announce('No earlier violation or rejection.')
        else stepTo(previous, false)
      },
      endGlide: () => {
        const glide = get().glide
        if (glide !== null) set({ cursorMs: glide.toMs, glide: null })
      },
      play: () => {
        const s = get()
        const { startMs, endMs } = cursorBoundsOf(s)
        const from = s.glide?.toMs ?? s.cursorMs
        set({ playing: true, glide: null, cursorMs: from >= endMs ? startMs : from })
      },
      pause: (options) => {
        if (!get().playing) return
        set({ playing: false })
        if (options?.announce === true) {
          const s = get()
          announce(`Paused at ${momentAnnouncement(s.lab, s.cursorMs)}`)
        }
      },
      togglePlay: () => {
        if (get().playing) get().pause({ announce: true })
        else get().play()
      },
      setSpeed: (speed) => set({ speed: clampSpeed(speed) }),
      setFutureMode: (futureMode) => set({ futureMode }),
      setCompareMode: (on) => {
        const s = get()
        const compare = on ? derivePair(s.edits, s.lab) : null
        set({
          compareMode: on,
          compare,
          cursorMs: clamp(s.cursorMs, cursorBoundsOf({ lab: s.lab, compare, range: s.range })),
        })
      },
      setTab: (tab) => set({ tab }),
      selectMessage: (selectedMsg) =>
        set(selectedMsg === null ? { selectedMsg } : { selectedMsg, tab: 'break' }),
      dismissNotice: () => set({ notice: null }),
      setReducedMotion: (reducedMotion) =>
        set(reducedMotion ? { reducedMotion, glide: null } : { reducedMotion }),
      setTheme: (theme) => set({ theme }),
      setRange: (range) => {
        const s = get()
        const bounds = cursorBoundsOf({ ...s, range })
        set({ range, cursorMs: clamp(s.cursorMs, bounds), glide: null })
      },
      setLoop: (loop) => set({ loop }),
      announce,
    }
  })
}

/** The lab state at the cursor, as the inspector shows it. */
export function stateAtCursor(s: Pick<LabStoreState, 'lab' | 'cursorMs'>) {
  return stateAt(s.lab.timeline, s.cursorMs)
}

/** How many edits Undo can take back. */
export const UNDO_LIMIT = 200
/** How many derived runs (and compare pairs) are kept for instant undo/redo. */
const RECENT_RUNS = 8

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
