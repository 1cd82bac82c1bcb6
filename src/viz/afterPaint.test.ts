import { afterEach, describe, expect, it, vi } from 'vitest'
import { afterNextPaint } from './afterPaint'

/** A stand-in for the browser's frames: `paint()` runs the frame callbacks asked for so far. */
function frames() {
  const callbacks = new Map<number, FrameRequestCallback>()
  let next = 1
  vi.stubGlobal('requestAnimationFrame', (callback: FrameRequestCallback) => {
    callbacks.set(next, callback)
    return next++
  })
  vi.stubGlobal('cancelAnimationFrame', (id: number) => callbacks.delete(id))
  return {
    paint: () => {
      const due = [...callbacks.values()]
      callbacks.clear()
      for (const callback of due) callback(0)
    },
  }
}

afterEach(() => {
  vi.unstubAllGlobals()
  vi.useRealTimers()
})

describe('afterNextPaint', () => {
  it('runs the task in a task after the next frame, not in the frame', () => {
    vi.useFakeTimers()
    const { paint } = frames()
    const task = vi.fn()
    afterNextPaint(task)
    vi.runAllTimers()
    expect(task).not.toHaveBeenCalled()
    paint()
    expect(task).not.toHaveBeenCalled()
    vi.runAllTimers()
    expect(task).toHaveBeenCalledTimes(1)
  })

  it('cancels before the frame and between the frame and the task', () => {
    vi.useFakeTimers()
    const { paint } = frames()
    const beforeFrame = vi.fn()
    afterNextPaint(beforeFrame)()
    paint()
    vi.runAllTimers()
    expect(beforeFrame).not.toHaveBeenCalled()
    const afterFrame = vi.fn()
    const cancel = afterNextPaint(afterFrame)
    paint()
    cancel()
    vi.runAllTimers()
    expect(afterFrame).not.toHaveBeenCalled()
  })
})
