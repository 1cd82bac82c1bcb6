import { describe, expect, it } from 'vitest'
import type { Scenario } from '../sim'
import { findPreset } from '../sim'
import { parseOrThrow } from '../testing/runs'
import { inProcessWorker } from '../testing/inProcessWorker'
import type { TimedProgress } from './protocol'
import type { ExploreInput } from './types'
import { createExplorerClient } from './workerClient'
import { createExplorerHost } from './workerHost'

// The job client and host themselves (cancel, replace, dispose, failures) are tested in
// jobClient.test.ts; these check the explorer's instance of them.

const scenarioOf = (id: string): Scenario => parseOrThrow(findPreset(id)?.scenario)

function setup() {
  const { port, log } = inProcessWorker(createExplorerHost, {
    later: setImmediate,
    clone: structuredClone,
    nowMs: () => performance.now(),
  })
  return { port, log, client: createExplorerClient(port) }
}

const unfenced: ExploreInput = {
  scenario: scenarioOf('gc-pause-unfenced'),
  baseFaults: 'none',
  target: { kinds: ['token-order'] },
}
const fencedWholeBudget: ExploreInput = {
  scenario: scenarioOf('gc-pause'),
  baseFaults: 'none',
  target: { kinds: ['token-order'] },
}

describe('explorer worker client (with the host in-process)', () => {
  it('runs a search to its counterexample', async () => {
    const { client, log } = setup()
    const seen: TimedProgress[] = []
    const outcome = await client.start(unfenced, (p) => seen.push(p)).outcome
    expect(outcome.status).toBe('done')
    if (outcome.status !== 'done' || outcome.result.kind !== 'counterexample') return
    expect(outcome.result.counterexample.finding.kind).toBe('token-order')
    expect(outcome.progress.result).toEqual(outcome.result)
    expect(seen.at(-1)).toEqual(outcome.progress)
    expect(log.at(-1)?.type).toBe('done')
    client.dispose()
  })

  it('reports the search’s progress, timed, until cancelled', async () => {
    const { client } = setup()
    const seen: TimedProgress[] = []
    const search = client.start(fencedWholeBudget, (p) => {
      seen.push(p)
      if (seen.length === 3) search.cancel()
    })
    const outcome = await search.outcome
    expect(outcome.status).toBe('cancelled')
    if (outcome.status !== 'cancelled') return
    expect(seen.length).toBeGreaterThanOrEqual(3)
    for (const [i, p] of seen.entries()) {
      expect(p.result).toBeNull()
      expect(p.explored).toBeGreaterThan(i === 0 ? 0 : (seen[i - 1] as TimedProgress).explored)
      expect(p.distinct).toBeLessThanOrEqual(p.runs)
      expect(p.elapsedMs).toBeGreaterThanOrEqual(0)
      expect(p.schedulesPerSecond).toBeGreaterThanOrEqual(0)
      expect(p.budget.maxSchedules).toBe(200_000)
    }
    // The search stopped long before the budget was used up.
    expect(outcome.progress?.explored).toBeLessThan(100_000)
    client.dispose()
  })

  it('words its failures for the explorer', async () => {
    const { client, port } = setup()
    expect(await client.start({ ...unfenced, budget: { maxFaults: 9 } }).outcome).toEqual({
      status: 'failed',
      message: 'Cannot explore: budget.maxFaults must be a whole number from 1 to 3',
    })
    const search = client.start(fencedWholeBudget)
    port.onerror?.({ message: 'script error' })
    expect(await search.outcome).toEqual({
      status: 'failed',
      message: 'The explorer worker failed: script error.',
    })
    client.dispose()
    expect(await client.start(unfenced).outcome).toEqual({
      status: 'failed',
      message: 'The explorer was closed.',
    })
  })
})
