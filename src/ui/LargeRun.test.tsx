/**
 * The large-run prompt and progress as the reader sees them: the size and the choice before a
 * run above the page's budget, then the progress with Cancel, and nothing once the run is shown.
 */
import { act } from 'react'
import { createRoot } from 'react-dom/client'
import { afterEach, describe, expect, it } from 'vitest'
import type { RunClient, RunJobProgress } from '../explore/runJob'
import { createLabStore, createLargeRuns, LabProvider } from '../store'
import { RENEWING_ALL_DAY } from '../testing/largeRun'
import { parseOrThrow } from '../testing/runs'
import { LargeRun, OpeningNote } from './LargeRun'
import { ScenarioSelect } from './ScenarioPicker'

;(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true

afterEach(() => {
  document.body.innerHTML = ''
})

/** A runner whose job never ends by itself: the test reports progress and sees Cancel. */
function heldRunner() {
  const seen = { cancelled: false, report: (_p: RunJobProgress) => {} }
  const client: RunClient = {
    start: (_input, onProgress) => {
      seen.report = (p) => onProgress?.(p)
      return {
        id: 1,
        outcome: new Promise(() => {}),
        cancel: () => {
          seen.cancelled = true
        },
      }
    },
    dispose: () => {},
  }
  return { client, seen }
}

function mount() {
  const { client, seen } = heldRunner()
  const store = createLabStore({
    scenario: parseOrThrow(RENEWING_ALL_DAY),
    reducedMotion: true,
    background: { createLargeRuns, runner: () => Promise.resolve(client) },
  })
  const host = document.body.appendChild(document.createElement('div'))
  act(() =>
    createRoot(host).render(
      <LabProvider store={store}>
        <LargeRun />
        <div className="stage">
          <OpeningNote />
        </div>
        <ScenarioSelect />
      </LabProvider>,
    ),
  )
  return { host, store, seen }
}

const button = (host: HTMLElement, name: RegExp) => {
  const found = [...host.querySelectorAll('button')].find((b) => name.test(b.textContent ?? ''))
  if (found === undefined) throw new Error(`no button ${name.source}`)
  return found
}

describe('LargeRun', () => {
  it('asks with the size and the choices, then shows progress and cancels', async () => {
    const { host, store, seen } = mount()
    const ask = host.querySelector('section[aria-label="A large run"]')
    expect(ask?.textContent).toContain(
      '“Renewing all day” is a large run: 2,000,000 events or more.',
    )
    expect(button(host, /^Shorten it to \d/).textContent).toMatch(/^Shorten it to [\d:.]+/)
    button(host, /^Not now$/)
    // The lab opened with this run: no other scenario stands in for it, in the stage or the picker.
    expect(ask?.textContent).toContain('“Not now” shows the default scenario instead.')
    const stage = () => host.querySelector('.stage')
    expect(stage()?.textContent).toBe('“Renewing all day” is drawn here once its run is computed.')
    const select = host.querySelector('select')
    expect(select?.selectedOptions[0]?.textContent).toBe('Custom: Renewing all day')

    act(() => button(host, /^Run it in the background$/).click())
    // The runner's client loads on first use (a promise).
    await act(async () => {
      await Promise.resolve()
    })
    const running = () => host.querySelector('section[aria-label="Computing the run"]')
    expect(running()?.textContent).toContain('Starting…')
    act(() => seen.report({ phase: 'running', events: 123_456, atMs: 61_000, elapsedMs: 900 }))
    expect(running()?.textContent).toContain('123,456 events so far')
    expect(running()?.textContent).toContain('The page keeps answering meanwhile.')
    const bar = host.querySelector('progress')
    expect(Number(bar?.getAttribute('value'))).toBeGreaterThan(0)

    act(() => button(host, /^Cancel$/).click())
    expect(seen.cancelled).toBe(true)
    expect(running()).toBeNull()
    expect(store.getState().pendingRun).toBeNull()
    expect(host.querySelector('.fl-large-run')).toBeNull()
    // Cancelled, the lab shows its default scenario, named in the picker.
    expect(select?.selectedOptions[0]?.textContent).toBe('GC pause: token 41 vs 42')
  })
})
