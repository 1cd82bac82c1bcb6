import { describe, expect, it } from 'vitest'
import type { Scenario } from '../sim'
import { findPreset, parseScenario } from '../sim'
import type { ChaosInput } from './chaos'
import { runChaos } from './chaos'
import type { ChaosPort, TimedChaosProgress } from './chaosClient'
import { createChaosClient } from './chaosClient'
import { createChaosHost } from './chaosHost'
import type { FromChaos } from './chaosProtocol'
import { BUDGET_FAULT_KINDS } from './types'

function scenarioOf(id: string): Scenario {
  const parsed = parseScenario(findPreset(id)?.scenario)
  if (!parsed.ok) throw new Error(parsed.message)
  return parsed.scenario
}

/** The worker, in-process: messages cross as structured clones on later macrotasks. */
function inProcessWorker() {
  const log: FromChaos[] = []
  let terminated = false
  const port: ChaosPort = {
    onmessage: null,
    onerror: null,
    postMessage(message) {
      if (terminated) return
      const copy = structuredClone(message)
      setImmediate(() => host.receive(copy))
    },
    terminate() {
      terminated = true
    },
  }
  const host = createChaosHost({
    post(message) {
      if (terminated) return
      log.push(message)
      const copy = structuredClone(message)
      setImmediate(() => port.onmessage?.({ data: copy }))
    },
    nowMs: () => performance.now(),
    defer: (fn) => setImmediate(() => (terminated ? undefined : fn())),
  })
  return { port, log }
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
    const { port, log } = inProcessWorker()
    const client = createChaosClient(port)
    const seen: TimedChaosProgress[] = []
    const outcome = await client.start(input, (p) => seen.push(p)).outcome
    expect(outcome.status).toBe('done')
    if (outcome.status !== 'done') return
    const { elapsedMs: _e, runsPerSecond: _r, ...progress } = outcome.progress
    expect(progress).toEqual(runChaos(input))
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
    const { port, log } = inProcessWorker()
    const client = createChaosClient(port)
    let count = 0
    const job = client.start({ ...input, runs: 100_000 }, () => {
      if (++count === 2) job.cancel()
    })
    const outcome = await job.outcome
    expect(outcome.status).toBe('cancelled')
    if (outcome.status !== 'cancelled') return
    expect(outcome.progress?.done).toBeLessThan(100_000)
    expect(log.filter((m) => m.type === 'cancelled')).toHaveLength(1)
    expect(log.some((m) => m.type === 'done')).toBe(false)
    client.dispose()
  })

  it('a new run replaces the one in progress; bad input fails with a message', async () => {
    const { port } = inProcessWorker()
    const client = createChaosClient(port)
    const first = client.start({ ...input, runs: 100_000 })
    const second = client.start({ ...input, runs: 10 })
    expect((await first.outcome).status).toBe('cancelled')
    expect((await second.outcome).status).toBe('done')
    expect(await client.start({ ...input, runs: 0 }).outcome).toEqual({
      status: 'failed',
      message: 'Cannot run chaos: runs must be a whole number from 1 to 100000',
    })
    client.dispose()
    expect((await client.start(input).outcome).status).toBe('failed')
  })
})
