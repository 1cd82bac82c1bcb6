/**
 * One lab's state: a zustand vanilla store per lab instance (a blog post may hold several labs,
 * so there is no module-level store), made of slices (zustand's slices pattern): the scenario
 * and its history, the reader's interventions, the cursor and playback, and the view. Every
 * change to the lab's inputs goes through one derivation (derivation.ts); what components read
 * is in selectors.ts.
 */
import { createStore } from 'zustand/vanilla'
import type { StoreApi } from 'zustand/vanilla'
import type { PresetId, Scenario } from '../sim'
import { DEFAULT_PRESET_ID } from '../sim'
import type { Timeline } from '../timeline'
import type { CursorSlice } from './cursorSlice'
import type { PlayMode } from './cursorSlice'
import { clampSpeed, createCursorSlice } from './cursorSlice'
import type { Derived, Inputs } from './derivation'
import { createDeriver } from './derivation'
import { applyEdits, baseEdits } from './edits'
import type { LabHistory } from './history'
import { customBase, presetBase } from './history'
import type { RunClient } from '../explore/runJob'
import type { InterventionSlice } from './interventionSlice'
import type { createLargeRuns, LargeRunSlice } from './largeRun'
import { createInterventionSlice } from './interventionSlice'
import type { ScenarioSlice } from './scenarioSlice'
import { createScenarioSlice } from './scenarioSlice'
import { spreadSet } from './spreadSet'
import type { CursorRange } from './selectors'
import type { LabKit } from './slice'
import type { FutureMode, Theme, ViewSlice } from './viewSlice'
import { createViewSlice } from './viewSlice'

export type { ComparePair } from './derivation'
export type { Base, HistoryEntry, LabHistory } from './history'
export { UNDO_LIMIT } from './history'
export type { CursorRange } from './selectors'
export { cursorBoundsOf, endMsOf, stateAtCursor } from './selectors'
export type { PlayMode } from './cursorSlice'
export { MAX_SPEED, MIN_SPEED, SPEEDS, storyEventAtCursor, storyLineAtCursor } from './cursorSlice'
export type { FutureMode, LabTab, Theme } from './viewSlice'

export interface LabInit {
  /** A preset id (default: gc-pause) or a validated custom scenario. */
  preset?: PresetId
  scenario?: Scenario
  /**
   * A history to continue (e.g. kept across a reload of the same tab): used only when its
   * current step shows the same scenario as `preset`/`scenario`, which the address decides.
   */
  history?: LabHistory | null
  cursorMs?: number
  /**
   * The message for the reader (e.g. what was wrong with the link). As a function it is told
   * what was wrong with the range `findRange` found, so the lab opens with one notice.
   */
  notice?: string | null | ((rangeProblems: readonly string[]) => string | null)
  reducedMotion?: boolean
  speed?: number
  futureMode?: FutureMode
  playMode?: PlayMode
  compareMode?: boolean
  theme?: Theme
  /** Keep the cursor inside this stretch (default: the whole run). */
  range?: CursorRange | null
  /**
   * Finds the range in the run the lab opens with (an embed's `from=step:3` needs the run's
   * steps), when `range` is not given; its problems go to `notice`.
   */
  findRange?: (timeline: Timeline) => { range: CursorRange | null; problems: readonly string[] }
  /** Playback starts over at the range's start when it reaches its end. */
  loop?: boolean
  /**
   * Computes runs too heavy for a frame off the page's thread: the lab page passes the large-run
   * controller (largeRun.ts) and a Web Worker's client, made on first use. Without it every run
   * is derived in place, as before (and the controller's code stays out of the embeds' bundles).
   */
  background?: { createLargeRuns: typeof createLargeRuns; runner: () => Promise<RunClient> }
}

export type LabStoreState = ScenarioSlice &
  InterventionSlice &
  CursorSlice &
  ViewSlice &
  LargeRunSlice

export type LabStore = StoreApi<LabStoreState>

