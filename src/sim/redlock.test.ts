/**
 * A lock service of independent nodes (docs/scenario-format.md, “Services of several nodes”):
 * one focused test per rule of the Redlock client and its nodes, and the two-holders violation.
 */
import { describe, expect, it } from 'vitest'
import { check } from './checker'
import { findPreset } from './presets'
import type { Preset } from './presets'
import type { ScenarioInput } from './scenario'
import { parseScenario } from './scenario'
import { eventsOf, onlyEvent, parseOrThrow, runInput } from '../testing/runs'
import { run } from './engine'

const FIVE = ['n1', 'n2', 'n3', 'n4', 'n5'].map((id) => ({ id }))

function service(extra: Record<string, unknown> = {}) {
  return { leaseMs: 10_000, nodes: FIVE, ...extra }
}

describe('a service of several nodes: the scenario', () => {
  it('defaults to random values, a majority quorum and Redlock’s client settings', () => {
    const s = parseOrThrow({ lockService: service(), clients: [{ id: 'A', script: [] }] })
    expect(s.lockService.tokens).toBe('random')
    expect(s.lockService.nodes?.map((n) => n.id)).toEqual(['n1', 'n2', 'n3', 'n4', 'n5'])
  })

  it('parses a one-node scenario exactly as before (no node fields appear)', () => {
    const s = parseOrThrow({ clients: [{ id: 'A', script: [] }] })
    // In the same order too: links and hashes are made from the parsed scenario's JSON.
    expect(Object.keys(s.lockService)).toEqual([
      'leaseMs',
      'firstToken',
      'tokens',
      'persistence',
      'lockDelayMs',
      'releaseChecksOwner',
      'renewChecksOwner',
      'clockRate',
    ])
    expect(s.lockService).toEqual({
      leaseMs: 10000,
      firstToken: 41,
      tokens: 'monotonic',
      persistence: 'durable',
      lockDelayMs: 0,
      releaseChecksOwner: true,
      renewChecksOwner: true,
      clockRate: 1,
    })
    expect(s.clients[0]).not.toHaveProperty('elapsedTimeCheck')
  })

  it.each<[string, unknown, string]>([
    [
      'monotonic tokens',
      { lockService: service({ tokens: 'monotonic' }) },
      'lockService.tokens: a service of independent nodes gives random values',
    ],
    [
      'a quorum above the nodes',
      { lockService: service({ quorum: 6 }) },
      'lockService.quorum: a quorum of 6 cannot be reached with 5 nodes',
    ],
    [
      'a repeated node id',
      { lockService: { nodes: [{ id: 'n1' }, { id: 'n1' }] } },
      'lockService.nodes[1].id: "n1" is already used',
    ],
    [
      'a node id used by a client',
      { lockService: { nodes: [{ id: 'A' }] } },
      'clients[0].id: "A" is already used',
    ],
    [
      'a quorum without nodes',
      { lockService: { quorum: 2 } },
      'lockService.quorum: only a service of independent nodes has this setting',
    ],
    [
      'a drift factor out of range',
      { lockService: service({ driftFactor: 2 }) },
      'lockService.driftFactor: driftFactor must be at most 0.5',
    ],
    [
      'an empty node list',
      { lockService: { nodes: [] } },
      'lockService.nodes: a service needs at least one node',
    ],
    [
      'a bad node field',
      { lockService: { nodes: [{ id: 'n1', colour: 'red' }] } },
      'lockService.nodes[0].colour: unknown field',
    ],
    [
      'a fault at "lock" with nodes',
      { lockService: service(), faults: [{ atMs: 1, do: 'crash', node: 'lock' }] },
      'faults[0].node: no node "lock"',
    ],
    [
      'a non-boolean elapsedTimeCheck',
      { clients: [{ id: 'A', elapsedTimeCheck: 'no', script: [] }] },
      'clients[0].elapsedTimeCheck',
    ],
  ])('refuses %s with a message naming the path', (_what, partial, message) => {
    const input = { clients: [{ id: 'A', script: [] }], ...(partial as object) }
    const parsed = parseScenario(input)
    expect(parsed.ok).toBe(false)
    if (!parsed.ok) expect(parsed.message).toContain(message)
  })
})

