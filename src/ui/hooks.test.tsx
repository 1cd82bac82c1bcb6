import { act } from 'react'
import { createRoot } from 'react-dom/client'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { Settle } from './hooks'
import { AFTER_PAINT_LIMIT_MS, useSettled } from './hooks'

;(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true

afterEach(() => {
  document.body.replaceChildren()
  vi.useRealTimers()
})

/** Fake time passing, with React's updates from it applied. */
function wait(ms: number) {
  act(() => {
    vi.advanceTimersByTime(ms)
  })
}

function mount(otherwise: Settle = 100) {
  const seen: number[] = []
  function Probe({ value, urgent }: { value: number; urgent: boolean }) {
    seen.push(useSettled(value, () => (urgent ? 'now' : otherwise)))
    return null
  }
  const host = document.createElement('div')
  document.body.append(host)
  const root = createRoot(host)
  const show = (value: number, urgent = false) => {
    act(() => {
      root.render(<Probe value={value} urgent={urgent} />)
    })
  }
  return { seen, show, last: () => seen.at(-1) }
}

describe('useSettled', () => {
  it('takes a change only once it has held for the delay', () => {
    vi.useFakeTimers()
    const { show, last } = mount()
    show(1)
    expect(last()).toBe(1)
    // A drag: values come faster than the delay; none of them is taken.
    for (const v of [2, 3, 4, 5]) {
      show(v)
      wait(50)
      expect(last()).toBe(1)
    }
    wait(100)
    expect(last()).toBe(5)
  })

  it('takes a change at once when it is urgent', () => {
    vi.useFakeTimers()
    const { show, last } = mount()
    show(1)
    show(7, true)
    expect(last()).toBe(7)
    // …and a later ordinary change still waits.
    show(8)
    expect(last()).toBe(7)
    wait(100)
    expect(last()).toBe(8)
  })

  it('while changes keep coming, takes the latest one every everyMs', () => {
    vi.useFakeTimers()
    const { show, last } = mount({ everyMs: 100 })
    show(1)
    // Playback: a new value every frame, none of them resting.
    const taken: number[] = []
    for (let v = 2; v <= 25; v++) {
      show(v)
      wait(16)
      taken.push(last() ?? -1)
    }
    // Not every frame, not never: about every 100 ms, each time the value of that moment.
    const changes = taken.filter((v, i) => v !== (taken[i - 1] ?? 1))
    expect(changes.length).toBeGreaterThanOrEqual(3)
    expect(changes.length).toBeLessThanOrEqual(4)
    expect(changes[0]).toBe(8)
    // Once the changes stop, the last one is taken within everyMs.
    wait(100)
    expect(last()).toBe(25)
  })

  it('takes a change after the next frame when told to wait for a paint', () => {
    vi.useFakeTimers()
    const { show, last } = mount('after-paint')
    show(1)
    show(2)
    expect(last()).toBe(1)
    // One frame (fake timers run animation frames every 16 ms), then the task after it.
    wait(17)
    expect(last()).toBe(2)
  })

  it('takes a change waiting for a paint anyway when no frame comes (a hidden tab)', () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
    const frames = vi.spyOn(globalThis, 'requestAnimationFrame').mockImplementation(() => 0)
    const { show, last } = mount('after-paint')
    show(1)
    show(2)
    wait(AFTER_PAINT_LIMIT_MS - 1)
    expect(last()).toBe(1)
    wait(1)
    expect(last()).toBe(2)
    frames.mockRestore()
  })
})
