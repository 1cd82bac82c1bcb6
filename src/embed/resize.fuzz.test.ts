/**
 * Fuzz test of the embed's message listener (the `fencing-lab:ping` handler): messages of any
 * shape, from any source, with hostile values, are ignored without an exception; only a ping from
 * the parent window makes the embed say its height again.
 * Replay a failure with the command in its message.
 */
import fc from 'fast-check'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { PROPERTY_SEEDS, assertProperty } from '../testing/property'
import type { Hostile } from '../testing/hostile'
import { hostileArb, makeHostile, messageDataArb } from '../testing/hostile'
import { PING_REPLY_INTERVAL_MS, PING_TYPE, RESIZE_TYPE, startResizeReporting } from './resize'

afterEach(() => {
  vi.useRealTimers()
  delete (globalThis as { ResizeObserver?: unknown }).ResizeObserver
})

/** A framed window whose parent records what it is sent (as in resize.test.ts). */
function framedWindow() {
  const posted: unknown[] = []
  const listeners = new Set<(event: MessageEvent) => void>()
  const parent = { postMessage: (message: unknown) => posted.push(message) }
  const win = {
    parent,
    location: { href: 'https://lab.example/embed.html' },
    document: { documentElement: { getBoundingClientRect: () => ({ height: 640 }) } },
    addEventListener: (_: string, l: (event: MessageEvent) => void) => listeners.add(l),
    removeEventListener: (_: string, l: (event: MessageEvent) => void) => listeners.delete(l),
    setTimeout: (callback: () => void, ms: number) => Number(setTimeout(callback, ms)),
    clearTimeout: (handle: number) => clearTimeout(handle),
  }
  ;(globalThis as { ResizeObserver?: unknown }).ResizeObserver = class {
    observe() {}
    disconnect() {}
  }
  const dispatch = (data: unknown, source: unknown) =>
    listeners.forEach((l) => l({ data, source, origin: 'https://blog.example' } as MessageEvent))
  return { win: win as unknown as Window, parent, posted, dispatch }
}

describe.each(PROPERTY_SEEDS)('embed message listener fuzz, seed %i', (seed) => {
  it('ignores every message but a ping from its parent, and never throws', () => {
    vi.useFakeTimers()
    const data = fc.oneof(messageDataArb([PING_TYPE, RESIZE_TYPE, 'ping']), hostileArb)
    const frame = framedWindow()
    const stop = startResizeReporting(frame.win, 'post-1')
    const sources = [frame.parent, null, frame.win, {}, { postMessage: () => {} }]
    assertProperty(
      fc.property(data, fc.nat(sources.length - 1), (generated, pick) => {
        const source = sources[pick]
        const message = isHostileSpec(generated) ? makeHostile(generated) : generated
        // Each message after a quiet interval: replies are rate-limited (resize.test.ts).
        vi.advanceTimersByTime(PING_REPLY_INTERVAL_MS)
        const before = frame.posted.length
        frame.dispatch(message, source)
        const ping =
          source === frame.parent &&
          typeof message === 'object' &&
          message !== null &&
          !isHostile(message) &&
          (message as { type?: unknown }).type === PING_TYPE
        expect(frame.posted.length - before).toBe(ping ? 2 : 0)
        if (ping)
          expect(frame.posted[before]).toEqual({ type: RESIZE_TYPE, height: 640, id: 'post-1' })
      }),
      { seed, numRuns: 200 },
    )
    stop()
  })
})

function isHostileSpec(value: unknown): value is Hostile {
  return typeof value === 'object' && value !== null && 'hostile' in value
}

/** Whether reading `type` throws (the listener must treat that as not a ping). */
function isHostile(message: object): boolean {
  try {
    void (message as { type?: unknown }).type
    return false
  } catch {
    return true
  }
}
