/**
 * The lab page while a heavy link's run is asked about: the default scenario the store holds
 * meanwhile is not made into a stage or panels (only the prompt and the link's waiting stage are),
 * and "Not now" makes them for the default.
 */
import { act } from 'react'
import { afterEach, describe, expect, it } from 'vitest'
import type { RunClient } from '../explore/runJob'
import { createLabStore, createLargeRuns, LabProvider } from '../store'
import { RENEWING_ALL_DAY } from '../testing/largeRun'
import { testRoots, waitUntil } from '../testing/reactRoots'
import { parseOrThrow } from '../testing/runs'
import { Lab } from './Lab'

;(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true

const roots = testRoots()
afterEach(() => roots.unmountAll())

/** A runner never asked for here: the reader says "Not now". */
const idleRunner: RunClient = {
  start: () => ({ id: 1, outcome: new Promise(() => {}), cancel: () => {} }),
  dispose: () => {},
}

describe('the lab page opening a heavy link', () => {
  it('makes no stage for the default scenario until the reader says "Not now"', async () => {
    const store = createLabStore({
      scenario: parseOrThrow(RENEWING_ALL_DAY),
      reducedMotion: true,
      background: { createLargeRuns, runner: () => Promise.resolve(idleRunner) },
    })
    const { host } = roots.mount(
      <LabProvider store={store}>
        <Lab />
      </LabProvider>,
    )
    // The prompt's code loads on demand.
    await waitUntil(() => host.querySelector('section[aria-label="A large run"]') !== null)
    expect(store.getState().pendingRun?.opening).toBe(true)
    const defaultStage = () => host.querySelector('section.fl-stage:not(.fl-stage--opening)')
    const play = () => host.querySelector('button[aria-label="Play"]')
    expect(host.querySelector('section[aria-label="A large run"]')).not.toBeNull()
    expect(host.querySelector('.fl-stage--opening')).not.toBeNull()
    // The default's stage is there, empty: no caption, diagram or controls made for it.
    expect(defaultStage()).not.toBeNull()
    expect(defaultStage()?.childElementCount).toBe(0)
    expect(play()).toBeNull()
    expect(host.querySelector('.fl-panels, .fl-held')).toBeNull()

    const notNow = [...host.querySelectorAll('button')].find((b) => b.textContent === 'Not now')
    act(() => notNow?.click())
    expect(store.getState().pendingRun).toBeNull()
    expect(host.querySelector('.fl-stage--opening')).toBeNull()
    expect(defaultStage()?.childElementCount).toBeGreaterThan(0)
    expect(play()).not.toBeNull()
    // The panels' code loads on demand, now that there is something to show.
    await waitUntil(() => host.querySelector('.fl-panels') !== null)
    expect(host.querySelector('.fl-panels')).not.toBeNull()
  })
})
