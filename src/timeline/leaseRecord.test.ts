/**
 * The inspector's Kubernetes Lease and Chubby sequencer views tell the truth about real records:
 * the Lease follows client-go's leader election (tryAcquireOrRenew and release in
 * k8s.io/client-go/tools/leaderelection), the sequencer has a generation only for monotonic tokens,
 * and no renew moves a lease's expiry backwards in true time.
 */
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import type { ScenarioInput, TraceEvent } from '../sim'
import { check, run } from '../sim'
import { buildSystem } from '../systems'
import { scenarioArb } from '../testing/arbitraries'
import { assertProperty, PROPERTY_SEEDS } from '../testing/property'
import { eventsOf, parseOrThrow, runInput } from '../testing/runs'
import type { LabState } from './labState'
import { buildTimeline, stateAt } from './timeline'

function states(input: ScenarioInput) {
  const r = runInput(input)
  const timeline = buildTimeline(r, check(r))
  return { r, at: (ms: number): LabState => stateAt(timeline, ms) }
}

describe('the Lease view follows client-go', () => {
  // A holds, lets its lease run out; B takes over and releases; A takes it again and re-acquires.
  const input: ScenarioInput = {
    lockService: { leaseMs: 1000 },
    network: { latencyMs: 5 },
    clients: [
      {
        id: 'A',
        script: [
          { do: 'acquire' },
          { do: 'work', ms: 2500 },
          { do: 'acquire' },
          { do: 'acquire' },
          { do: 'work', ms: 100 },
          { do: 'release' },
        ],
      },
      {
        id: 'B',
        startMs: 1500,
        script: [{ do: 'acquire' }, { do: 'work', ms: 200 }, { do: 'release' }],
      },
    ],
  }

  it('leaseTransitions starts at 0 and counts changes of holder only', () => {
    const { r, at } = states(input)
    const grants = eventsOf(r, 'LeaseGranted')
    expect(grants.map((g) => [g.client, g.reentrant])).toEqual([
      ['A', false],
      ['B', false],
      ['A', false],
      ['A', true],
    ])
    // The creator: 0. B takes over: 1. After B's release A takes it: 2. A's re-acquire: still 2.
    expect(grants.map((g) => at(g.atMs).lease.leaseTransitions)).toEqual([0, 1, 2, 2])
    expect(at(grants[0]!.atMs).lease.acquireTimeMs).toBe(grants[0]!.atMs)
    expect(at(grants[3]!.atMs).lease.acquireTimeMs).toBe(grants[2]!.atMs)
  })

  it('holderIdentity stays when the lease runs out; only a new holder or a release changes it', () => {
    const { r, at } = states(input)
    const expired = eventsOf(r, 'LeaseExpired')[0]!
    const afterExpiry = at(expired.atMs + 100)
    expect(afterExpiry.lock.holderIdentity).toBeNull() // the lab's lock service: free
    expect(afterExpiry.lease).toMatchObject({ exists: true, holderIdentity: 'A' }) // the record
    const bGrant = eventsOf(r, 'LeaseGranted')[1]!
    expect(at(bGrant.atMs).lease.holderIdentity).toBe('B')
    const bRelease = eventsOf(r, 'LeaseReleased')[0]!
    expect(at(bRelease.atMs).lease).toMatchObject({
      holderIdentity: '',
      leaseDurationSeconds: 1,
      acquireTimeMs: bRelease.atMs,
      renewTimeMs: bRelease.atMs,
      leaseTransitions: 1,
    })
  })

  it('taking the lock back while the record still names you is a renewal', () => {
    const { r, at } = states({
      lockService: { leaseMs: 1000 },
      clients: [
        { id: 'A', script: [{ do: 'acquire' }, { do: 'work', ms: 2000 }, { do: 'acquire' }] },
      ],
    })
    const [first, again] = eventsOf(r, 'LeaseGranted')
    expect(again!.reentrant).toBe(false) // the lab's service had freed it
    expect(at(again!.atMs).lease).toMatchObject({
      holderIdentity: 'A',
      leaseTransitions: 0,
      acquireTimeMs: first!.atMs,
      renewTimeMs: again!.atMs,
    })
  })

  it('leaseDurationSeconds is a whole number of seconds, as client-go writes it', () => {
    for (const [leaseMs, seconds] of [
      [15000, 15],
      [2500, 2],
      [10999, 10],
    ] as const) {
      const { r, at } = states({
        lockService: { leaseMs },
        clients: [{ id: 'A', script: [{ do: 'acquire' }] }],
      })
      const lease = at(eventsOf(r, 'LeaseGranted')[0]!.atMs).lease
      expect(lease.leaseDurationSeconds).toBe(seconds)
      expect(Number.isInteger(lease.leaseDurationSeconds)).toBe(true)
    }
  })

  it('a lock service that forgets everything takes the record with it', () => {
    const { r, at } = states({
      lockService: { persistence: 'volatile', leaseMs: 5000 },
      clients: [
        { id: 'A', script: [{ do: 'acquire' }, { do: 'work', ms: 3000 }] },
        { id: 'B', startMs: 1000, script: [{ do: 'acquire' }] },
      ],
      faults: [{ atMs: 500, do: 'crash', node: 'lock', restartAfterMs: 100 }],
    })
    expect(at(700).lease).toMatchObject({ exists: false, holderIdentity: '', leaseTransitions: 0 })
    const bGrant = eventsOf(r, 'LeaseGranted').find((g) => g.client === 'B')!
    expect(at(bGrant.atMs).lease).toMatchObject({ holderIdentity: 'B', leaseTransitions: 0 })
  })

  it('client-go, defaults, leader frozen 20 s: the record names B from the takeover on', () => {
    const built = buildSystem('client-go')
    if (!built.ok) throw new Error(built.message)
    const { at } = states(built.built.scenario)
    expect(at(10000).lease).toMatchObject({
      holderIdentity: 'A',
      leaseTransitions: 0,
      leaseDurationSeconds: 15,
    })
    expect(at(15005).lease).toMatchObject({
      holderIdentity: 'B',
      leaseTransitions: 1,
      acquireTimeMs: 15005,
    })
    // A acts at 21 s, but the record — which A never rewrites — still names B.
    expect(at(25000).lease).toMatchObject({ holderIdentity: 'B', leaseTransitions: 1 })
  })
})

