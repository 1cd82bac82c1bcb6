/**
 * The scrubber in jsdom: exact wherever the reader looks at a moment, a track pixel at a time
 * while playing by time (scrubberStep.ts).
 */
import { act, Profiler } from 'react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { createLabStore, cursorBoundsOf, LabProvider } from '../store'
import type { LabStoreState } from '../store'
import { testRoots } from '../testing/reactRoots'
import { Scrubber } from './Controls'
import { scrubberStepMs } from './scrubberStep'
import { installFakeResizeObserver } from '../testing/resizeObserver'

;(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true

const roots = testRoots()

afterEach(() => {
  roots.unmountAll()
  vi.restoreAllMocks()
  vi.unstubAllGlobals()
})

function mount(trackPx: number, store = createLabStore({ preset: 'gc-pause' })) {
  // jsdom lays nothing out: the track is as wide as the test says.
  vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(trackPx)
  let commits = 0
  const { host, root } = roots.mount(
    <LabProvider store={store}>
      <Profiler id="scrubber" onRender={() => commits++}>
        <Scrubber />
      </Profiler>
    </LabProvider>,
  )
  const input = host.querySelector<HTMLInputElement>('input[data-scrubber]')
  const clock = host.querySelector('.fl-clock')
  if (input === null || clock === null) throw new Error('no scrubber')
  const set = (change: Partial<LabStoreState>) => act(() => store.setState(change))
  /** What a reader sees and hears: the thumb, the clock, the spoken value. */
  const face = () => [input.value, clock.textContent, input.getAttribute('aria-valuetext')]
  const unmount = () => act(() => root.unmount())
  return { store, input, clock, set, face, commits: () => commits, unmount }
}

describe('Scrubber', () => {
  it('follows a playing cursor a track pixel at a time, and shows it exactly once paused', () => {
    const { store, input, clock, set } = mount(400)
    const { startMs, endMs } = cursorBoundsOf(store.getState())
    const step = scrubberStepMs(endMs - startMs, 400)
    expect(step).toBeGreaterThan(1)
    // gc-pause's first events are at 0, 5 and 10 ms, then 500: steps of `step` counted from 10.
    const events = store.getState().lab.run.events.map((e) => e.atMs)
    expect(events.filter((ms) => ms > 10 && ms <= 3 * step + 17)).toEqual([])
    set({ playMode: 'time', playing: true, cursorMs: 3 * step + 17 })
    expect(input.value).toBe(String(3 * step + 10))
    expect(clock.textContent).toContain(((3 * step + 10) / 1000).toFixed(3))
    expect(input.getAttribute('aria-valuetext')).toMatch(new RegExp(`^${(3 * step + 10) / 1000}`))
    set({ playing: false })
    expect(input.value).toBe(String(3 * step + 17))
    expect(clock.textContent).toContain(((3 * step + 17) / 1000).toFixed(3))
  })

  it('shows the exact cursor while the story rests on a line’s event', () => {
    const { store, input, set } = mount(400)
    const line = store.getState().lab.captions.find((c) => c.atMs % 50 !== 0)
    if (line === undefined) throw new Error('no story line')
    set({ playMode: 'story', playing: true, cursorMs: line.atMs })
    expect(input.value).toBe(String(line.atMs))
  })

  it('shows the exact cursor until its track has been measured', () => {
    const { input, set } = mount(0)
    set({ playMode: 'time', playing: true, cursorMs: 5_005 })
    expect(input.value).toBe('5005')
  })

  it('moves without a render, showing what a scrubber drawn afresh shows at every move', () => {
    const live = mount(400)
    const { startMs, endMs } = cursorBoundsOf(live.store.getState())
    const rendered = live.commits()
    // Playing by time and in the story, paused, and stepping from event to event in reduced
    // motion: every way the cursor moves without the range or the track changing.
    const moves: Partial<LabStoreState>[] = []
    for (let ms = startMs; ms <= endMs + 500; ms += 137) {
      moves.push({ playMode: 'time', playing: true, cursorMs: ms })
    }
    for (const line of live.store.getState().lab.captions) {
      moves.push({ playMode: 'story', playing: true, cursorMs: line.atMs })
      moves.push({ playing: true, cursorMs: line.atMs + 33 })
    }
    moves.push({ playing: false, cursorMs: 7_301 }, { reducedMotion: true, cursorMs: 12_000 })
    for (const move of moves) {
      live.set(move)
      const fresh = mount(400, live.store)
      expect(live.face()).toEqual(fresh.face())
      fresh.unmount()
    }
    expect(moves.length).toBeGreaterThan(100)
    expect(live.commits()).toBe(rendered)
  })

  it('is drawn again, at the right place, when its run changes', () => {
    const view = mount(400)
    view.set({ cursorMs: 9_000 })
    act(() => view.store.getState().loadPreset('redlock-pause'))
    const fresh = mount(400, view.store)
    expect(view.face()).toEqual(fresh.face())
    expect(view.input.max).toBe(fresh.input.max)
  })

  it('learns its track’s width from the frame after it is drawn, reading no layout itself', () => {
    const observers = installFakeResizeObserver()
    const { store, input, set } = mount(400)
    const read = vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get')
    expect(read).not.toHaveBeenCalled()
    const { startMs, endMs } = cursorBoundsOf(store.getState())
    const step = scrubberStepMs(endMs - startMs, 400)
    // Unmeasured, it shows the exact cursor even while playing.
    set({ playMode: 'time', playing: true, cursorMs: 3 * step + 17 })
    expect(input.value).toBe(String(3 * step + 17))
    act(() => observers.report(input, 400))
    expect(input.value).toBe(String(3 * step + 10))
  })
})
