import { describe, expect, it } from 'vitest'
import { createLabStore } from './labStore'
import type { PlaybackEnv } from './playback'
import { GLIDE_MS, LOOP_HOLD_MS, MAX_FRAME_MS, startPlayback } from './playback'

/** A hand-cranked animation clock: `frame(ms)` runs the pending frame at that wall time. */
function fakeEnv() {
  let pending: ((now: number) => void) | null = null
  let hidden: (() => void) | null = null
  let requests = 0
  const env: PlaybackEnv = {
    requestFrame: (callback) => {
      pending = callback
      requests++
      return requests
    },
    cancelFrame: () => {
      pending = null
    },
    onHidden: (callback) => {
      hidden = callback
      return () => {
        hidden = null
      }
    },
  }
  return {
    env,
    frame: (now: number) => {
      const callback = pending
      pending = null
      callback?.(now)
    },
    get waiting() {
      return pending !== null
    },
    hide: () => hidden?.(),
  }
}

describe('startPlayback', () => {
  it('does not run while idle', () => {
    const clock = fakeEnv()
    const store = createLabStore()
    const stop = startPlayback(store, clock.env)
    expect(clock.waiting).toBe(false)
    stop()
  })

  it('advances the cursor by wall time × speed, and only the cursor', () => {
    const clock = fakeEnv()
    const store = createLabStore({ speed: 2 })
    const stop = startPlayback(store, clock.env)
    const lab = store.getState().lab
    store.getState().play()
    clock.frame(1000)
    expect(store.getState().cursorMs).toBe(0)
    clock.frame(1016)
    expect(store.getState().cursorMs).toBe(32)
    clock.frame(1032)
    expect(store.getState().cursorMs).toBe(64)
    expect(store.getState().lab).toBe(lab)
    stop()
  })

  it('never fast-forwards after a stall', () => {
    const clock = fakeEnv()
    const store = createLabStore()
    const stop = startPlayback(store, clock.env)
    store.getState().play()
    clock.frame(0)
    clock.frame(10)
    clock.frame(60_000)
    expect(store.getState().cursorMs).toBe(10 + MAX_FRAME_MS)
    stop()
  })

  it('pauses when the page is hidden', () => {
    const clock = fakeEnv()
    const store = createLabStore()
    const stop = startPlayback(store, clock.env)
    store.getState().play()
    clock.frame(0)
    clock.hide()
    expect(store.getState().playing).toBe(false)
    clock.frame(16)
    expect(clock.waiting).toBe(false)
    stop()
  })

  it('stops at the end', () => {
    const clock = fakeEnv()
    const store = createLabStore({ speed: 8 })
    const stop = startPlayback(store, clock.env)
    const endMs = store.getState().lab.run.endMs
    store.getState().setCursor(endMs - 100)
    store.getState().play()
    for (let now = 0; now < 500; now += 16) clock.frame(now)
    expect(store.getState().cursorMs).toBe(endMs)
    expect(store.getState().playing).toBe(false)
    expect(clock.waiting).toBe(false)
    stop()
  })

  it('follows the reader when they scrub while playing', () => {
    const clock = fakeEnv()
    const store = createLabStore()
    const stop = startPlayback(store, clock.env)
    store.getState().play()
    clock.frame(0)
    clock.frame(16)
    store.getState().setCursor(9000)
    clock.frame(32)
    expect(store.getState().cursorMs).toBe(9016)
    stop()
  })

  it('with reduced motion, jumps from event to event instead of sliding', () => {
    const clock = fakeEnv()
    const store = createLabStore({ reducedMotion: true })
    const stop = startPlayback(store, clock.env)
    const stops = new Set(store.getState().lab.timeline.stopsMs)
    store.getState().setCursor(2000)
    store.getState().play()
    const seen = new Set<number>()
    for (let now = 0; now < 12_000; now += 16) {
      clock.frame(now)
      seen.add(store.getState().cursorMs)
    }
    for (const ms of seen) expect(ms === 2000 || stops.has(ms)).toBe(true)
    expect(seen.size).toBeGreaterThan(2)
    stop()
  })

  it('glides a step over a few frames, then lands on it', () => {
    const clock = fakeEnv()
    const store = createLabStore()
    const stop = startPlayback(store, clock.env)
    store.getState().setCursor(1000)
    store.getState().stepForward()
    const target = store.getState().glide?.toMs ?? Number.NaN
    clock.frame(0)
    clock.frame(GLIDE_MS / 2)
    const midway = store.getState().cursorMs
    expect(midway).toBeGreaterThan(1000)
    expect(midway).toBeLessThan(target)
    clock.frame(GLIDE_MS)
    expect(store.getState().cursorMs).toBe(target)
    expect(store.getState().glide).toBeNull()
    expect(clock.waiting).toBe(false)
    stop()
  })

  it('stops at the end of a range', () => {
    const clock = fakeEnv()
    const store = createLabStore({ speed: 8, range: { fromMs: 2000, toMs: 6000 } })
    const stop = startPlayback(store, clock.env)
    expect(store.getState().cursorMs).toBe(2000)
    store.getState().play()
    const seen: number[] = []
    for (let now = 0; now < 2000; now += 16) {
      clock.frame(now)
      seen.push(store.getState().cursorMs)
    }
    expect(Math.min(...seen)).toBeGreaterThanOrEqual(2000)
    expect(store.getState().cursorMs).toBe(6000)
    expect(store.getState().playing).toBe(false)
    stop()
  })

  it('loops inside the range: holds the last moment, then starts over', () => {
    const clock = fakeEnv()
    const store = createLabStore({ speed: 8, range: { fromMs: 2000, toMs: 6000 }, loop: true })
    const stop = startPlayback(store, clock.env)
    store.getState().play()
    const seen: number[] = []
    let now = 0
    while (store.getState().cursorMs < 6000) {
      clock.frame((now += 16))
      seen.push(store.getState().cursorMs)
    }
    const reachedAt = now
    while (now < reachedAt + LOOP_HOLD_MS - 16) {
      clock.frame((now += 16))
      expect(store.getState().cursorMs).toBe(6000)
    }
    clock.frame((now += 32))
    expect(store.getState().cursorMs).toBe(2000)
    expect(store.getState().playing).toBe(true)
    for (let i = 0; i < 100; i++) {
      clock.frame((now += 16))
      seen.push(store.getState().cursorMs)
    }
    expect(Math.min(...seen)).toBeGreaterThanOrEqual(2000)
    expect(Math.max(...seen)).toBeLessThanOrEqual(6000)
    stop()
  })

  it('an empty looping range does not spin: it pauses', () => {
    const clock = fakeEnv()
    const store = createLabStore({ range: { fromMs: 3000, toMs: 3000 }, loop: true })
    const stop = startPlayback(store, clock.env)
    store.getState().play()
    clock.frame(0)
    clock.frame(16)
    expect(store.getState().playing).toBe(false)
    expect(clock.waiting).toBe(false)
    stop()
  })
})