describe('a service of several nodes: the Redlock client', () => {
  const acquireAndRelease = (extra: Partial<ScenarioInput> = {}) =>
    runInput({
      lockService: service(),
      clients: [
        { id: 'A', script: [{ do: 'acquire' }, { do: 'write', value: 'A' }, { do: 'release' }] },
      ],
      resources: [{ id: 'storage', fencing: 'none' }],
      ...extra,
    })

  it('asks every node with one random value and holds with validity = lease − elapsed − drift', () => {
    const r = acquireAndRelease()
    const asked = eventsOf(r, 'MessageSent', 'A').filter((e) => e.kind === 'acquire')
    expect(asked.map((e) => e.to)).toEqual(['n1', 'n2', 'n3', 'n4', 'n5'])
    expect(new Set(asked.map((e) => e.token)).size).toBe(1)
    expect(typeof asked[0]?.token).toBe('string')
    const held = onlyEvent(r, 'QuorumAcquired', 'A')
    // All five answer after 10 ms (5 ms each way); drift = round(0.01 × 10 000) + 2 = 102 ms.
    expect(held).toMatchObject({
      votes: 5,
      nodes: 5,
      quorum: 3,
      elapsedMs: 10,
      driftMs: 102,
      validityMs: 9888,
      validUntilMs: 9898,
      held: true,
    })
    expect(onlyEvent(r, 'BeliefStarted', 'A').deadlineMs).toBe(9898)
  })

  it('waits for a node that does not answer until the per-node timeout, then decides', () => {
    const r = acquireAndRelease({ faults: [{ atMs: 0, do: 'drop', from: 'A', to: 'n5' }] })
    expect(onlyEvent(r, 'QuorumAcquired', 'A')).toMatchObject({
      atMs: 50,
      votes: 4,
      elapsedMs: 50,
      validityMs: 9848,
    })
  })

  it('releases on every node (compare-and-delete with its value)', () => {
    const r = acquireAndRelease()
    const releases = eventsOf(r, 'MessageSent', 'A').filter((e) => e.kind === 'release')
    expect(releases.map((e) => e.to)).toEqual(['n1', 'n2', 'n3', 'n4', 'n5'])
    expect(eventsOf(r, 'LeaseReleased').map((e) => e.node)).toEqual(['n1', 'n2', 'n3', 'n4', 'n5'])
  })

  it('without a quorum, releases everywhere, retries after the delay, then gives up its job', () => {
    const r = runInput({
      lockService: service({ retryCount: 2, retryDelayMs: 200 }),
      clients: [{ id: 'A', script: [{ do: 'acquire' }, { do: 'write', value: 'A' }] }],
      faults: [
        { atMs: 0, do: 'partition', between: ['A', 'n1'] },
        { atMs: 0, do: 'partition', between: ['A', 'n2'] },
        { atMs: 0, do: 'partition', between: ['A', 'n3'] },
      ],
    })
    const failed = eventsOf(r, 'QuorumFailed', 'A')
    expect(failed.map((f) => [f.atMs, f.votes, f.retrying])).toEqual([
      [50, 2, true],
      [300, 2, true],
      [550, 2, false],
    ])
    // After each failure it undoes its minority on every node it can reach.
    expect(eventsOf(r, 'LeaseReleased').map((e) => e.node)).toEqual([
      'n4',
      'n5',
      'n4',
      'n5',
      'n4',
      'n5',
    ])
    expect(eventsOf(r, 'BeliefStarted')).toEqual([])
    expect(onlyEvent(r, 'ScriptFinished', 'A').abandoned).toBe(true)
    expect(eventsOf(r, 'MessageSent', 'A').some((e) => e.kind === 'write')).toBe(false)
  })

  it('a taken key refuses at once (SET NX) rather than queueing the asker', () => {
    const r = runInput({
      lockService: service({ retryCount: 0 }),
      clients: [
        { id: 'A', script: [{ do: 'acquire' }, { do: 'work', ms: 1000 }, { do: 'release' }] },
        { id: 'B', startMs: 100, script: [{ do: 'acquire' }] },
      ],
    })
    expect(eventsOf(r, 'AcquireRefused').map((e) => [e.node, e.client])).toHaveLength(5)
    expect(eventsOf(r, 'AcquireQueued')).toEqual([])
    expect(onlyEvent(r, 'QuorumFailed', 'B')).toMatchObject({ votes: 0, retrying: false })
  })

  it('a volatile node forgets its keys when it crashes; a durable one keeps them', () => {
    const faults = [{ atMs: 100, do: 'crash' as const, node: 'n1', restartAfterMs: 10 }]
    const clients = [
      { id: 'A', script: [{ do: 'acquire' as const }, { do: 'work' as const, ms: 500 }] },
    ]
    const volatile = runInput({
      lockService: { nodes: [{ id: 'n1', persistence: 'volatile' }, { id: 'n2' }] },
      clients,
      faults,
    })
    expect(onlyEvent(volatile, 'LeaseForgotten').node).toBe('n1')
    const durable = runInput({
      lockService: { nodes: [{ id: 'n1' }, { id: 'n2' }] },
      clients,
      faults,
    })
    expect(eventsOf(durable, 'LeaseForgotten')).toEqual([])
  })

  it('each node judges expiry on its own clock: a jump on one node expires only its key', () => {
    const r = runInput({
      lockService: service(),
      clients: [{ id: 'A', script: [{ do: 'acquire' }, { do: 'work', ms: 3000 }] }],
      faults: [{ atMs: 1000, do: 'clock-jump', node: 'n3', ms: 9500 }],
    })
    expect(onlyEvent(r, 'LeaseExpired')).toMatchObject({ atMs: 1000, node: 'n3', client: 'A' })
  })

  it('extends on every node on each renew tick, moving its own deadline', () => {
    const r = runInput({
      durationMs: 5000,
      lockService: service({ leaseMs: 1000 }),
      clients: [
        {
          id: 'A',
          renewEveryMs: 300,
          script: [{ do: 'acquire' }, { do: 'work', ms: 2000 }, { do: 'release' }],
        },
      ],
    })
    const extends_ = eventsOf(r, 'QuorumAcquired', 'A').filter((e) => e.extended)
    expect(extends_.length).toBeGreaterThanOrEqual(6)
    expect(extends_.every((e) => e.held && e.votes === 5)).toBe(true)
    expect(eventsOf(r, 'LeaseRenewed').length).toBe(extends_.length * 5)
    // The lease never lapses while A works: its belief ends only with its release.
    expect(onlyEvent(r, 'BeliefEnded', 'A').reason).toBe('released')
    expect(eventsOf(r, 'LeaseExpired')).toEqual([])
  })
})

