/**
 * The scenario and its history: which scenario is open, the reader's edits to it, undo and redo.
 * Opening another scenario (a preset, an import, a counterexample) is one undoable step.
 */
import type { Scenario } from '../sim'
import type { DangerWindowSpan } from '../timeline'
import type { ComparePair } from './derivation'
import type { LabRun } from './derive'
import type { Edits } from './edits'
import { baseEdits, scenarioEdits } from './edits'
import type { Base, HistoryEntry } from './history'
import { customBase, historyBase, presetBase, recorded } from './history'
import type { HistoryStatus, OpenedHistory } from './openedHistory'
import { historyTitle } from './openedHistory'
import type { LabSlice } from './slice'

export interface ScenarioSlice {
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
  /** A real history being read, or why the last one could not be opened (null: neither). */
  historyStatus: HistoryStatus | null

  /** Opens a preset as an undoable step (Undo returns to the scenario and edits open before). */
  loadPreset: (id: string) => void
  /** Opens a validated scenario as an undoable step, at the start. */
  loadScenario: (scenario: Scenario) => void
  /**
   * Replaces the whole scenario as one undoable edit (the scenario editor); the cursor stays.
   * With `replaceLast`, it replaces the current edits without a new undo step (a live preview
   * while the author types). Returns false (with a notice) if the scenario is invalid.
   */
  editScenario: (scenario: Scenario, options?: { replaceLast?: boolean }) => boolean
  /**
   * Opens a validated scenario as an undoable step (Undo returns to the scenario and edits open
   * before), with the cursor at `cursorMs` and `announcement` said after it.
   */
  openScenario: (
    scenario: Scenario,
    options?: {
      cursorMs?: number
      announcement?: string
      /** A real system's danger windows in this scenario (its profile's, see Base). */
      dangerWindows?: readonly DangerWindowSpan[]
    },
  ) => void
  /**
   * Opens a real history (read and judged off the store: src/history, in a worker) as an undoable
   * step, at its start. The one road by which a history becomes the lab's state.
   */
  openHistory: (history: OpenedHistory) => void
  /** Says that a history is being read, or why it could not be opened (the lab is unchanged). */
  setHistoryStatus: (status: HistoryStatus | null) => void
  undo: () => void
  redo: () => void
  resetEdits: () => void
}

/** The fields this slice starts with, derived once by the store (see createLabStore). */
type ScenarioFields = Omit<ScenarioSlice, keyof ScenarioActions>
type ScenarioActions = Pick<
  ScenarioSlice,
  | 'loadPreset'
  | 'loadScenario'
  | 'editScenario'
  | 'openScenario'
  | 'openHistory'
  | 'setHistoryStatus'
  | 'undo'
  | 'redo'
  | 'resetEdits'
>

export const createScenarioSlice =
  (initial: ScenarioFields): LabSlice<ScenarioSlice> =>
  (kit) =>
  (set, get) => {
    const opened = (base: Base) => `Opened “${base.scenario.title ?? 'a custom scenario'}”.`

    /** Opens `base` as a new step, the cursor at `cursorMs` (clamped), playback stopped. */
    const open = (base: Base, cursorMs: number, announcement = opened(base)) => {
      const s = get()
      const step = { base, edits: baseEdits(base.scenario), cursorMs }
      if (kit.update(step, { ...recorded(s), playing: false, selectedMsg: null })) {
        kit.announce(announcement)
      }
    }

    /** Returns to a step of the history (undo or redo); the cursor stays where it is. */
    const restore = (entry: HistoryEntry, stacks: Pick<ScenarioSlice, 'undoStack' | 'redoStack'>) =>
      kit.update({ base: entry.base, edits: entry.edits }, stacks)

    return {
      ...initial,

      loadPreset: (id) => {
        const s = get()
        const base = presetBase(id)
        // The preset that is open, unedited: nothing to undo, only back to its start.
        if (s.base.kind === 'preset' && s.base.preset.id === base.preset.id && !s.edited) {
          if (kit.update({ cursorMs: 0 }, { playing: false })) kit.announce(opened(s.base))
          return
        }
        open(base, 0)
      },
      loadScenario: (scenario) => open(customBase(scenario), 0),
      openScenario: (scenario, options) =>
        open(
          customBase(scenario, options?.dangerWindows),
          options?.cursorMs ?? 0,
          options?.announcement,
        ),
      openHistory: (history) => {
        const { result } = history.judgement
        const n = result.violations.length
        const verdict = n === 0 ? `no violation found` : `${n} violation${n === 1 ? '' : 's'} found`
        set({ historyStatus: null })
        open(
          historyBase(history),
          0,
          `Opened the real history “${historyTitle(history)}”: ${verdict}.`,
        )
      },
      setHistoryStatus: (historyStatus) => set({ historyStatus }),
      editScenario: (scenario, options) => {
        const s = get()
        const edits = scenarioEdits(s.base.scenario, scenario)
        return kit.update({ edits }, options?.replaceLast === true ? {} : recorded(s))
      },
      undo: () => {
        const s = get()
        const previous = s.undoStack.at(-1)
        if (previous === undefined) return
        const redoStack = [...s.redoStack, { base: s.base, edits: s.edits }]
        if (restore(previous, { undoStack: s.undoStack.slice(0, -1), redoStack })) {
          kit.announce('Undone.')
        }
      },
      redo: () => {
        const s = get()
        const next = s.redoStack.at(-1)
        if (next === undefined) return
        const undoStack = [...s.undoStack, { base: s.base, edits: s.edits }]
        if (restore(next, { undoStack, redoStack: s.redoStack.slice(0, -1) })) {
          kit.announce('Redone.')
        }
      },
      resetEdits: () => {
        const s = get()
        if (!s.edited) return
        if (kit.update({ edits: baseEdits(s.base.scenario) }, recorded(s))) {
          kit.announce('Back to the scenario as written.')
        }
      },
    }
  }
