import { afterEach, describe, expect, it, vi } from 'vitest'
import { openedAhead } from './App'

describe('openedAhead', () => {
  afterEach(() => {
    history.replaceState(null, '', '/')
    vi.useRealTimers()
  })

  it('opens the address’s lab, and hands it over only after a timer: the render is a task of its own', async () => {
    history.replaceState(null, '', '/?scenario=lock-delay')
    vi.useFakeTimers()
    let handed = false
    const opening = openedAhead(null).then((opened) => {
      handed = true
      return opened
    })
    for (let i = 0; i < 5; i++) await Promise.resolve()
    expect(handed).toBe(false)
    vi.runAllTimers()
    const opened = await opening
    expect(handed).toBe(true)
    expect(opened.store.getState().lab.scenario.id).toBe('lock-delay')
    expect(opened.brokenLink).toBeNull()
  })
})
