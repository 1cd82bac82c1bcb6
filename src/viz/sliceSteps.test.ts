import { describe, expect, it } from 'vitest'
import type { Steps } from './layout'
import type { Schedule } from './sliceSteps'
import { sliceSteps } from './sliceSteps'

/** Steps that each take about `stepMs` of busy time, `count` of them, returning `count`. */
function* busySteps(count: number, stepMs: number, log: number[]): Steps<number> {
  for (let i = 0; i < count; i++) {
    const until = performance.now() + stepMs
    while (performance.now() < until) {
      // busy: a step of layout work
    }
    log.push(i)
    if (i < count - 1) yield
  }
  return count
}

/** A schedule the test runs by hand: each `run()` is one slice. */
function manual(): { schedule: Schedule; queue: (() => void)[] } {
  const queue: (() => void)[] = []
  return {
    queue,
    schedule: (task) => {
      queue.push(task)
      return () => queue.splice(queue.indexOf(task) >>> 0, 1)
    },
  }
}

describe('sliceSteps', () => {
  it('runs every step with the real schedule and hands over the result', async () => {
    const log: number[] = []
    const result = await new Promise<number>((resolve) => {
      sliceSteps(busySteps(12, 1, log), resolve, { sliceMs: 3 })
      // Nothing runs in the task that started it.
      expect(log).toEqual([])
    })
    expect(result).toBe(12)
    expect(log).toEqual([...Array(12).keys()])
  })

  it('stops each slice at its budget and goes on in the next task', () => {
    const log: number[] = []
    const { schedule, queue } = manual()
    let result: number | null = null
    sliceSteps(busySteps(20, 2, log), (value) => (result = value), { sliceMs: 5, schedule })
    const perSlice: number[] = []
    while (queue.length > 0) {
      const before = log.length
      queue.shift()?.()
      perSlice.push(log.length - before)
    }
    expect(result).toBe(20)
    // 2 ms steps, a 5 ms budget: three steps a slice (the one that crosses the budget included).
    expect(perSlice.length).toBeGreaterThan(4)
    expect(Math.max(...perSlice)).toBeLessThanOrEqual(3)
    expect(perSlice.reduce((a, b) => a + b, 0)).toBe(20)
  })

  it('stops when asked, between slices or during one: no more steps, no result', () => {
    const log: number[] = []
    const { schedule, queue } = manual()
    let result: number | null = null
    const stop = sliceSteps(busySteps(50, 1, log), (value) => (result = value), {
      sliceMs: 2,
      schedule,
    })
    queue.shift()?.()
    stop()
    expect(queue).toHaveLength(0)
    const after = log.length
    expect(after).toBeGreaterThan(0)
    expect(after).toBeLessThan(50)
    expect(result).toBeNull()

    // Stopped from inside a step (a new run arrived while this one was being laid out).
    const log2: number[] = []
    let stop2 = () => {}
    function* stopsItself(): Steps<number> {
      for (let i = 0; i < 10; i++) {
        log2.push(i)
        if (i === 3) stop2()
        yield
      }
      return 10
    }
    const second = manual()
    stop2 = sliceSteps(stopsItself(), (value) => (result = value), {
      sliceMs: 1000,
      schedule: second.schedule,
    })
    second.queue.shift()?.()
    expect(log2).toEqual([0, 1, 2, 3])
    expect(second.queue).toHaveLength(0)
    expect(result).toBeNull()
  })
})
