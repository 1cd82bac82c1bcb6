/**
 * Engine edges found by differential testing against an independent implementation: each case
 * is the smallest scenario that showed the difference, and checks the rule the format states.
 */
import { describe, expect, it } from 'vitest'
import { check } from './checker'
import { DEFAULT_MAX_EVENTS } from './engine'
import { MAX_FIRST_TOKEN, parseScenario } from './scenario'
import { eventsOf, onlyEvent, runInput } from '../testing/runs'

describe('a client renews while it holds the lease, also after its script ends', () => {
  it('keeps renewing a lease it still holds when its script has run out', () => {
    const r = runInput({
      durationMs: 5000,
      lockService: { leaseMs: 1000 },
      clients: [
        // A acquires and its script ends while it holds the lease; B keeps the run alive.
        { id: 'A', renewEveryMs: 300, script: [{ do: 'acquire' }] },
        { id: 'B', startMs: 100, script: [{ do: 'acquire' }, { do: 'release' }] },
      ],
    })
    const renewals = eventsOf(r, 'LeaseRenewed').filter((e) => e.client === 'A')
    expect(renewals.length).toBeGreaterThan(5)
    // The lease is never lost to expiry, so B waits to the horizon.
    expect(eventsOf(r, 'LeaseExpired')).toEqual([])
    expect(eventsOf(r, 'LeaseGranted').map((g) => g.client)).toEqual(['A'])
  })
})

describe('fenced reads', () => {
  const fencedStorage = { id: 'storage', fencing: 'atomic' as const, fenceReads: true }

  it('serves a token-less read from a client that never acquired, recording nothing', () => {
    const r = runInput({
      resources: [fencedStorage],
      clients: [{ id: 'R', script: [{ do: 'read' }, { do: 'write', value: 'x' }] }],
    })
    expect(onlyEvent(r, 'ReadServed')).toMatchObject({ client: 'R', token: null, recorded: false })
    expect(eventsOf(r, 'ReadRejected')).toEqual([])
    // The write is still fenced: without a token it cannot be ordered.
    expect(onlyEvent(r, 'WriteRejected').reason).toContain('write')
  })

  it('rejects a stale holder’s read with a reason about the read, ending its critical section', () => {
    const r = runInput({
      resources: [fencedStorage],
      lockService: { leaseMs: 100 },
      clients: [
        { id: 'A', script: [{ do: 'acquire' }, { do: 'work', ms: 300 }, { do: 'read' }] },
        {
          id: 'B',
          startMs: 50,
          script: [{ do: 'acquire' }, { do: 'read' }, { do: 'release' }],
        },
      ],
    })
    const rejected = onlyEvent(r, 'ReadRejected')
    expect(rejected.client).toBe('A')
    expect(rejected.reason).toMatch(/read/)
    expect(rejected.reason).not.toMatch(/write/)
    expect(onlyEvent(r, 'BeliefEnded', 'A').reason).toBe('read-rejected')
    expect(onlyEvent(r, 'ScriptFinished', 'A').abandoned).toBe(true)
  })
})

describe('faults that share a millisecond', () => {
  it('arms a partition listed after an expiry before the grant that expiry sends', () => {
    const r = runInput({
      clients: [
        { id: 'A', script: [{ do: 'acquire' }, { do: 'work', ms: 5000 }] },
        { id: 'B', startMs: 100, script: [{ do: 'acquire' }] },
      ],
      faults: [
        { atMs: 1000, do: 'expire-lease' },
        { atMs: 1000, do: 'partition', between: ['lock', 'B'] },
      ],
    })
    const grantToB = eventsOf(r, 'MessageSent', 'lock').find(
      (e) => e.kind === 'grant' && e.to === 'B',
    )
    expect(grantToB?.atMs).toBe(1000)
    expect(grantToB?.deliverAtMs).toBeNull()
    expect(
      eventsOf(r, 'MessageDropped').some(
        (e) => e.msg === grantToB?.msg && e.reason === 'partition',
      ),
    ).toBe(true)
  })

  it('arms a delay listed after a clock jump before the grant the jump causes', () => {
    const r = runInput({
      clients: [
        { id: 'A', script: [{ do: 'acquire' }, { do: 'work', ms: 20_000 }] },
        { id: 'B', startMs: 100, script: [{ do: 'acquire' }] },
      ],
      faults: [
        { atMs: 1000, do: 'clock-jump', node: 'lock', ms: 20_000 },
        { atMs: 1000, do: 'delay', from: 'lock', to: 'B', ms: 700 },
      ],
    })
    const grantToB = eventsOf(r, 'MessageSent', 'lock').find(
      (e) => e.kind === 'grant' && e.to === 'B',
    )
    expect(grantToB).toMatchObject({ atMs: 1000, extraDelayMs: 700, deliverAtMs: 1705 })
  })
})

