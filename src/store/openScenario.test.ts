import { describe, expect, it } from 'vitest'
import type { Scenario } from '../sim'
import { check, findPreset, parseScenario, run } from '../sim'
import type { LabStore } from './labStore'
import { createLabStore } from './labStore'
import type { HistoryRecord } from './historyRecord'
import { historyRecord, readHistoryRecord } from './historyRecord'
import { shownDangerWindows } from './selectors'

function labOf(preset: string): LabStore {
  return createLabStore({ preset: preset as never, reducedMotion: true })
}

/** gc-pause-unfenced's configuration with one long pause of A: a stale write lands. */
function staleWriteScenario(): Scenario {
  const parsed = parseScenario({
    ...(findPreset('gc-pause-unfenced')?.scenario as object),
    id: undefined,
    narration: undefined,
    title: 'Counterexample: GC pause without fencing',
    faults: [{ atMs: 1000, do: 'pause', node: 'A', ms: 15_000 }],
  })
  if (!parsed.ok) throw new Error(parsed.message)
  return parsed.scenario
}

describe('openScenario: a scenario opened as an undoable edit', () => {
  it('opens the scenario with the cursor where asked, and says so', () => {
    const store = labOf('gc-pause')
    const scenario = staleWriteScenario()
    const violation = check(run(scenario)).violations[0]
    expect(violation?.kind).toBe('token-order')
    store.getState().openScenario(scenario, {
      cursorMs: violation?.atMs ?? 0,
      announcement: 'Opened the counterexample.',
    })
    const s = store.getState()
    expect(s.base).toMatchObject({ kind: 'custom', preset: null })
    expect(s.lab.scenario).toEqual(scenario)
    expect(s.cursorMs).toBe(violation?.atMs)
    expect(s.edited).toBe(false)
    expect(s.lab.findings.violations.map((v) => v.kind)).toContain('token-order')
    expect(s.announcement.text).toBe('Opened the counterexample.')
    expect(s.undoStack).toHaveLength(1)
  })

  it('Undo returns to the scenario and the edits open before; Redo opens it again', () => {
    const store = labOf('gc-pause')
    store.getState().setCursor(3000)
    store.getState().expireLease()
    const before = store.getState()
    const scenario = staleWriteScenario()
    store.getState().openScenario(scenario, { cursorMs: 16_005 })
    const opened = store.getState().lab

    store.getState().undo()
    let s = store.getState()
    expect(s.base).toBe(before.base)
    expect(s.edits).toBe(before.edits)
    expect(s.lab).toBe(before.lab)
    expect(s.edited).toBe(true)
    // The expiry the reader added before is still undoable after that.
    expect(s.undoStack).toHaveLength(1)

    store.getState().redo()
    s = store.getState()
    expect(s.base.scenario).toBe(scenario)
    expect(s.lab).toBe(opened)
    expect(s.edited).toBe(false)

    // Two undos go all the way back to the preset as written.
    store.getState().undo()
    store.getState().undo()
    s = store.getState()
    expect(s.base.kind).toBe('preset')
    expect(s.edited).toBe(false)
    expect(s.undoStack).toEqual([])
    expect(s.redoStack).toHaveLength(2)
  })

  it('edits made after opening apply to the opened scenario and undo one at a time', () => {
    const store = labOf('gc-pause')
    store.getState().openScenario(staleWriteScenario(), { cursorMs: 500 })
    store.getState().pauseClient('B', 2000)
    let s = store.getState()
    expect(s.edited).toBe(true)
    expect(s.lab.scenario.title).toBe('Counterexample: GC pause without fencing')
    expect(s.lab.scenario.faults).toHaveLength(2)
    store.getState().undo()
    s = store.getState()
    expect(s.lab.scenario.faults).toHaveLength(1)
    expect(s.base.kind).toBe('custom')
    store.getState().undo()
    expect(store.getState().lab.scenario.id).toBe('gc-pause')
  })

  it('picking a preset is an undoable step too, back to the scenario and edits before', () => {
    const store = labOf('gc-pause')
    store.getState().openScenario(staleWriteScenario())
    store.getState().setCursor(3000)
    store.getState().expireLease()
    const before = store.getState()
    store.getState().loadPreset('lock-delay')
    let s = store.getState()
    expect(s.lab.scenario.id).toBe('lock-delay')
    expect(s.cursorMs).toBe(0)
    expect(s.edited).toBe(false)
    expect(s.undoStack).toHaveLength(3)
    store.getState().undo()
    s = store.getState()
    expect(s.base).toBe(before.base)
    expect(s.edits).toBe(before.edits)
    expect(s.lab).toBe(before.lab)
    expect(s.edited).toBe(true)
    store.getState().redo()
    expect(store.getState().lab.scenario.id).toBe('lock-delay')
  })

  it('picking the preset that is open, unedited, only returns to its start', () => {
    const store = labOf('gc-pause')
    store.getState().setCursor(5000)
    store.getState().loadPreset('gc-pause')
    expect(store.getState().undoStack).toEqual([])
    expect(store.getState().cursorMs).toBe(0)
  })

  it('clamps the cursor to the opened run', () => {
    const store = labOf('gc-pause')
    store.getState().openScenario(staleWriteScenario(), { cursorMs: 1e12 })
    expect(store.getState().cursorMs).toBe(store.getState().lab.run.endMs)
  })
})

describe('a system scenario’s danger windows', () => {
  const windows = [
    {
      id: 'stale-holder',
      label: 'split brain',
      words: 'A keeps acting.',
      fromMs: 16_000,
      toMs: 16_010,
    },
  ]

  it('are drawn while the scenario is as opened, not once it is edited, and again after Undo', () => {
    const store = labOf('gc-pause')
    expect(shownDangerWindows(store.getState())).toEqual([])
    store.getState().openScenario(staleWriteScenario(), { dangerWindows: windows })
    expect(shownDangerWindows(store.getState())).toEqual(windows)
    store.getState().pauseClient('B', 2000)
    expect(shownDangerWindows(store.getState())).toEqual([])
    store.getState().undo()
    expect(shownDangerWindows(store.getState())).toEqual(windows)
    // Another scenario opened without windows has none.
    store.getState().openScenario(staleWriteScenario())
    expect(shownDangerWindows(store.getState())).toEqual([])
  })

  it('are kept with the scenario across a reload of the tab (the history record)', () => {
    const store = labOf('gc-pause')
    store.getState().openScenario(staleWriteScenario(), { dangerWindows: windows })
    const s = store.getState()
    const record = JSON.parse(JSON.stringify(historyRecord(s))) as HistoryRecord
    const read = readHistoryRecord(record)
    expect(read?.base).toMatchObject({ kind: 'custom', dangerWindows: windows })
    // A record with damaged windows is not read (the lab starts afresh rather than draw junk).
    record.bases[record.current.base] = {
      scenario: s.base.scenario,
      dangerWindows: [{ id: 'x', fromMs: 5, toMs: 1 }],
    }
    expect(readHistoryRecord(record)).toBeNull()
  })
})
