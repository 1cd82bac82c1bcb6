/**
 * The reader's history: which scenario the edits apply to (`Base`), and the undo and redo stacks
 * of `{ base, edits }` steps. Opening another scenario (a preset, an import, a counterexample) is
 * a step like any edit, so one Undo returns to the scenario open before, with its edits.
 */
import type { Preset, Scenario } from '../sim'
import { DEFAULT_PRESET_ID, findPreset, parseScenario } from '../sim'
import type { DangerWindowSpan } from '../timeline'
import type { Edits } from './edits'
import type { OpenedHistory } from './openedHistory'

/** The scenario the reader's edits apply to. */
export type Base =
  | { kind: 'preset'; preset: Preset; scenario: Scenario }
  /**
   * A scenario from a link; `preset` is the preset it was made from (same id), for its notes.
   * `dangerWindows`: opened from a real system's profile ("Model my setup"), the windows the
   * profile derived for this very scenario, drawn on the timeline while it is not edited.
   */
  | {
      kind: 'custom'
      scenario: Scenario
      preset: Preset | null
      dangerWindows?: readonly DangerWindowSpan[]
    }
  /** A real history (src/history): drawn and judged, never re-run; `scenario` only names its lanes. */
  | { kind: 'history'; scenario: Scenario; preset: null; history: OpenedHistory }

/** One step of the history: the edits and the base they apply to. */
export interface HistoryEntry {
  base: Base
  edits: Edits
}

/** The history a lab can start from (e.g. kept across a reload of the same tab). */
export interface LabHistory extends HistoryEntry {
  undoStack: readonly HistoryEntry[]
  redoStack: readonly HistoryEntry[]
}

/** How many steps Undo can take back. */
export const UNDO_LIMIT = 200

/** The undo and redo stacks once the step `from` is left for a new one. */
export function recorded(from: LabHistory): Pick<LabHistory, 'undoStack' | 'redoStack'> {
  return {
    undoStack: [...from.undoStack, { base: from.base, edits: from.edits }].slice(-UNDO_LIMIT),
    redoStack: [],
  }
}

/** A preset's base (the default preset for an unknown id). */
export function presetBase(id: string): Extract<Base, { kind: 'preset' }> {
  const preset = findPreset(id) ?? findPreset(DEFAULT_PRESET_ID)
  if (preset === undefined) throw new Error('the default preset is missing')
  const parsed = parseScenario(preset.scenario)
  // Presets are checked by their own tests; a failure here is a bug in the build, not input.
  if (!parsed.ok) throw new Error(`preset ${preset.id} is invalid: ${parsed.message}`)
  return { kind: 'preset', preset, scenario: parsed.scenario }
}

/** A validated scenario's base; a scenario carrying a preset's id keeps that preset's notes. */
export function customBase(
  scenario: Scenario,
  dangerWindows: readonly DangerWindowSpan[] = [],
): Base {
  const preset = scenario.id === undefined ? undefined : findPreset(scenario.id)
  const base: Base = { kind: 'custom', scenario, preset: preset ?? null }
  return dangerWindows.length === 0 ? base : { ...base, dangerWindows }
}

/** A real history's base. */
export function historyBase(history: OpenedHistory): Extract<Base, { kind: 'history' }> {
  return { kind: 'history', scenario: history.judgement.run.scenario, preset: null, history }
}