export function createLabStore(init: LabInit = {}): LabStore {
  const derive = createDeriver()
  const { background } = init
  // A heavy link opens behind the default scenario, then goes the background road like an edit.
  // The history is made once: making it validates its scenario (a preset's too), which the
  // page's first task did twice, some 10 ms of a cold start.
  const opened = openingHistory(init)
  const deferred = background === undefined || derive.plan(opened) === null ? null : opened
  const shown = deferred === null ? init : defaultInit(init)
  const start = startingPoint(shown, deferred === null ? opened : openingHistory(shown), derive)
  // Set by the store's creator, which holds the door; called once the store exists.
  const opening: { open: (() => void) | null } = { open: null }
  // True while the door takes the heavy link's change: its run is the lab's first (PendingRun).
  let openingRun = false

  const store = createStore<LabStoreState>()(
    spreadSet((set, get, api) => {
      const large =
        background === undefined
          ? null
          : background.createLargeRuns({
              get,
              set,
              update: (change, also) => kit.update(change, also),
              announce: (text) => kit.announce(text),
              accept: (heavy, lab) => derive.accept(heavy, lab),
              runner: background.runner,
            })
      const kit: LabKit = {
        update: (change, also) => {
          const s = get()
          const inputs: Inputs = {
            base: s.base,
            edits: s.edits,
            compareMode: s.compareMode,
            range: s.range,
            cursorMs: s.cursorMs,
            ...change,
          }
          if (large !== null && large.handle(derive.plan(inputs), change, also, openingRun)) {
            return true
          }
          const derivation = derive(inputs)
          if (!derivation.ok) {
            set({ notice: `That change cannot be made: ${derivation.message}` })
            return false
          }
          // A new run has new captions: the story line the reader was on belongs to the old one.
          const story = derivation.derived.lab === s.lab ? {} : { storyLine: null }
          set({ ...change, glide: null, ...story, ...derivation.derived, ...also })
          return true
        },
        announce: (text) =>
          set((s) => ({ announcement: { text, serial: s.announcement.serial + 1 } })),
      }
      const { history, derived, range, notice } = start
      if (deferred !== null) {
        opening.open = () => {
          openingRun = true
          try {
            kit.update(
              { base: deferred.base, edits: deferred.edits, cursorMs: init.cursorMs ?? 0 },
              { undoStack: deferred.undoStack, redoStack: deferred.redoStack },
            )
          } finally {
            openingRun = false
          }
        }
      }
      return {
        pendingRun: null,
        ...(large?.slice ?? NO_LARGE_RUNS),
        ...createScenarioSlice({ ...history, ...derived, historyStatus: null })(kit)(set, get, api),
        ...createInterventionSlice(kit)(set, get, api),
        ...createCursorSlice({
          cursorMs: derived.cursorMs,
          speed: clampSpeed(init.speed ?? 1),
          range,
          loop: init.loop ?? false,
          playMode: init.playMode ?? 'story',
        })(kit)(set, get, api),
        ...createViewSlice({
          futureMode: init.futureMode ?? 'fade',
          compareMode: init.compareMode ?? false,
          notice,
          reducedMotion: init.reducedMotion ?? false,
          theme: init.theme ?? 'auto',
        })(kit)(set, get, api),
      }
    }),
  )
  opening.open?.()
  return store
}

/** A lab without a background runner derives every run in place: nothing to ask or cancel. */
const NO_LARGE_RUNS = {
  runLarge: () => {},
  shortenLarge: () => {},
  cancelRun: () => {},
  releaseWorker: () => {},
}

/** The history a lab opens with: `init`'s own, when it still shows the scenario asked for. */
function openingHistory(init: LabInit): LabHistory {
  const base =
    init.scenario !== undefined
      ? customBase(init.scenario)
      : presetBase(init.preset ?? DEFAULT_PRESET_ID)
  return continues(init.history, base) ? init.history : freshHistory(base)
}

function freshHistory(base: LabHistory['base']): LabHistory {
  return { base, edits: baseEdits(base.scenario), undoStack: [], redoStack: [] }
}

/** `init` opening the default scenario instead (the heavy one follows in the background). */
function defaultInit(init: LabInit): LabInit {
  const {
    scenario: _scenario,
    preset: _preset,
    history: _history,
    cursorMs: _cursorMs,
    ...rest
  } = init
  return { ...rest, preset: DEFAULT_PRESET_ID }
}

/** What a new lab opens with: its history, the derived state, the range and the one notice. */
interface Start {
  history: LabHistory
  derived: Derived
  range: CursorRange | null
  notice: string | null
}

/** The history and derived state a new lab opens with (through the same derivation). */
function startingPoint(
  init: LabInit,
  history: LabHistory,
  derive: ReturnType<typeof createDeriver>,
): Start {
  const opened = openedWith(init, history, derive)
  if (opened !== null) return opened
  // Callers pass validated scenarios; should one still fail, the reader gets the default and why.
  const retried = openedWith(init, freshHistory(presetBase(DEFAULT_PRESET_ID)), derive)
  if (retried === null) throw new Error('the default preset cannot run')
  const failure = derive(inputsOf(init, history, init.range ?? null))
  const why = failure.ok ? '' : `: ${failure.message}`
  const notice = `This scenario could not be opened${why}. Showing the default scenario.`
  return { ...retried, notice }
}

/** `history` opened with `init`'s range (given, or found in its run); null when it cannot run. */
function openedWith(
  init: LabInit,
  history: LabHistory,
  derive: ReturnType<typeof createDeriver>,
): Start | null {
  const given = init.range ?? null
  const first = derive(inputsOf(init, history, given))
  if (!first.ok) return null
  const found =
    given === null && init.findRange !== undefined
      ? init.findRange(first.derived.lab.timeline)
      : { range: given, problems: [] }
  const notice =
    typeof init.notice === 'function' ? init.notice(found.problems) : (init.notice ?? null)
  if (found.range === given) return { history, derived: first.derived, range: given, notice }
  // The run is cached, so placing the cursor in the range found does not run it again.
  const placed = derive(inputsOf(init, history, found.range))
  if (!placed.ok) return null
  return { history, derived: placed.derived, range: found.range, notice }
}

function inputsOf(init: LabInit, history: LabHistory, range: CursorRange | null): Inputs {
  return {
    base: history.base,
    edits: history.edits,
    compareMode: init.compareMode ?? false,
    range,
    cursorMs: init.cursorMs ?? range?.fromMs ?? 0,
  }
}

/** True when `history`'s current step shows the scenario the lab opens with. */
function continues(
  history: LabHistory | null | undefined,
  base: LabHistory['base'],
): history is LabHistory {
  if (history === null || history === undefined) return false
  return canonical(applyEdits(history.base.scenario, history.edits)) === canonical(base.scenario)
}

/** JSON with keys sorted, so two equal scenarios compare equal however their keys were ordered. */
function canonical(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    v !== null && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : v,
  )
}
