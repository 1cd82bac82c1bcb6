/**
 * A lab's history as plain JSON, to keep it across a reload of the same tab (the lab page stores
 * it in sessionStorage; embeds store nothing). Each distinct base is written once (a preset by
 * its id) and the steps refer to it by index. Reading checks the record's shape and every base; a
 * step's edits are checked again by the derivation when the reader returns to it, so a damaged
 * step gives a notice, never a broken lab.
 */
import type { Fault, Scenario } from '../sim'
import { DEFAULT_PRESET_ID, findPreset, parseScenario } from '../sim'
import { readDangerWindowSpans } from '../timeline'
import type { Edits, Fencing } from './edits'
import { FENCING_MODES } from './edits'
import type { Base, HistoryEntry, LabHistory } from './history'
import { customBase, presetBase, UNDO_LIMIT } from './history'

export const HISTORY_RECORD_VERSION = 1

type BaseRecord = { preset: string } | { scenario: unknown; dangerWindows?: unknown }
interface StepRecord {
  base: number
  edits: { faults: unknown[]; fencing: Record<string, unknown>; scenario?: unknown }
}
export interface HistoryRecord {
  version: typeof HISTORY_RECORD_VERSION
  bases: BaseRecord[]
  current: StepRecord
  undo: StepRecord[]
  redo: StepRecord[]
}

/** The history as a record; `keepUndo` bounds how many undo steps it keeps (the newest). */
export function historyRecord(full: LabHistory, keepUndo = UNDO_LIMIT): HistoryRecord {
  const history = withoutRealHistories(full)
  const bases: BaseRecord[] = []
  const index = new Map<Base, number>()
  const step = ({ base, edits }: HistoryEntry): StepRecord => {
    let i = index.get(base)
    if (i === undefined) {
      i = bases.length
      index.set(base, i)
      bases.push(
        base.kind === 'preset'
          ? { preset: base.preset.id }
          : base.kind !== 'custom' || base.dangerWindows === undefined
            ? { scenario: base.scenario }
            : { scenario: base.scenario, dangerWindows: base.dangerWindows },
      )
    }
    return { base: i, edits: edits as StepRecord['edits'] }
  }
  return {
    version: HISTORY_RECORD_VERSION,
    current: step(history),
    undo: keepUndo <= 0 ? [] : history.undoStack.slice(-keepUndo).map(step),
    redo: history.redoStack.map(step),
    bases,
  }
}

/**
 * The steps that showed a real history are left out: a history can be megabytes, and it stays in
 * the page that opened it (nothing of it is stored). A reload returns to the step before it.
 */
function withoutRealHistories(history: LabHistory): LabHistory {
  const simulated = (step: HistoryEntry) => step.base.kind !== 'history'
  const undoStack = history.undoStack.filter(simulated)
  const redoStack = history.redoStack.filter(simulated)
  if (simulated(history)) return { ...history, undoStack, redoStack }
  const before = undoStack.at(-1)
  if (before !== undefined) return { ...before, undoStack: undoStack.slice(0, -1), redoStack }
  const base = presetBase(DEFAULT_PRESET_ID)
  return { base, edits: { faults: base.scenario.faults, fencing: {} }, undoStack, redoStack }
}

/** The history a record holds, or null when it is not one this version wrote intact. */
export function readHistoryRecord(value: unknown): LabHistory | null {
  if (!isObject(value) || value.version !== HISTORY_RECORD_VERSION) return null
  if (!Array.isArray(value.bases) || !Array.isArray(value.undo) || !Array.isArray(value.redo)) {
    return null
  }
  const bases: Base[] = []
  for (const record of value.bases as unknown[]) {
    const base = readBase(record)
    if (base === null) return null
    bases.push(base)
  }
  const step = (record: unknown): HistoryEntry | null => {
    if (!isObject(record) || typeof record.base !== 'number') return null
    const base = bases[record.base]
    const edits = readEdits(record.edits)
    return base === undefined || edits === null ? null : { base, edits }
  }
  const current = step(value.current)
  const undoStack = (value.undo as unknown[]).map(step)
  const redoStack = (value.redo as unknown[]).map(step)
  if (current === null || undoStack.includes(null) || redoStack.includes(null)) return null
  return {
    ...current,
    undoStack: (undoStack as HistoryEntry[]).slice(-UNDO_LIMIT),
    redoStack: redoStack as HistoryEntry[],
  }
}

function readBase(record: unknown): Base | null {
  if (!isObject(record)) return null
  if (typeof record.preset === 'string') {
    return findPreset(record.preset) === undefined ? null : presetBase(record.preset)
  }
  const parsed = parseScenario(record.scenario)
  if (!parsed.ok) return null
  if (record.dangerWindows === undefined) return customBase(parsed.scenario)
  const windows = readDangerWindowSpans(record.dangerWindows)
  return windows === null ? null : customBase(parsed.scenario, windows)
}

function readEdits(record: unknown): Edits | null {
  if (!isObject(record) || !Array.isArray(record.faults) || !isObject(record.fencing)) return null
  if (!record.faults.every(isObject)) return null
  const fencing = Object.values(record.fencing)
  if (!fencing.every((f) => FENCING_MODES.includes(f as Fencing))) return null
  if (record.scenario !== undefined && !isObject(record.scenario)) return null
  // The faults and a rewritten scenario are checked by the derivation (with the base applied).
  const edits: Edits = {
    faults: record.faults as unknown as Fault[],
    fencing: record.fencing as Record<string, Fencing>,
  }
  return record.scenario === undefined
    ? edits
    : { ...edits, scenario: record.scenario as unknown as Scenario }
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}
