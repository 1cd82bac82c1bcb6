import { describe, expect, it } from 'vitest'
import type { Scenario } from '../sim'
import { findPreset } from '../sim'
import { parseOrThrow } from '../testing/runs'
import type { ChaosInput } from './chaos'
import { runChaos } from './chaos'
import type { TimedChaosProgress } from './chaosClient'
import { createChaosClient } from './chaosClient'
import { createChaosHost } from './chaosHost'
import { inProcessWorker } from '../testing/inProcessWorker'
import { BUDGET_FAULT_KINDS } from './types'

// The job client and host themselves (cancel, replace, dispose, failures) are tested in
// jobClient.test.ts; these check chaos mode's instance of them.

const scenarioOf = (id: string): Scenario => parseOrThrow(findPreset(id)?.scenario)

function setup() {
  const { port, log } = inProcessWorker(createChaosHost, {
    later: setImmediate,
    clone: structuredClone,
    nowMs: () => performance.now(),
  })
  return { port, log, client: createChaosClient(port) }
}

const input: ChaosInput = {
  scenario: scenarioOf('gc-pause'),
  baseFaults: 'none',
  kinds: BUDGET_FAULT_KINDS,
  maxFaults: 2,
  runs: 400,
  seed: 7,
}

describe('chaos worker client (with the host in-process)', () => {
  it('runs to the end in chunks, with the same result as a direct run', async () => {
    const { client, log } = setup()
    const seen: TimedChaosProgress[] = []
    const outcome = await client.start(input, (p) => seen.push(p)).outcome
    expect(outcome.status).toBe('done')
    if (outcome.status !== 'done') return
    const { elapsedMs: _e, runsPerSecond: _r, ...progress } = outcome.progress
    expect(progress).toEqual(runChaos(input))
    expect(outcome.result).toEqual(progress)
    expect(seen.length).toBeGreaterThan(1)
    for (let i = 1; i < seen.length; i++) {
      expect((seen[i] as TimedChaosProgress).done).toBeGreaterThan(
        (seen[i - 1] as TimedChaosProgress).done,
      )
    }
    expect(log.at(-1)?.type).toBe('done')
    client.dispose()
  })

  it('stops promptly on cancel', async () => {
    const { client } = setup()
    let count = 0
    const job = client.start({ ...input, runs: 100_000 }, () => {
      if (++count === 2) job.cancel()
    })
    const outcome = await job.outcome
    expect(outcome.status).toBe('cancelled')
    if (outcome.status !== 'cancelled') return
    expect(outcome.progress?.done).toBeLessThan(100_000)
    client.dispose()
  })

  it('words its failures for chaos mode', async () => {
    const { client, port } = setup()
    expect(await client.start({ ...input, runs: 0 }).outcome).toEqual({
      status: 'failed',
      message: 'Cannot run chaos: runs must be a whole number from 1 to 100000',
    })
    const job = client.start({ ...input, runs: 100_000 })
    port.onerror?.({ message: 'script error' })
    expect(await job.outcome).toEqual({
      status: 'failed',
      message: 'The chaos worker failed: script error.',
    })
    client.dispose()
    expect(await client.start(input).outcome).toEqual({
      status: 'failed',
      message: 'Chaos mode was closed.',
    })
  })
})
