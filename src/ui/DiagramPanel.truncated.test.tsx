/**
 * A run cut at the engine's event cap says so above the diagram, where it was cut, and its
 * verdict is inconclusive. The real cap is 2,000,000 events; the lab's engine is wrapped here to
 * cut at a few dozen, so the same road (scenario → run → checker → notice) is taken quickly.
 */
import { act } from 'react'
import { createRoot } from 'react-dom/client'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type * as Sim from '../sim'
import { formatMs, parseScenario, SCENARIO_FORMAT } from '../sim'
import { createLabStore, LabProvider } from '../store'
import { DiagramPanel } from './DiagramPanel'

const CAP = 40

vi.mock('../sim', async (importOriginal) => {
  const sim = await importOriginal<typeof Sim>()
  return {
    ...sim,
    run: (...[scenario, options]: Parameters<typeof sim.run>) =>
      sim.run(scenario, { maxEvents: CAP, ...options }),
  }
})

;(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true

afterEach(() => {
  document.body.replaceChildren()
})

function show(store: ReturnType<typeof createLabStore>): HTMLElement {
  const host = document.createElement('div')
  document.body.append(host)
  act(() => {
    createRoot(host).render(
      <LabProvider store={store}>
        <DiagramPanel />
      </LabProvider>,
    )
  })
  return host
}

describe('a truncated run', () => {
  it('says above the diagram where it was cut, and the verdict is inconclusive', () => {
    // Lock delay renews for a long while and breaks nothing before the cut.
    const store = createLabStore({ preset: 'lock-delay', reducedMotion: true })
    const { run, findings } = store.getState().lab
    // The cap is checked after each step, and one step may record a few events.
    expect(run.truncated?.eventCount).toBeGreaterThanOrEqual(CAP)
    expect(run.truncated?.eventCount).toBe(run.events.length - 1)
    expect(run.events.at(-1)?.type).toBe('RunEnded')
    expect(findings.violations).toEqual([])
    expect(findings.verdict).toBe('inconclusive')

    const notice = show(store).querySelector('.fl-truncated')
    expect(notice?.getAttribute('role')).toBe('status')
    const cut = run.truncated
    if (cut === null) throw new Error('unreachable: checked above')
    expect(notice?.textContent).toBe(
      `Run cut short. It reached the engine’s limit of ${cut.eventCount} events at ${formatMs(cut.atMs)}; ` +
        'nothing after that was simulated, so the verdict is inconclusive unless a violation came ' +
        'first. Shorten durationMs or slow the renewals.',
    )
    expect(cut.atMs).toBe(run.events[cut.eventCount - 1]?.atMs)
    expect(cut.atMs).toBeLessThan(run.scenario.durationMs)
  })

  it('shows no notice for a complete run', () => {
    const parsed = parseScenario({
      format: SCENARIO_FORMAT,
      title: 'Short',
      clients: [{ id: 'A', script: [{ do: 'acquire' }] }],
    })
    if (!parsed.ok) throw new Error(parsed.message)
    const store = createLabStore({ scenario: parsed.scenario, reducedMotion: true })
    expect(store.getState().lab.run.truncated).toBeNull()
    expect(show(store).querySelector('.fl-truncated')).toBeNull()
  })
})
