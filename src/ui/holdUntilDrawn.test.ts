/**
 * The parts below the diagram wait for a heavy run's diagram (holdUntilDrawn.ts): held, they see
 * the last state they were handed, and nothing else, until the diagram says it drew the run.
 */
import { describe, expect, it } from 'vitest'
import type { Run } from '../sim'
import type { LabStoreState } from '../store'
import { createLabStore } from '../store'
import { createDrawnSignal } from './drawnSignal'
import { heldStore } from './holdUntilDrawn'

/** A lab whose runs count as heavy once client B is paused (the test's stand-in for size). */
function setUp() {
  const store = createLabStore({ preset: 'gc-pause', reducedMotion: true })
  const drawn = createDrawnSignal()
  const light = store.getState().lab.run
  const held = heldStore(store, drawn, (run: Run) => run !== light)
  const heard: Array<[LabStoreState, LabStoreState]> = []
  const stop = held.subscribe((state, previous) => heard.push([state, previous]))
  return { store, drawn, held, heard, stop, light }
}

describe('heldStore', () => {
  it('hands on every change of a light run at once', () => {
    const { store, held, heard } = setUp()
    store.getState().setCursor(5000)
    expect(held.getState()).toBe(store.getState())
    expect(held.getState().cursorMs).toBe(5000)
    expect(heard).toHaveLength(1)
    expect(held.holding()).toBe(false)
  })

  it('holds a heavy run, and every change after it, until the diagram has drawn that run', () => {
    const { store, drawn, held, heard, light } = setUp()
    const before = held.getState()
    store.getState().pauseClient('B', 2000)
    const heavy = store.getState().lab.run
    expect(heavy).not.toBe(light)
    expect(held.holding()).toBe(true)
    expect(held.getState()).toBe(before)
    store.getState().setCursor(3000)
    expect(held.getState()).toBe(before)
    expect(heard).toHaveLength(0)
    // Another run drawn (an aligned one in the compare view) lets nothing through.
    drawn.mark(light)
    expect(held.getState()).toBe(before)
    drawn.mark(heavy)
    expect(held.holding()).toBe(false)
    expect(held.getState()).toBe(store.getState())
    expect(held.getState().cursorMs).toBe(3000)
    expect(heard).toHaveLength(1)
    expect(heard[0]?.[1]).toBe(before)
  })

  it('with nobody listening, reads the store through (and still holds an undrawn heavy run)', () => {
    const { store, drawn, held, stop } = setUp()
    stop()
    store.getState().setCursor(4000)
    expect(held.getState()).toBe(store.getState())
    const before = held.getState()
    store.getState().pauseClient('B', 2000)
    expect(held.getState()).toBe(before)
    drawn.mark(store.getState().lab.run)
    expect(held.getState()).toBe(store.getState())
  })

  it('waits for the latest heavy run, not one that was replaced while it was drawn', () => {
    const { store, drawn, held } = setUp()
    const before = held.getState()
    store.getState().pauseClient('B', 2000)
    const first = store.getState().lab.run
    store.getState().pauseClient('B', 4000)
    drawn.mark(first)
    expect(held.getState()).toBe(before)
    drawn.mark(store.getState().lab.run)
    expect(held.getState()).toBe(store.getState())
  })

  it('a run drawn before its parts listen is handed on when they do', () => {
    const store = createLabStore({ preset: 'gc-pause', reducedMotion: true })
    const drawn = createDrawnSignal()
    const light = store.getState().lab.run
    const held = heldStore(store, drawn, (run: Run) => run !== light)
    store.getState().pauseClient('B', 2000)
    drawn.mark(store.getState().lab.run)
    const stop = held.subscribe(() => {})
    expect(held.getState()).toBe(store.getState())
    stop()
  })

  it('sends actions and writes to the lab itself, and stops listening with its last listener', () => {
    const { store, held, stop, heard } = setUp()
    held.getState().setCursor(1234)
    expect(store.getState().cursorMs).toBe(1234)
    stop()
    store.getState().setCursor(2000)
    expect(heard).toHaveLength(1)
  })
})
