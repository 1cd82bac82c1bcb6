import { describe, expect, it } from 'vitest'
import { PRESET_IDS, parseScenario } from '../sim'
import { largeScenario } from '../testing/largeRun'
import { FOLLOW_LEAD_SHARE, eventIndexAt } from '../timeline'
import { FOLLOW_MS, GLIDE_MAX_EVENTS, startFollowing } from './follow'
import { createLabStore } from './labStore'
import type { LabStore } from './labStore'
import type { PlaybackEnv } from './playback'

/** A hand-cranked animation clock: `frame(ms)` runs the pending frame at that wall time. */
function fakeEnv() {
  let pending: ((now: number) => void) | null = null
  const env: PlaybackEnv = {
    requestFrame: (callback) => {
      pending = callback
      return 1
    },
    cancelFrame: () => {
      pending = null
    },
    onHidden: () => () => {},
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
  }
}

/** gc-pause zoomed to a 2 s window from 4 s, the cursor at 5 s, followed on a fake clock. */
function zoomedLab(reducedMotion: boolean) {
  const store = createLabStore({ preset: 'gc-pause', cursorMs: 5000, reducedMotion })
  store.getState().setTimeView({ fromMs: 4000, toMs: 6000 })
  const clock = fakeEnv()
  const stop = startFollowing(store, clock.env)
  return { store, clock, stop }
}

const view = (store: LabStore) => store.getState().timeView
const inView = (store: LabStore) => {
  const s = store.getState()
  return s.timeView !== null && s.cursorMs >= s.timeView.fromMs && s.cursorMs <= s.timeView.toMs
}

describe('startFollowing', () => {
  it('with reduced motion, moves the window at once when the cursor leaves it, keeping its width', () => {
    const { store, clock, stop } = zoomedLab(true)
    // Just past the right edge: a page turn, the edge lands a quarter in.
    store.getState().setCursor(6500)
    expect(view(store)).toEqual({ fromMs: 5500, toMs: 7500 })
    expect(clock.waiting).toBe(false)
    // Inside the window the cursor moves without moving it.
    store.getState().setCursor(7400)
    expect(view(store)).toEqual({ fromMs: 5500, toMs: 7500 })
    // Well back past its left edge: the cursor lands three quarters in.
    store.getState().setCursor(4000)
    expect(view(store)).toEqual({ fromMs: 4000 - (1 - FOLLOW_LEAD_SHARE) * 2000, toMs: 4500 })
    stop()
  })

  it('glides the window to the cursor over FOLLOW_MS when motion is allowed', () => {
    const { store, clock, stop } = zoomedLab(false)
    store.getState().setCursor(6400)
    // Nothing moved yet: the glide starts on the next frame.
    expect(view(store)).toEqual({ fromMs: 4000, toMs: 6000 })
    clock.frame(1000)
    clock.frame(1000 + FOLLOW_MS / 2)
    const halfway = view(store)
    expect(halfway?.fromMs).toBeGreaterThan(4000)
    expect(halfway?.fromMs).toBeLessThan(5500)
    expect((halfway?.toMs ?? 0) - (halfway?.fromMs ?? 0)).toBe(2000)
    clock.frame(1000 + FOLLOW_MS)
    expect(view(store)).toEqual({ fromMs: 5500, toMs: 7500 })
    expect(clock.waiting).toBe(false)
    stop()
  })

  it('jumps at once when the cursor went more than a window away', () => {
    const { store, clock, stop } = zoomedLab(false)
    store.getState().setCursor(12_000)
    expect(view(store)).toEqual({ fromMs: 11_500, toMs: 13_500 })
    expect(clock.waiting).toBe(false)
    stop()
  })

  it('jumps at once when the window is too dense to redraw every frame of a glide', () => {
    const parsed = parseScenario(largeScenario())
    if (!parsed.ok) throw new Error(parsed.message)
    const store = createLabStore({ scenario: parsed.scenario, cursorMs: 1000 })
    store.getState().setTimeView({ fromMs: 500, toMs: 1500 })
    const { timeline } = store.getState().lab
    // The fixture's window is dense: it is the case this rule is for.
    expect(eventIndexAt(timeline, 1500) - eventIndexAt(timeline, 500)).toBeGreaterThan(
      GLIDE_MAX_EVENTS,
    )
    const clock = fakeEnv()
    const stop = startFollowing(store, clock.env)
    store.getState().setCursor(1600)
    expect(view(store)).toEqual({ fromMs: 1250, toMs: 2250 })
    expect(clock.waiting).toBe(false)
    stop()
  })

  it('every preset glides: no whole-run window of a preset is too dense', () => {
    for (const preset of PRESET_IDS) {
      const { lab } = createLabStore({ preset }).getState()
      expect(lab.run.events.length, preset).toBeLessThanOrEqual(GLIDE_MAX_EVENTS)
    }
  })

  it('leaves a window the reader panned while the cursor stays; follows again once it moves', () => {
    const { store, stop } = zoomedLab(true)
    store.getState().setTimeView({ fromMs: 9000, toMs: 11_000 })
    // The cursor (5 s) is out of the reader's window, and it stays out: nothing snaps back.
    expect(view(store)).toEqual({ fromMs: 9000, toMs: 11_000 })
    store.getState().zoomIn()
    expect(view(store)).toEqual({ fromMs: 9500, toMs: 10_500 })
    store.getState().stepBack()
    expect(inView(store)).toBe(true)
    expect((view(store)?.toMs ?? 0) - (view(store)?.fromMs ?? 0)).toBe(1000)
    stop()
  })

  it('the reader’s own pan during a glide wins over the glide', () => {
    const { store, clock, stop } = zoomedLab(false)
    store.getState().setCursor(6400)
    clock.frame(1000)
    clock.frame(1050)
    store.getState().setTimeView({ fromMs: 1000, toMs: 3000 })
    clock.frame(1100)
    clock.frame(1000 + FOLLOW_MS * 2)
    expect(view(store)).toEqual({ fromMs: 1000, toMs: 3000 })
    stop()
  })

  it('Next through the whole story keeps every line’s moment in view, zoom level kept', () => {
    const { store, stop } = zoomedLab(true)
    store.getState().setCursor(0)
    store.getState().setTimeView({ fromMs: 0, toMs: 1000 })
    const { captions } = store.getState().lab
    for (let i = 0; i < captions.length; i++) {
      store.getState().nextStory()
      expect(inView(store), `line ${i + 1}`).toBe(true)
      const v = view(store)
      expect((v?.toMs ?? 0) - (v?.fromMs ?? 0), `line ${i + 1}`).toBe(1000)
    }
    for (let i = 0; i < captions.length; i++) {
      store.getState().previousStory()
      expect(inView(store), `back to line ${captions.length - i - 1}`).toBe(true)
    }
    stop()
  })

  it('does nothing without a zoom, and stops when told', () => {
    const store = createLabStore({ preset: 'gc-pause', reducedMotion: true })
    const clock = fakeEnv()
    const stop = startFollowing(store, clock.env)
    store.getState().setCursor(9000)
    expect(view(store)).toBeNull()
    store.getState().setTimeView({ fromMs: 0, toMs: 1000 })
    stop()
    store.getState().setCursor(12_000)
    expect(view(store)).toEqual({ fromMs: 0, toMs: 1000 })
  })
})
