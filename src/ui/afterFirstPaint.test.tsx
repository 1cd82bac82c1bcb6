import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { afterFirstPaint, FIRST_PAINT_WAIT_MS } from './afterFirstPaint'

function showPage(state: DocumentVisibilityState) {
  vi.spyOn(document, 'visibilityState', 'get').mockReturnValue(state)
}

describe('afterFirstPaint', () => {
  let frames: FrameRequestCallback[] = []
  beforeEach(() => {
    vi.useFakeTimers()
    frames = []
    vi.stubGlobal('requestAnimationFrame', (callback: FrameRequestCallback) => {
      frames.push(callback)
      return frames.length
    })
  })
  afterEach(() => {
    vi.useRealTimers()
    vi.unstubAllGlobals()
    vi.restoreAllMocks()
  })

  it('starts in the task after the first frame, once', () => {
    showPage('visible')
    const start = vi.fn()
    afterFirstPaint(start)
    expect(start).not.toHaveBeenCalled()
    for (const frame of frames) frame(16)
    expect(start).not.toHaveBeenCalled()
    vi.advanceTimersByTime(0)
    expect(start).toHaveBeenCalledTimes(1)
    vi.advanceTimersByTime(FIRST_PAINT_WAIT_MS * 2)
    expect(start).toHaveBeenCalledTimes(1)
  })

  it('starts anyway when no frame comes in time', () => {
    showPage('visible')
    const start = vi.fn()
    afterFirstPaint(start)
    vi.advanceTimersByTime(FIRST_PAINT_WAIT_MS - 1)
    expect(start).not.toHaveBeenCalled()
    vi.advanceTimersByTime(1)
    expect(start).toHaveBeenCalledTimes(1)
    for (const frame of frames) frame(16)
    vi.advanceTimersByTime(0)
    expect(start).toHaveBeenCalledTimes(1)
  })

  it('starts at once in a tab that is not shown (it paints nothing to wait for)', () => {
    showPage('hidden')
    const start = vi.fn()
    afterFirstPaint(start)
    expect(start).toHaveBeenCalledTimes(1)
    expect(frames).toEqual([])
  })
})
