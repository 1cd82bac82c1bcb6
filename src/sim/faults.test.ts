import { describe, expect, it } from 'vitest'
import { run } from './engine'
import { parseScenario } from './scenario'
import type { ScenarioInput } from './scenario'

function runOf(input: ScenarioInput) {
  const parsed = parseScenario(input)
  if (!parsed.ok) throw new Error(parsed.message)
  return run(parsed.scenario)
}

const worker: ScenarioInput = {
  clients: [
    {
      id: 'A',
      script: [{ do: 'acquire' }, { do: 'work', ms: 1000 }, { do: 'write', value: 'A' }],
    },
  ],
}

describe('the resume fault (extension)', () => {
  it('ends a pause early: the work is stretched only by the time actually paused', () => {
    const r = runOf({
      ...worker,
      faults: [
        { atMs: 100, do: 'pause', node: 'A', ms: 15_000 },
        { atMs: 600, do: 'resume', node: 'A' },
      ],
    })
    const types = r.events.filter((e) => e.node === 'A').map((e) => [e.type, e.atMs])
    expect(types).toContainEqual(['NodeResumed', 600])
    // 1000 ms of work from 10 ms, paused for 500 ms: it ends at 1510.
    expect(types).toContainEqual(['WorkFinished', 1510])
    // The pause's own scheduled end (15.1 s) is stale and does nothing.
    expect(r.events.filter((e) => e.type === 'NodeResumed')).toHaveLength(1)
  })

  it('does nothing to a node that is not paused', () => {
    const plain = runOf(worker)
    const resumed = runOf({ ...worker, faults: [{ atMs: 50, do: 'resume', node: 'A' }] })
    expect(resumed.events).toEqual(plain.events)
  })

  it('runs what fell due during the pause at the resume, in order', () => {
    const r = runOf({
      ...worker,
      faults: [
        { atMs: 5, do: 'pause', node: 'A', ms: 60_000 },
        { atMs: 2000, do: 'resume', node: 'A' },
      ],
    })
    // The grant arrived at 10 ms while A was paused: A handles it at the resume.
    expect(r.events).toContainEqual(
      expect.objectContaining({ type: 'MessageDelivered', node: 'A', kind: 'grant', atMs: 2000 }),
    )
  })

  it('names a node that exists', () => {
    const parsed = parseScenario({ ...worker, faults: [{ atMs: 1, do: 'resume', node: 'Z' }] })
    expect(parsed.ok).toBe(false)
    if (!parsed.ok) expect(parsed.message).toContain('faults[0].node: no node "Z"')
  })
})
