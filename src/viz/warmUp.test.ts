import { describe, expect, it } from 'vitest'
import type { Steps } from './layout'
import type { Schedule } from './sliceSteps'
import { createWarmUp } from './warmUp'

/** A hand-driven queue: `start` and every slice wait in it until the test runs them. */
function manualQueue() {
  const tasks: (() => void)[] = []
  const queue: Schedule = (task) => {
    tasks.push(task)
    return () => {
      const i = tasks.indexOf(task)
      if (i >= 0) tasks.splice(i, 1)
    }
  }
  const drain = () => {
    let ran = 0
    while (tasks.length > 0) {
      tasks.shift()?.()
      ran++
    }
    return ran
  }
  const runOne = () => tasks.shift()?.()
  return { queue, drain, runOne, pending: () => tasks.length }
}

/** A layout's input: `pieces` steps, `events` events; it counts the steps and layouts made. */
interface Counting {
  events: number
  pieces: number
  counts: { layouts: number; steps: number }
}
function countingLayout(pieces: number, events = 1000): Counting {
  return { events, pieces, counts: { layouts: 0, steps: 0 } }
}
function* layout(input: Counting): Steps<number> {
  for (let i = 0; i < input.pieces; i++) {
    input.counts.steps++
    yield
  }
  input.counts.layouts++
  return input.pieces
}
/** A warm-up of counting layouts, its tasks queued in `q`. */
function warmUpOf(q: ReturnType<typeof manualQueue>, times: number) {
  return createWarmUp<Counting>({
    layout,
    eventsOf: (input) => input.events,
    fromEvents: 100,
    times,
    start: q.queue,
    // sliceMs 0: each slice takes a single step, so the work is spread over many tasks.
    schedule: q.queue,
    sliceMs: 0,
  })
}

describe('createWarmUp', () => {
  it('runs the layout the given number of times, in slices, once per page', () => {
    const q = manualQueue()
    const warmUp = warmUpOf(q, 3)
    const input = countingLayout(4)
    const { counts } = input
    warmUp(input)
    expect(counts.steps).toBe(0)
    expect(q.drain()).toBeGreaterThan(3 * 4)
    expect(counts).toEqual({ layouts: 3, steps: 3 * 4 })
    // Done: the page's code is warm; another run shown does not start it again.
    warmUp(countingLayout(4))
    expect(q.pending()).toBe(0)
    expect(counts.layouts).toBe(3)
  })

  it('called off before its end, it is left to the next call', () => {
    const q = manualQueue()
    const warmUp = warmUpOf(q, 2)
    const first = countingLayout(4)
    const stop = warmUp(first)
    q.runOne() // started
    q.runOne() // a slice of the first layout
    stop()
    expect(q.drain()).toBe(0)
    expect(first.counts.layouts).toBe(0)
    // A second lab (or the same one with another run) warms up in full.
    const second = countingLayout(2)
    warmUp(second)
    q.drain()
    expect(second.counts.layouts).toBe(2)
    expect(first.counts.layouts).toBe(0)
  })

  it('a short run is left alone: its layout is quick even cold', () => {
    const q = manualQueue()
    const warmUp = warmUpOf(q, 1)
    const short = countingLayout(2, 99)
    warmUp(short)
    expect(q.pending()).toBe(0)
    // …and the page's warm-up is still due for a long one.
    const long = countingLayout(2, 100)
    warmUp(long)
    q.drain()
    expect(long.counts.layouts).toBe(1)
    expect(short.counts.steps).toBe(0)
  })

  it('while one warm-up runs, another call neither starts a second nor stops the first', () => {
    const q = manualQueue()
    const warmUp = warmUpOf(q, 1)
    const first = countingLayout(3)
    const second = countingLayout(3)
    warmUp(first)
    const stopSecond = warmUp(second)
    stopSecond()
    q.drain()
    expect(first.counts.layouts).toBe(1)
    expect(second.counts.steps).toBe(0)
  })
})