describe('token-order names a write without the lock for what it is', () => {
  it('says a client that never held the lock overwrote a holder’s write', () => {
    const r = runInput({
      resources: [{ id: 'storage', fencing: 'none' }],
      clients: [
        { id: 'A', script: [{ do: 'acquire' }, { do: 'write', value: 'A' }, { do: 'release' }] },
        { id: 'R', startMs: 100, script: [{ do: 'write', value: 'rogue' }] },
      ],
    })
    const finding = check(r).violations.find((f) => f.kind === 'token-order')
    expect(finding).toBeDefined()
    expect(finding?.message).not.toMatch(/older holder/)
    expect(finding?.message).toMatch(/R never held the lock/)
  })
})

describe('the service stamps leases in whole milliseconds', () => {
  it('keeps expiresAtServiceMs an integer when the service clock runs at a fractional rate', () => {
    const r = runInput({
      lockService: { clockRate: 1.37, leaseMs: 1000 },
      network: { latencyMs: 3 },
      clients: [
        { id: 'A', renewEveryMs: 333, script: [{ do: 'acquire' }, { do: 'work', ms: 2000 }] },
      ],
    })
    const stamped = [...eventsOf(r, 'LeaseGranted'), ...eventsOf(r, 'LeaseRenewed')]
    expect(stamped.length).toBeGreaterThan(3)
    for (const e of stamped) expect(Number.isInteger(e.expiresAtServiceMs)).toBe(true)
  })
})

describe('firstToken is bounded to what the engine counts exactly', () => {
  it('refuses a firstToken near 2^53, naming the path', () => {
    const parsed = parseScenario({
      lockService: { firstToken: 2 ** 53 - 2 },
      clients: [{ id: 'A', script: [{ do: 'acquire' }] }],
    })
    expect(parsed.ok).toBe(false)
    if (parsed.ok) return
    expect(parsed.message).toContain('lockService.firstToken')
    expect(parsed.message).toContain('at most 10^15')
  })

  it('grants distinct, increasing tokens from the largest firstToken it accepts', () => {
    const r = runInput({
      lockService: { firstToken: MAX_FIRST_TOKEN },
      clients: ['A', 'B', 'C'].map((id, i) => ({
        id,
        startMs: i * 50,
        script: [
          { do: 'acquire' as const },
          { do: 'write' as const, value: id },
          { do: 'release' as const },
        ],
      })),
    })
    const tokens = eventsOf(r, 'LeaseGranted').map((g) => g.token)
    expect(tokens).toEqual([MAX_FIRST_TOKEN, MAX_FIRST_TOKEN + 1, MAX_FIRST_TOKEN + 2])
    expect(check(r).verdict).toBe('safe')
  })
})

describe('a run cut at its event cap never gets a plain verdict', () => {
  // A renews every ms for a day: about 5 events per ms, far past any cap.
  const busy = {
    durationMs: 86_400_000,
    network: { latencyMs: 1 },
    clients: [
      {
        id: 'A',
        renewEveryMs: 1,
        script: [{ do: 'acquire' as const }, { do: 'work' as const, ms: 86_000_000 }],
      },
    ],
  }

  it('marks the run truncated, where and after how many events, and calls it inconclusive', () => {
    const r = runInput(busy, { maxEvents: 500 })
    expect(r.endReason).toBe('event-limit')
    // One step can record a few events past the cap; the count says how many there were.
    expect(r.truncated?.atMs).toBe(r.endMs)
    expect(r.truncated?.eventCount).toBe(r.events.length - 1)
    expect(r.events.length - 1).toBeGreaterThanOrEqual(500)
    expect(r.events.length - 1).toBeLessThan(520)
    expect(r.endMs).toBeLessThan(busy.durationMs)
    const result = check(r)
    expect(result.verdict).toBe('inconclusive')
    expect(result.truncated).toEqual(r.truncated)
  })

  it('is still unsafe, and still marked truncated, when a violation came before the cut', () => {
    const r = runInput(
      {
        ...busy,
        resources: [{ id: 'storage', fencing: 'none' }],
        clients: [
          {
            id: 'A',
            renewEveryMs: 1,
            script: [
              { do: 'acquire' },
              { do: 'write', value: 'A' },
              { do: 'work', ms: 86_000_000 },
            ],
          },
          { id: 'R', startMs: 50, script: [{ do: 'write', value: 'rogue' }] },
        ],
      },
      { maxEvents: 5000 },
    )
    expect(r.truncated).not.toBeNull()
    const result = check(r)
    expect(result.violations.length).toBeGreaterThan(0)
    expect(result.verdict).toBe('unsafe')
    expect(result.truncated).toEqual(r.truncated)
  })

  it('reaches the real cap (2M events) on a valid scenario and says so', () => {
    const r = runInput(busy)
    expect(r.truncated?.eventCount).toBeGreaterThanOrEqual(DEFAULT_MAX_EVENTS)
    expect(r.truncated?.eventCount).toBeLessThan(DEFAULT_MAX_EVENTS + 20)
    expect(r.events.at(-1)).toMatchObject({ type: 'RunEnded', reason: 'event-limit' })
    expect(check(r).verdict).toBe('inconclusive')
  }, 60_000)

  it('leaves a complete run untruncated', () => {
    const r = runInput({ clients: [{ id: 'A', script: [{ do: 'acquire' }, { do: 'release' }] }] })
    expect(r.truncated).toBeNull()
    expect(check(r).truncated).toBeNull()
  })
})
