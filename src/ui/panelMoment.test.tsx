// @vitest-environment jsdom
/**
 * The panels' moment: a short run's at every step; a long run's once the cursor rests (a drag
 * through a quiet stretch, where the moment stays the same, is not a rest), a few times a second
 * while playing (unless it is off the screen), and after the paint on a new run.
 */
import { act, useRef } from 'react'
import { createRoot } from 'react-dom/client'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { parseScenario } from '../sim'
import type { LabStore, Moment } from '../store'
import { createLabStore, LabProvider, momentAtCursor } from '../store'
import { largeScenario } from '../testing/largeRun'
import {
  AFTER_PAINT_LIMIT_MS,
  FOLLOW_EVERY_STEP_UP_TO,
  PANEL_PLAYING_MS,
  PANEL_SETTLE_MS,
  usePanelMoment,
} from './panelMoment'

;(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true

afterEach(() => {
  document.body.replaceChildren()
  vi.useRealTimers()
})

function wait(ms: number) {
  act(() => {
    vi.advanceTimersByTime(ms)
  })
}

function longStore(): LabStore {
  const parsed = parseScenario(largeScenario())
  if (!parsed.ok) throw new Error(parsed.message)
  const store = createLabStore({ scenario: parsed.scenario, reducedMotion: true })
  expect(store.getState().lab.run.events.length).toBeGreaterThan(FOLLOW_EVERY_STEP_UP_TO)
  return store
}

function mount(store: LabStore, watched = false) {
  const seen: Moment[] = []
  function Probe() {
    const panel = useRef<HTMLDivElement>(null)
    seen.push(usePanelMoment(watched ? panel : undefined))
    return <div ref={panel} />
  }
  const host = document.createElement('div')
  document.body.append(host)
  act(() =>
    createRoot(host).render(
      <LabProvider store={store}>
        <Probe />
      </LabProvider>,
    ),
  )
  const renders = () => seen.length
  const last = () => seen.at(-1) as Moment
  const move = (ms: number) => act(() => store.getState().setCursor(ms))
  const now = () => momentAtCursor(store.getState())
  return { renders, last, move, now }
}

/** Twenty distinct event times of the long run: stepping through them, each step is a new moment. */
function stepsThrough(store: LabStore) {
  const events = store.getState().lab.run.events
  const times = [...new Set(events.map((e) => e.atMs))]
  return times.slice(10, 30)
}

describe('usePanelMoment', () => {
  it("follows a short run's every step", () => {
    const store = createLabStore({ preset: 'gc-pause', reducedMotion: true })
    const { last, move, now } = mount(store)
    for (const ms of [1000, 5000, 10005, 16005]) {
      move(ms)
      expect(last()).toEqual(now())
    }
  })

  it("takes a long run's moment once the cursor rests, and renders nothing in between", () => {
    vi.useFakeTimers()
    const store = longStore()
    const { renders, last, move, now } = mount(store)
    const before = renders()
    const shown = last()
    // A drag: a new moment every frame.
    for (const ms of stepsThrough(store)) {
      move(ms)
      wait(16)
    }
    expect(renders()).toBe(before)
    expect(last()).toBe(shown)
    wait(PANEL_SETTLE_MS)
    expect(last()).toEqual(now())
  })

  it('does not take a moment while the cursor still moves through a quiet stretch', () => {
    vi.useFakeTimers()
    const store = longStore()
    const { last, move, now } = mount(store)
    const [first, second] = stepsThrough(store) as [number, number]
    const shown = last()
    move(first)
    // Moving by less than the gap to the next event: the moment stays, the cursor does not.
    for (let i = 1; i <= 10; i++) {
      move(first + ((second - first) * i) / 11)
      wait(PANEL_SETTLE_MS / 2)
    }
    expect(last()).toBe(shown)
    wait(PANEL_SETTLE_MS)
    expect(last()).toEqual(now())
  })

  it('moves along every PANEL_PLAYING_MS while a long run plays', () => {
    vi.useFakeTimers()
    const store = longStore()
    const { last, move } = mount(store)
    act(() => store.setState({ playing: true }))
    const taken: Moment[] = []
    for (const ms of stepsThrough(store)) {
      move(ms)
      wait(16)
      if (taken.at(-1) !== last()) taken.push(last())
    }
    // 20 frames of 16 ms: about every 150 ms, not every frame and not never.
    const expected = Math.floor((20 * 16) / PANEL_PLAYING_MS)
    expect(taken.length - 1).toBeGreaterThanOrEqual(expected - 1)
    expect(taken.length - 1).toBeLessThanOrEqual(expected + 1)
  })

  it("takes a new run's moment after the next frame, or after a while when no frame comes", () => {
    vi.useFakeTimers()
    const store = longStore()
    const { last, move, now } = mount(store)
    const ms = stepsThrough(store)[5] as number
    move(ms)
    wait(PANEL_SETTLE_MS)
    // A new run (as after an edit): the same events, a new derived value.
    act(() => store.setState({ lab: { ...store.getState().lab } }))
    expect(last()[0]).not.toBe(now()[0])
    wait(17)
    expect(last()).toEqual(now())

    const frames = vi.spyOn(globalThis, 'requestAnimationFrame').mockImplementation(() => 0)
    act(() => store.setState({ lab: { ...store.getState().lab } }))
    wait(AFTER_PAINT_LIMIT_MS - 1)
    expect(last()[0]).not.toBe(now()[0])
    wait(1)
    expect(last()).toEqual(now())
    frames.mockRestore()
  })

  it('stands still off the screen while a long run plays, and catches up as it comes into view', () => {
    vi.useFakeTimers()
    let report: ((entries: { isIntersecting: boolean }[]) => void) | null = null
    const observed: Element[] = []
    vi.stubGlobal(
      'IntersectionObserver',
      class {
        constructor(callback: (entries: { isIntersecting: boolean }[]) => void) {
          report = callback
        }
        observe(element: Element) {
          observed.push(element)
        }
        disconnect() {}
      },
    )
    try {
      const store = longStore()
      const { renders, last, move, now } = mount(store, true)
      expect(observed).toHaveLength(1)
      const screen = (isIntersecting: boolean) => act(() => report?.([{ isIntersecting }]))
      screen(false)
      act(() => store.setState({ playing: true }))
      const before = renders()
      const shown = last()
      for (const ms of stepsThrough(store)) {
        move(ms)
        wait(40)
      }
      // Twenty moves over two PANEL_PLAYING_MS: on the screen it would have moved.
      expect(20 * 40).toBeGreaterThanOrEqual(2 * PANEL_PLAYING_MS)
      expect(renders()).toBe(before)
      expect(last()).toBe(shown)
      // Scrolled into view: the latest moment at once, then along with the playback again.
      screen(true)
      expect(last()).toEqual(now())
      const caught = last()
      const times = [...new Set(store.getState().lab.run.events.map((e) => e.atMs))]
      move(times[40] as number)
      wait(PANEL_PLAYING_MS)
      expect(last()).not.toBe(caught)
      expect(last()).toEqual(now())

      // Off the screen again, then playback stops: the moment is taken once the cursor rests.
      screen(false)
      move(times[50] as number)
      wait(PANEL_PLAYING_MS * 2)
      expect(last()).not.toEqual(now())
      act(() => store.setState({ playing: false }))
      wait(PANEL_SETTLE_MS)
      expect(last()).toEqual(now())
    } finally {
      vi.unstubAllGlobals()
    }
  })
})
