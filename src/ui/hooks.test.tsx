import { act } from 'react'
import { createRoot } from 'react-dom/client'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { useSettled } from './hooks'

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

function mount() {
  const seen: number[] = []
  function Probe({ value, urgent }: { value: number; urgent: boolean }) {
    seen.push(useSettled(value, 100, () => urgent))
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
})
