import { describe, expect, it } from 'vitest'
import type { Scenario } from '../sim'
import { findPreset, parseScenario } from '../sim'
import type { FromExplorer, TimedProgress, ToExplorer } from './protocol'
import type { ExploreInput } from './types'
import type { ExplorerPort } from './workerClient'
import { createExplorerClient } from './workerClient'
import { createExplorerHost } from './workerHost'

function scenarioOf(id: string): Scenario {
  const parsed = parseScenario(findPreset(id)?.scenario)
  if (!parsed.ok) throw new Error(parsed.message)
  return parsed.scenario
}

/**
 * The worker, in-process: messages cross as structured clones on later macrotasks, as they do
 * between a page and a Web Worker.
 */
function inProcessWorker() {
  const log: FromExplorer[] = []
  const toHost: ToExplorer[] = []
  let terminated = false
  const port: ExplorerPort = {
    onmessage: null,
    onerror: null,
    postMessage(message) {
      if (terminated) return
      toHost.push(message)
      setImmediate(() => host.receive(structuredClone(toHost.shift() as ToExplorer)))
    },
    terminate() {
      terminated = true
    },
  }
  const host = createExplorerHost({
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
    const { port, log } = inProcessWorker()
    const client = createExplorerClient(port)
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

  it('reports progress in chunks and stops promptly on cancel', async () => {
    const { port, log } = inProcessWorker()
    const client = createExplorerClient(port)
    let search: ReturnType<typeof client.start> | null = null
    const seen: TimedProgress[] = []
    search = client.start(fencedWholeBudget, (p) => {
      seen.push(p)
      if (seen.length === 3) search?.cancel()
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
      expect(p.budget.maxSchedules).toBe(200_000)
    }
    // The search stopped long before the budget was used up.
    expect(outcome.progress?.explored).toBeLessThan(100_000)
    expect(log.filter((m) => m.type === 'cancelled')).toHaveLength(1)
    expect(log.some((m) => m.type === 'done')).toBe(false)
    client.dispose()
  })

  it('a new search replaces the one in progress', async () => {
    const { port } = inProcessWorker()
    const client = createExplorerClient(port)
    const first = client.start(fencedWholeBudget)
    const second = client.start(unfenced)
    expect((await first.outcome).status).toBe('cancelled')
    expect((await second.outcome).status).toBe('done')
    client.dispose()
  })

  it('bad input fails with a message that names it', async () => {
    const { port } = inProcessWorker()
    const client = createExplorerClient(port)
    const outcome = await client.start({ ...unfenced, budget: { maxFaults: 9 } }).outcome
    expect(outcome).toEqual({
      status: 'failed',
      message: 'Cannot explore: budget.maxFaults must be a whole number from 1 to 3',
    })
    client.dispose()
  })

  it('dispose terminates the worker and ends the search in progress', async () => {
    const { port } = inProcessWorker()
    const client = createExplorerClient(port)
    const search = client.start(fencedWholeBudget)
    client.dispose()
    expect((await search.outcome).status).toBe('cancelled')
    expect((await client.start(unfenced).outcome).status).toBe('failed')
  })

  it('a worker error ends the search as failed', async () => {
    const { port } = inProcessWorker()
    const client = createExplorerClient(port)
    const search = client.start(fencedWholeBudget)
    port.onerror?.({ message: 'script error' })
    expect(await search.outcome).toEqual({
      status: 'failed',
      message: 'The explorer worker failed: script error.',
    })
    client.dispose()
  })
})
