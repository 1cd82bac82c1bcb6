import { afterEach, describe, expect, it } from 'vitest'
import { PING_TYPE, RESIZE_TYPE, startResizeReporting } from './resize'

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

  it('does nothing at top level', () => {
    const frame = framedWindow({ value: 400 })
    const top = { ...frame.win, parent: undefined } as unknown as { parent: unknown }
    top.parent = top
    startResizeReporting(top as unknown as Window, null)
    expect(frame.posted).toEqual([])
  })
})