describe('the sequencer view', () => {
  const script: ScenarioInput['clients'] = [
    { id: 'A', script: [{ do: 'acquire' }, { do: 'work', ms: 10 }] },
  ]
  it('has a generation for monotonic tokens', () => {
    const { at } = states({ lockService: { firstToken: 41 }, clients: script })
    expect(at(6).sequencer).toEqual({
      lock: 'lock',
      mode: 'exclusive',
      generation: 41,
      noGeneration: null,
    })
  })
  it('says there is none for random values, or with no token', () => {
    const random = states({ lockService: { tokens: 'random' }, clients: script }).at(6)
    expect(random.lock.token).toEqual(expect.any(String))
    expect(random.sequencer).toMatchObject({ generation: null, noGeneration: 'random' })
    const none = states({ lockService: { tokens: 'none' }, clients: script }).at(6)
    expect(none.sequencer).toMatchObject({ generation: null, noGeneration: 'none' })
  })
})

describe('renewals and the lock service’s clock', () => {
  it('a renew after the service’s clock jumped back still moves the expiry forward', () => {
    const r = runInput({
      lockService: { leaseMs: 1000 },
      clients: [
        {
          id: 'A',
          renewEveryMs: 300,
          script: [{ do: 'acquire' }, { do: 'work', ms: 1000 }, { do: 'release' }],
        },
      ],
      faults: [{ atMs: 400, do: 'clock-jump', node: 'lock', ms: -5000 }],
    })
    const refreshes = r.events.filter((e) => e.type === 'LeaseGranted' || e.type === 'LeaseRenewed')
    expect(refreshes.length).toBeGreaterThan(2)
    const expiries = refreshes.map((e) => ('expiresAtMs' in e ? e.expiresAtMs : 0))
    expect(expiries).toEqual([...expiries].sort((a, b) => a - b))
    // On the service's own clock the renew after the jump is earlier: true time is what counts.
    const onService = refreshes.map((e) => ('expiresAtServiceMs' in e ? e.expiresAtServiceMs : 0))
    expect(onService.some((ms, i) => i > 0 && ms < onService[i - 1]!)).toBe(true)
  })
})

type Refresh = Extract<TraceEvent, { type: 'LeaseGranted' | 'LeaseRenewed' }>

describe.each(PROPERTY_SEEDS)('seed %i', (seed) => {
  it('a renew never moves a lease’s expiry backwards in true time (clock jumps included)', () => {
    assertProperty(
      fc.property(scenarioArb(), (input) => {
        const r = run(parseOrThrow(input), { maxEvents: 100_000 })
        const lastExpiry = new Map<number, number>()
        for (const e of r.events) {
          if (e.type !== 'LeaseGranted' && e.type !== 'LeaseRenewed') continue
          const refresh: Refresh = e
          const before = lastExpiry.get(refresh.grant)
          if (before !== undefined) expect(refresh.expiresAtMs).toBeGreaterThanOrEqual(before)
          lastExpiry.set(refresh.grant, refresh.expiresAtMs)
        }
      }),
      { seed, numRuns: 40 },
    )
  })
})
