import { afterEach, describe, expect, it, vi } from 'vitest'
import { PING_REPLY_INTERVAL_MS, PING_TYPE, RESIZE_TYPE, startResizeReporting } from './resize'

/** A framed window with a hand-driven ResizeObserver and a parent that records messages. */
function framedWindow(heightPx: { value: number }) {
  const posted: unknown[] = []
  const listeners = new Set<(event: MessageEvent) => void>()
  let observed: (() => void) | null = null
  const parent = { postMessage: (message: unknown) => posted.push(message) }
  const win = {
    parent,
    location: { href: 'https://lab.example/embed.html?scenario=gc-pause' },
    document: {
      documentElement: { getBoundingClientRect: () => ({ height: heightPx.value }) },
    },
    addEventListener: (_: string, listener: (event: MessageEvent) => void) =>
      listeners.add(listener),
    removeEventListener: (_: string, listener: (event: MessageEvent) => void) =>
      listeners.delete(listener),
    // Looked up when called, so that vi.useFakeTimers() takes effect.
    setTimeout: (callback: () => void, ms: number) => Number(setTimeout(callback, ms)),
    clearTimeout: (handle: number) => clearTimeout(handle),
  }
  ;(globalThis as { ResizeObserver?: unknown }).ResizeObserver = class {
    constructor(callback: () => void) {
      observed = callback
    }
    observe() {
      observed?.()
    }
    disconnect() {
      observed = null
    }
  }
  return {
    win: win as unknown as Window,
    parent,
    posted,
    resize: () => observed?.(),
    message: (data: unknown, source: unknown) =>
      listeners.forEach((l) => l({ data, source } as MessageEvent)),
    get listening() {
      return listeners.size > 0
    },
  }
}

afterEach(() => {
  vi.useRealTimers()
  delete (globalThis as { ResizeObserver?: unknown }).ResizeObserver
})

describe('startResizeReporting', () => {
  it('posts the height in our shape and in the iframe.resize shape, once per change', () => {
    const height = { value: 567.4 }
    const frame = framedWindow(height)
    const stop = startResizeReporting(frame.win, 'post-1')
    expect(frame.posted).toEqual([
      { type: RESIZE_TYPE, height: 568, id: 'post-1' },
      JSON.stringify({
        context: 'iframe.resize',
        height: 568,
        src: 'https://lab.example/embed.html?scenario=gc-pause',
      }),
    ])
    frame.resize()
    expect(frame.posted).toHaveLength(2)
    height.value = 700
    frame.resize()
    expect(frame.posted[2]).toEqual({ type: RESIZE_TYPE, height: 700, id: 'post-1' })
    stop()
    expect(frame.listening).toBe(false)
  })

  it('says its height again when its parent asks, and only its parent', () => {
    const frame = framedWindow({ value: 400 })
    startResizeReporting(frame.win, null)
    frame.message({ type: PING_TYPE }, {})
    frame.message('fencing-lab:ping', frame.parent)
    expect(frame.posted).toHaveLength(2)
    frame.message({ type: PING_TYPE }, frame.parent)
    expect(frame.posted).toHaveLength(4)
    expect(frame.posted[2]).toEqual({ type: RESIZE_TYPE, height: 400, id: null })
  })

  it('answers a flood of pings at most once per interval, and always answers the last', () => {
    vi.useFakeTimers()
    const height = { value: 400 }
    const frame = framedWindow(height)
    const stop = startResizeReporting(frame.win, null)
    const ours = () =>
      frame.posted.filter((m) => typeof m === 'object' && m !== null && 'type' in m)
    expect(ours()).toHaveLength(1) // the first report, unasked

    // 1,000 pings within one interval: one reply at once, one at the end of the interval.
    for (let i = 0; i < 1000; i++) frame.message({ type: PING_TYPE }, frame.parent)
    expect(ours()).toHaveLength(2)
    height.value = 450 // the last ping's answer carries the height at answer time
    vi.advanceTimersByTime(PING_REPLY_INTERVAL_MS - 1)
    expect(ours()).toHaveLength(2)
    vi.advanceTimersByTime(1)
    expect(ours()).toHaveLength(3)
    expect(ours()[2]).toEqual({ type: RESIZE_TYPE, height: 450, id: null })
    // Nothing was asked since: no further reply.
    vi.advanceTimersByTime(10 * PING_REPLY_INTERVAL_MS)
    expect(ours()).toHaveLength(3)

    // A steady flood of one ping per millisecond for a second: about one reply per interval.
    for (let ms = 0; ms < 1000; ms++) {
      frame.message({ type: PING_TYPE }, frame.parent)
      vi.advanceTimersByTime(1)
    }
    vi.advanceTimersByTime(PING_REPLY_INTERVAL_MS)
    const replies = ours().length - 3
    expect(replies).toBeGreaterThanOrEqual(1000 / PING_REPLY_INTERVAL_MS)
    expect(replies).toBeLessThanOrEqual(1000 / PING_REPLY_INTERVAL_MS + 1)

    // A ping after a quiet interval is answered at once again; stopping cancels a pending reply.
    frame.message({ type: PING_TYPE }, frame.parent)
    frame.message({ type: PING_TYPE }, frame.parent)
    const before = ours().length
    stop()
    vi.advanceTimersByTime(PING_REPLY_INTERVAL_MS)
    expect(ours()).toHaveLength(before)
  })

  it('does nothing at top level', () => {
    const frame = framedWindow({ value: 400 })
    const top = { ...frame.win, parent: undefined } as unknown as { parent: unknown }
    top.parent = top
    startResizeReporting(top as unknown as Window, null)
    expect(frame.posted).toEqual([])
  })
})
