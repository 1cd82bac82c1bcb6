/**
 * The scrubber in jsdom: exact wherever the reader looks at a moment, a track pixel at a time
 * while playing by time (scrubberStep.ts).
 */
import { act } from 'react'
import { createRoot } from 'react-dom/client'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { createLabStore, cursorBoundsOf, LabProvider } from '../store'
import type { LabStoreState } from '../store'
import { Scrubber } from './Controls'
import { scrubberStepMs } from './scrubberStep'

;(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true

afterEach(() => {
  document.body.innerHTML = ''
  vi.restoreAllMocks()
})

function mount(trackPx: number) {
  // jsdom lays nothing out: the track is as wide as the test says.
  vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(trackPx)
  const store = createLabStore({ preset: 'gc-pause' })
  const host = document.body.appendChild(document.createElement('div'))
  const root = createRoot(host)
  act(() =>
    root.render(
      <LabProvider store={store}>
        <Scrubber />
      </LabProvider>,
    ),
  )
  const input = host.querySelector<HTMLInputElement>('input[data-scrubber]')
  const clock = host.querySelector('.fl-clock')
  if (input === null || clock === null) throw new Error('no scrubber')
  const set = (change: Partial<LabStoreState>) => act(() => store.setState(change))
  return { store, input, clock, set }
}

describe('Scrubber', () => {
  it('follows a cursor playing by time a track pixel at a time, and shows it exactly once paused', () => {
    const { store, input, clock, set } = mount(400)
    const { startMs, endMs } = cursorBoundsOf(store.getState())
    const step = scrubberStepMs(endMs - startMs, 400)
    expect(step).toBeGreaterThan(1)
    set({ playMode: 'time', playing: true, cursorMs: 3 * step + 7 })
    expect(input.value).toBe(String(3 * step))
    expect(clock.textContent).toContain(((3 * step) / 1000).toFixed(3))
    expect(input.getAttribute('aria-valuetext')).toMatch(new RegExp(`^${(3 * step) / 1000}`))
    set({ playing: false })
    expect(input.value).toBe(String(3 * step + 7))
    expect(clock.textContent).toContain(((3 * step + 7) / 1000).toFixed(3))
  })

  it('shows the exact cursor while the story plays (it holds on an event’s own time)', () => {
    const { input, set } = mount(400)
    set({ playMode: 'story', playing: true, cursorMs: 5_005 })
    expect(input.value).toBe('5005')
  })

  it('shows the exact cursor until its track has been measured', () => {
    const { input, set } = mount(0)
    set({ playMode: 'time', playing: true, cursorMs: 5_005 })
    expect(input.value).toBe('5005')
  })
})
