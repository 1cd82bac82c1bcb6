import { describe, expect, it } from 'vitest'
import { finish, pauseAt, STEP_ITEMS } from './steps'
import type { Steps } from './steps'

describe('layout steps', () => {
  it('pause every STEP_ITEMS items, never at the first', () => {
    expect(pauseAt(0)).toBe(false)
    expect(pauseAt(1)).toBe(false)
    expect(pauseAt(STEP_ITEMS - 1)).toBe(false)
    expect(pauseAt(STEP_ITEMS)).toBe(true)
    expect(pauseAt(2 * STEP_ITEMS)).toBe(true)
  })

  it('finish drains every step and returns the result', () => {
    const seen: number[] = []
    function* count(n: number): Steps<number> {
      let sum = 0
      for (let i = 0; i < n; i++) {
        if (pauseAt(i)) yield
        seen.push(i)
        sum += i
      }
      return sum
    }
    expect(finish(count(3 * STEP_ITEMS + 5))).toBe(
      ((3 * STEP_ITEMS + 5) * (3 * STEP_ITEMS + 4)) / 2,
    )
    expect(seen).toHaveLength(3 * STEP_ITEMS + 5)
    const steps = count(3 * STEP_ITEMS + 5)
    let pauses = 0
    while (steps.next().done !== true) pauses++
    expect(pauses).toBe(3)
  })
})
