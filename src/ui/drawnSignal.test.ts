/**
 * The signal of what the lab's diagram has drawn (drawnSignal.tsx): told once per run, and a
 * heavy run the diagram never draws is given up on, so nothing below it waits for ever.
 */
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { Run } from '../sim'
import { createLabStore } from '../store'
import { createDrawnSignal } from './drawnSignal'
import { giveUpAfter } from './holdUntilDrawn'

afterEach(() => {
  vi.useRealTimers()
})

describe('createDrawnSignal', () => {
  it('tells its listeners of each new run drawn, once', () => {
    const signal = createDrawnSignal()
    const run = createLabStore({ preset: 'gc-pause' }).getState().lab.run
    const heard: Array<Run | null> = []
    const stop = signal.subscribe(() => heard.push(signal.run()))
    signal.mark(run)
    signal.mark(run)
    expect(heard).toEqual([run])
    stop()
    signal.mark(createLabStore({ preset: 'delayed-write' }).getState().lab.run)
    expect(heard).toHaveLength(1)
  })
})

describe('giveUpAfter', () => {
  /** A lab whose runs count as heavy once they differ from the first, watched with 1 s to give up. */
  function watched() {
    vi.useFakeTimers()
    const store = createLabStore({ preset: 'gc-pause', reducedMotion: true })
    const light = store.getState().lab.run
    const signal = createDrawnSignal()
    const stop = giveUpAfter(store, signal, (run) => run !== light, 1000)
    return { store, signal, stop }
  }

  it('marks a heavy run drawn when its diagram has not said so in time, and only then', () => {
    const { store, signal, stop } = watched()
    store.getState().setCursor(2000)
    vi.advanceTimersByTime(5000)
    // A light run is never waited for: nothing to give up.
    expect(signal.run()).toBeNull()
    store.getState().pauseClient('B', 2000)
    const heavy = store.getState().lab.run
    vi.advanceTimersByTime(999)
    expect(signal.run()).toBeNull()
    vi.advanceTimersByTime(1)
    expect(signal.run()).toBe(heavy)
    stop()
  })

  it('waits no longer for a run the diagram drew, or one replaced by the next', () => {
    const { store, signal, stop } = watched()
    store.getState().pauseClient('B', 2000)
    const first = store.getState().lab.run
    vi.advanceTimersByTime(500)
    store.getState().pauseClient('B', 4000)
    const second = store.getState().lab.run
    vi.advanceTimersByTime(600)
    // The first run's timer went with it.
    expect(signal.run()).toBeNull()
    signal.mark(second)
    vi.advanceTimersByTime(5000)
    expect(signal.run()).toBe(second)
    expect(first).not.toBe(second)
    stop()
  })
})
