import { describe, expect, it } from 'vitest'
import { createLabStore } from './labStore'
import type { PlaybackEnv } from './playback'
import { GLIDE_MS, LOOP_HOLD_MS, MAX_FRAME_MS, startPlayback } from './playback'
import { MAX_HOLD_MS, MAX_IDLE_WALL_MS, MIN_HOLD_MS, readingMs, storyAdvanceMs } from './storyPace'

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
    const store = createLabStore({ playMode: 'time' })
    const stop = startPlayback(store, clock.env)
    expect(clock.waiting).toBe(false)
    stop()
  })

  it('advances the cursor by wall time × speed, and only the cursor', () => {
    const clock = fakeEnv()
    const store = createLabStore({ playMode: 'time', speed: 2 })
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
    const store = createLabStore({ playMode: 'time' })
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
    const store = createLabStore({ playMode: 'time' })
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
    const store = createLabStore({ playMode: 'time', speed: 8 })
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
    const store = createLabStore({ playMode: 'time' })
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
    const store = createLabStore({ playMode: 'time', reducedMotion: true })
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
    const store = createLabStore({ playMode: 'time' })
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
    const store = createLabStore({
      playMode: 'time',
      speed: 8,
      range: { fromMs: 2000, toMs: 6000 },
    })
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
    const store = createLabStore({
      playMode: 'time',
      speed: 8,
      range: { fromMs: 2000, toMs: 6000 },
      loop: true,
    })
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
    const store = createLabStore({
      playMode: 'time',
      range: { fromMs: 3000, toMs: 3000 },
      loop: true,
    })
    const stop = startPlayback(store, clock.env)
    store.getState().play()
    clock.frame(0)
    clock.frame(16)
    expect(store.getState().playing).toBe(false)
    expect(clock.waiting).toBe(false)
    stop()
  })

  it('plays the story: holds at every narration line in order, ties included, to the end', () => {
    const clock = fakeEnv()
    const store = createLabStore({ preset: 'gc-pause' })
    const stop = startPlayback(store, clock.env)
    const { captions } = store.getState().lab
    store.getState().play()
    const told: number[] = []
    let now = 1000
    let wallToEnd = 0
    for (let i = 0; i < 20000 && store.getState().playing; i++) {
      clock.frame(now)
      const s = store.getState()
      const line = s.storyLine
      if (line !== null && told.at(-1) !== line && captions[line]?.atMs === s.cursorMs) {
        told.push(line)
      }
      now += 16
      wallToEnd += 16
    }
    // Line 0 (at 0 s) was showing when Play was pressed; every later line is held in turn.
    expect(told).toEqual(captions.map((_, i) => i).slice(1))
    expect(store.getState().cursorMs).toBe(store.getState().lab.run.endMs)
    // 16 s of run with a 15 s pause: the holds take their reading time, the idle stretches
    // at most MAX_IDLE_WALL_MS each — far less than the 16 s of true time plus the holds.
    const holds = captions.slice(1).reduce((sum, c) => sum + readingMs(c.text), 0)
    expect(wallToEnd).toBeLessThan(holds + 8000)
    stop()
  })

  it('holds each line for its reading time', () => {
    const clock = fakeEnv()
    const store = createLabStore({ preset: 'gc-pause' })
    const stop = startPlayback(store, clock.env)
    const { captions } = store.getState().lab
    store.getState().play()
    let now = 1000
    while (store.getState().storyLine !== 1) {
      clock.frame(now)
      now += 16
    }
    const heldAt = now
    const hold = readingMs(captions[1]?.text ?? '')
    while (now < heldAt + hold - 32) {
      clock.frame(now)
      expect(store.getState().cursorMs).toBe(captions[1]?.atMs)
      now += 16
    }
    for (let i = 0; i < 10; i++) clock.frame((now += 16))
    expect(store.getState().cursorMs).toBeGreaterThan(captions[1]?.atMs ?? Infinity)
    stop()
  })

  it("'wait' stops at each line until the reader goes on", () => {
    const clock = fakeEnv()
    const store = createLabStore({ preset: 'gc-pause', playMode: 'wait' })
    const stop = startPlayback(store, clock.env)
    const { captions } = store.getState().lab
    store.getState().play()
    let now = 1000
    for (let i = 0; i < 2000 && store.getState().playing; i++) clock.frame((now += 16))
    expect(store.getState().playing).toBe(false)
    expect(store.getState().storyLine).toBe(1)
    expect(store.getState().cursorMs).toBe(captions[1]?.atMs)
    store.getState().play()
    for (let i = 0; i < 2000 && store.getState().playing; i++) clock.frame((now += 16))
    expect(store.getState().storyLine).toBe(2)
    stop()
  })
})

describe('storyPace', () => {
  it('reads longer lines longer, within bounds', () => {
    expect(readingMs('Short.')).toBe(MIN_HOLD_MS)
    expect(readingMs('word '.repeat(200))).toBe(MAX_HOLD_MS)
    expect(readingMs('word '.repeat(12))).toBeGreaterThan(readingMs('word '.repeat(6)))
  })

  it('cuts an idle stretch short but never passes the next event', () => {
    expect(storyAdvanceMs(1000, 16, 1, 16000)).toBe(16000 - MAX_IDLE_WALL_MS + 16)
    expect(storyAdvanceMs(1000, 16, 1, 1200)).toBe(1016)
    expect(storyAdvanceMs(1000, 16, 2, null)).toBe(1032)
  })
})
