// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { Scenario } from '../sim'
import { parseScenario } from '../sim'
import type { LabStore } from '../store'
import { createLabStore, historyRecord } from '../store'
import { HISTORY_KEY, readSessionHistory } from './sessionHistory'
import { HISTORY_WRITE_MS, keepSessionHistory, writeSessionHistory } from './sessionHistoryWrite'

/** The scenario a reload reads from the address: the lab's, through the link's JSON. */
function addressOf(store: LabStore): Scenario {
  const parsed = parseScenario(JSON.parse(JSON.stringify(store.getState().lab.scenario)))
  if (!parsed.ok) throw new Error(parsed.message)
  return parsed.scenario
}

/** A lab with two edits, then another preset picked: three steps to undo. */
function workedLab(): LabStore {
  const store = createLabStore({ reducedMotion: true })
  store.getState().setCursor(3000)
  store.getState().expireLease()
  store.getState().pauseClient('A', 2000)
  store.getState().loadPreset('lock-delay')
  store.getState().setCursor(2000)
  store.getState().crashNode('lock', 500)
  return store
}

afterEach(() => {
  vi.restoreAllMocks()
  vi.useRealTimers()
  sessionStorage.clear()
})

describe('the lab page keeps its history across a reload of the tab', () => {
  it('a reload showing the same scenario continues the history: Undo goes back across the preset pick', () => {
    vi.useFakeTimers()
    const before = workedLab()
    const stop = keepSessionHistory(before, sessionStorage)
    before.getState().dismissNotice()
    vi.advanceTimersByTime(HISTORY_WRITE_MS)
    stop()

    const after = createLabStore({
      scenario: addressOf(before),
      history: readSessionHistory(sessionStorage),
      reducedMotion: true,
    })
    let s = after.getState()
    expect(s.base.kind).toBe('preset')
    expect(s.lab.scenario).toEqual(before.getState().lab.scenario)
    expect(s.undoStack).toHaveLength(before.getState().undoStack.length)
    expect(s.edited).toBe(true)

    s.undo() // the crash
    s.undo() // the pick of lock-delay
    s = after.getState()
    expect(s.lab.scenario.id).toBe('gc-pause')
    expect(s.edits.faults.map((f) => f.do)).toEqual(['pause', 'expire-lease', 'pause'])
    s.redo()
    expect(after.getState().lab.scenario.id).toBe('lock-delay')
  })

  it('writes in an idle moment after the wait, never in the timer that ends it', () => {
    vi.useFakeTimers()
    const idle: Array<() => void> = []
    vi.stubGlobal('requestIdleCallback', (task: () => void) => idle.push(task))
    vi.stubGlobal('cancelIdleCallback', (handle: number) => idle.splice(handle - 1, 1, () => {}))
    try {
      const store = createLabStore({ reducedMotion: true })
      const stop = keepSessionHistory(store, sessionStorage)
      store.getState().setCursor(3000)
      store.getState().expireLease()
      vi.advanceTimersByTime(HISTORY_WRITE_MS)
      expect(readSessionHistory(sessionStorage)?.undoStack).toHaveLength(0)
      expect(idle).toHaveLength(1)
      idle[0]?.()
      expect(readSessionHistory(sessionStorage)?.undoStack).toHaveLength(1)
      // A change waiting for its idle moment is written at once when the page goes away.
      store.getState().pauseClient('A', 1000)
      vi.advanceTimersByTime(HISTORY_WRITE_MS)
      expect(idle).toHaveLength(2)
      dispatchEvent(new Event('pagehide'))
      expect(readSessionHistory(sessionStorage)?.undoStack).toHaveLength(2)
      stop()
    } finally {
      vi.unstubAllGlobals()
    }
  })

  it('writes after a burst of edits settles, and at once on pagehide', () => {
    vi.useFakeTimers()
    const store = createLabStore({ reducedMotion: true })
    const stop = keepSessionHistory(store, sessionStorage)
    store.getState().setCursor(3000)
    store.getState().expireLease()
    expect(readSessionHistory(sessionStorage)?.undoStack).toHaveLength(0)
    dispatchEvent(new Event('pagehide'))
    expect(readSessionHistory(sessionStorage)?.undoStack).toHaveLength(1)
    store.getState().loadPreset('lock-delay')
    vi.advanceTimersByTime(HISTORY_WRITE_MS)
    expect(readSessionHistory(sessionStorage)?.undoStack).toHaveLength(2)
    stop()
  })

  it('an address showing another scenario starts a fresh history', () => {
    writeSessionHistory(sessionStorage, workedLab().getState())
    const store = createLabStore({
      preset: 'gc-pause',
      history: readSessionHistory(sessionStorage),
    })
    expect(store.getState().undoStack).toEqual([])
    expect(store.getState().lab.scenario.id).toBe('gc-pause')
  })

  it('ignores a damaged or foreign record', () => {
    const good = historyRecord(workedLab().getState())
    const damaged: unknown[] = [
      'not json {',
      JSON.stringify({ ...good, version: 2 }),
      JSON.stringify({ ...good, bases: [{ preset: 'no-such-preset' }] }),
      JSON.stringify({ ...good, bases: [{ scenario: { clients: 'none' } }] }),
      JSON.stringify({ ...good, current: { base: 7, edits: good.current.edits } }),
      JSON.stringify({ ...good, undo: [{ base: 0, edits: { faults: 3, fencing: {} } }] }),
      JSON.stringify({ ...good, redo: [{ base: 0, edits: { faults: [], fencing: { s: 'x' } } }] }),
      JSON.stringify(null),
    ]
    for (const text of damaged) {
      sessionStorage.setItem(HISTORY_KEY, text as string)
      expect(readSessionHistory(sessionStorage)).toBeNull()
    }
  })

  it('a step whose edits the engine refuses gives a notice on Undo, not a broken lab', () => {
    const record = historyRecord(workedLab().getState())
    const broken = { faults: [{ atMs: -4, do: 'explode' }], fencing: {} }
    record.undo = [...record.undo.slice(0, -1), { base: 0, edits: broken }]
    sessionStorage.setItem(HISTORY_KEY, JSON.stringify(record))
    const history = readSessionHistory(sessionStorage)
    expect(history).not.toBeNull()
    const store = createLabStore({ scenario: addressOf(workedLab()), history })
    const lab = store.getState().lab
    store.getState().undo()
    expect(store.getState().notice).toMatch(/^That change cannot be made: /)
    expect(store.getState().lab).toBe(lab)
  })

  it('survives full, refusing and disabled storage', () => {
    const store = workedLab()
    // Full: a shorter history is written instead (the newest steps kept).
    const limit = JSON.stringify(historyRecord(store.getState(), 1)).length
    const full = fakeStorage((value) => {
      if (value.length > limit) throw new DOMException('full', 'QuotaExceededError')
    })
    expect(writeSessionHistory(full, store.getState())).toBe(true)
    expect(readSessionHistory(full)?.undoStack).toHaveLength(1)
    // Refusing every write: nothing kept, nothing thrown.
    const refusing = fakeStorage(() => {
      throw new DOMException('no', 'SecurityError')
    })
    expect(writeSessionHistory(refusing, store.getState())).toBe(false)
    expect(() => keepSessionHistory(store, refusing)()).not.toThrow()
    // Reading that throws: no history, a fresh lab.
    vi.spyOn(Storage.prototype, 'getItem').mockImplementation(() => {
      throw new DOMException('no', 'SecurityError')
    })
    expect(readSessionHistory(sessionStorage)).toBeNull()
    // Disabled: sessionStorage itself throws on access.
    vi.spyOn(window, 'sessionStorage', 'get').mockImplementation(() => {
      throw new DOMException('disabled', 'SecurityError')
    })
    expect(readSessionHistory()).toBeNull()
    expect(() => keepSessionHistory(store)()).not.toThrow()
  })
})

/** A Storage whose writes go through `check` first (it may throw like a real one). */
function fakeStorage(check: (value: string) => void): Storage {
  const items = new Map<string, string>()
  return {
    get length() {
      return items.size
    },
    clear: () => items.clear(),
    getItem: (key) => items.get(key) ?? null,
    key: (i) => [...items.keys()][i] ?? null,
    removeItem: (key) => void items.delete(key),
    setItem: (key, value) => {
      check(value)
      items.set(key, value)
    },
  }
}