describe('redlock-pause: the elapsed-time check', () => {
  const preset = findPreset('redlock-pause') as Preset
  const naive = parseOrThrow(preset.scenario)

  it('a client without it believes a late majority that by the rules is no grant (grant 0)', () => {
    const r = run(naive)
    expect(onlyEvent(r, 'QuorumAcquired', 'A')).toMatchObject({
      atMs: 12_000,
      votes: 5,
      held: false,
      grant: 0,
    })
    expect(onlyEvent(r, 'BeliefStarted', 'A').grant).toBe(0)
    expect(check(r).violations.map((f) => f.kind)).toEqual(['token-order'])
  })

  it('a correct client discards its late majority, releases everywhere, and nothing goes wrong', () => {
    const correct = parseOrThrow({
      ...preset.scenario,
      lockService: { ...preset.scenario.lockService, retryCount: 0 },
      clients: preset.scenario.clients.map((c) =>
        c.id === 'A' ? { ...c, elapsedTimeCheck: true } : c,
      ),
    })
    const r = run(correct)
    expect(onlyEvent(r, 'QuorumFailed', 'A')).toMatchObject({
      atMs: 12_000,
      votes: 5,
      elapsedMs: 12_000,
      validityMs: -2102,
      retrying: false,
    })
    expect(eventsOf(r, 'BeliefStarted', 'A')).toEqual([])
    // Its compare-and-delete finds B's value on every node and deletes nothing.
    expect(eventsOf(r, 'ReleaseRefused').filter((e) => e.client === 'A')).toHaveLength(5)
    const result = check(r)
    expect(result.verdict).toBe('safe')
    expect(result.warnings).toEqual([])
  })
})

describe('the two-holders violation', () => {
  it('reports the overlap of two majorities, with its interval', () => {
    const r = run(parseOrThrow((findPreset('redlock-clock-jump') as Preset).scenario))
    const found = check(r).violations.filter((f) => f.kind === 'two-holders')
    expect(found).toEqual([
      expect.objectContaining({ atMs: 2150, untilMs: 9898, nodes: ['A', 'B'] }),
    ])
    expect(found[0]?.message).toBe(
      "A and B both held the lock by the lock service's own rules from 2.15 s to 9.898 s: each had a quorum of nodes and validity left.",
    )
  })

  it('does not fire when a node stays down for a lease (research S07c)', () => {
    const preset = findPreset('redlock-restart') as Preset
    const input = {
      ...preset.scenario,
      faults: (preset.scenario.faults ?? []).map((f) =>
        f.do === 'crash' ? { ...f, restartAfterMs: 10_000 } : f,
      ),
    }
    const r = run(parseOrThrow(input))
    expect(check(r).violations.map((f) => f.kind)).not.toContain('two-holders')
    // B gets only redis4 and redis5 on each of its four attempts (one and three retries).
    expect(eventsOf(r, 'QuorumFailed', 'B').map((f) => f.votes)).toEqual([2, 2, 2, 2])
  })

  it('ends a hold at its release: the next majority is not a second holder', () => {
    const r = runInput({
      lockService: service(),
      clients: [
        { id: 'A', script: [{ do: 'acquire' }, { do: 'release' }] },
        { id: 'B', startMs: 100, script: [{ do: 'acquire' }, { do: 'release' }] },
      ],
    })
    expect(eventsOf(r, 'QuorumAcquired').map((e) => e.node)).toEqual(['A', 'B'])
    expect(check(r).violations).toEqual([])
  })
})
