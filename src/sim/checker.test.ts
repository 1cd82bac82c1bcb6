/**
 * The checker (docs/contracts.md, “Checker kinds”): every violation and warning kind, each triggered by the
 * smallest scenario that shows it and absent from its safe twin, with the finding's time, nodes,
 * sentence and the trace index it points at.
 */
import { describe, expect, it } from 'vitest'
import type { CheckResult, Finding, FindingKind } from './checker'
import { check, VIOLATION_KINDS, WARNING_KINDS } from './checker'
import type { Run } from './engine'
import type { ScenarioInput } from './scenario'
import { runInput } from '../testing/runs'
import type { TraceEvent } from './trace'

type Step = ScenarioInput['clients'][number]['script'][number]
const acquire: Step = { do: 'acquire' }
const release: Step = { do: 'release' }
const read: Step = { do: 'read' }
const sleep = (ms: number): Step => ({ do: 'sleep', ms })
const write = (value: string | number): Step => ({ do: 'write', value })
const increment: Step = { do: 'write', increment: 1 }

function checked(input: ScenarioInput): { run: Run; result: CheckResult } {
  const run = runInput(input)
  return { run, result: check(run) }
}

function kinds(result: CheckResult): FindingKind[] {
  return [...result.violations, ...result.warnings].map((f) => f.kind)
}

function only(result: CheckResult, kind: FindingKind): Finding {
  const found = [...result.violations, ...result.warnings].filter((f) => f.kind === kind)
  if (found.length !== 1) throw new Error(`expected one ${kind}, found ${found.length}`)
  return found[0] as Finding
}

function eventAt(run: Run, finding: Finding): TraceEvent {
  const e = run.events[finding.eventIndex]
  if (e === undefined) throw new Error(`eventIndex ${finding.eventIndex} is outside the trace`)
  return e
}

/**
 * A's 1 s lease expires at 1005 while it sleeps; B (waiting since 100) gets token 42 at 1005,
 * writes at 1015 and keeps believing; A wakes at 2010 and writes with 41, arriving at 2015.
 */
const staleWriter = (resources: ScenarioInput['resources']): ScenarioInput => ({
  lockService: { leaseMs: 1000 },
  resources,
  clients: [
    { id: 'A', script: [acquire, sleep(2000), write('A')] },
    { id: 'B', startMs: 100, script: [acquire, write('B'), sleep(5000)] },
  ],
})

describe('violations', () => {
  it('token-order: an older grant’s write applied after a newer one', () => {
    const { run, result } = checked(staleWriter([{ id: 'storage', fencing: 'none' }]))
    expect(result.verdict).toBe('unsafe')
    const f = only(result, 'token-order')
    expect(f).toMatchObject({ severity: 'violation', atMs: 2015, untilMs: null })
    expect(f.nodes).toEqual(['storage', 'A', 'B'])
    expect(f.message).toBe(
      "storage applied A's write with token 41 after B's write with token 42: an older holder overwrote a newer one.",
    )
    expect(eventAt(run, f)).toMatchObject({ type: 'WriteAccepted', client: 'A', token: 41 })
  })

  it('token-order: judged by grant order, so random tokens are caught too', () => {
    const input = staleWriter([{ id: 'storage', fencing: 'none' }])
    const { run, result } = checked({ ...input, lockService: { leaseMs: 1000, tokens: 'random' } })
    const f = only(result, 'token-order')
    expect(eventAt(run, f)).toMatchObject({ type: 'WriteAccepted', client: 'A', grant: 1 })
  })

  it('token-order: says "no token" for a service that issues none', () => {
    const input = staleWriter([{ id: 'storage', fencing: 'none' }])
    const { result } = checked({ ...input, lockService: { leaseMs: 1000, tokens: 'none' } })
    expect(only(result, 'token-order').message).toBe(
      "storage applied A's write with no token after B's write with no token: an older holder overwrote a newer one.",
    )
  })

  it('token-order: not when the resource fences atomically (safe twin)', () => {
    const { run, result } = checked(staleWriter([{ id: 'storage', fencing: 'atomic' }]))
    expect(kinds(result)).not.toContain('token-order')
    expect(result.verdict).toBe('safe')
    expect(run.events.some((e) => e.type === 'WriteRejected')).toBe(true)
  })

  it('token-order: a newer holder’s absorbed repeat still orders the writes after it', () => {
    // B (42) repeats A's "X" and is acknowledged; then A (41, stale) overwrites it with "Y".
    const { run, result } = checked({
      lockService: { leaseMs: 1000 },
      resources: [{ id: 'storage', fencing: 'none', idempotent: true }],
      clients: [
        { id: 'A', script: [acquire, write('X'), sleep(2000), write('Y')] },
        { id: 'B', startMs: 100, script: [acquire, write('X'), sleep(5000)] },
      ],
    })
    const f = only(result, 'token-order')
    expect(eventAt(run, f)).toMatchObject({ type: 'WriteAccepted', client: 'A', value: 'Y' })
    expect(kinds(result)).toContain('duplicate-work')
  })

  it('token-order: an older holder’s absorbed repeat is harmless', () => {
    const { result } = checked({
      lockService: { leaseMs: 1000 },
      resources: [{ id: 'storage', fencing: 'none', idempotent: true }],
      clients: [
        { id: 'A', script: [acquire, sleep(2000), write('X')] },
        { id: 'B', startMs: 100, script: [acquire, write('X'), sleep(5000)] },
      ],
    })
    expect(result.violations).toEqual([])
    expect(kinds(result)).toContain('duplicate-work')
  })

  it('token-order: only writes count, not effects', () => {
    const { result } = checked({
      ...staleWriter([{ id: 'storage', fencing: 'none' }]),
      clients: [
        {
          id: 'A',
          script: [acquire, sleep(2000), { do: 'effect', resource: 'storage', value: 1 }],
        },
        { id: 'B', startMs: 100, script: [acquire, write('B'), sleep(5000)] },
      ],
    })
    expect(kinds(result)).not.toContain('token-order')
    expect(kinds(result)).toContain('unfenced-effect')
  })

  it('lost-update: fewer increments applied than acknowledged', () => {
    // A and B both read 0 and both write 0 + 1; both are acknowledged, the counter ends at 1.
    const { run, result } = checked({
      resources: [{ id: 'counter', fencing: 'none', initialValue: 0 }],
      clients: [
        { id: 'A', script: [read, sleep(100), increment] },
        { id: 'B', script: [read, sleep(100), increment] },
      ],
    })
    const f = only(result, 'lost-update')
    expect(f).toMatchObject({ severity: 'violation', atMs: run.endMs, nodes: ['counter'] })
    expect(f.message).toBe(
      'counter ends at 1, but increments adding up to 2 were acknowledged (from 0): 1 update was lost.',
    )
    expect(f.eventIndex).toBe(run.events.length - 1)
    expect(eventAt(run, f).type).toBe('RunEnded')
  })

  it('lost-update: not when the increments take turns under the lock (safe twin)', () => {
    const turn = [acquire, read, increment, release]
    const { run, result } = checked({
      resources: [{ id: 'counter', fencing: 'atomic', initialValue: 0 }],
      clients: [
        { id: 'A', script: turn },
        { id: 'B', script: turn },
      ],
    })
    expect(run.final['counter']?.value).toBe(2)
    expect(kinds(result)).toEqual([])
  })

  it('lost-update: counts only increments acknowledged to their client', () => {
    const { result } = checked({
      resources: [{ id: 'counter', fencing: 'none', initialValue: 0 }],
      clients: [
        { id: 'A', script: [read, sleep(100), increment] },
        { id: 'B', script: [read, sleep(100), increment] },
      ],
      // B's acknowledgement never arrives: only A's increment was promised.
      faults: [
        { atMs: 0, do: 'drop', from: 'counter', to: 'B' },
        { atMs: 50, do: 'drop', from: 'counter', to: 'B' },
      ],
    })
    expect(kinds(result)).not.toContain('lost-update')
  })

  const restartedService = (persistence: 'durable' | 'volatile'): ScenarioInput => ({
    lockService: { persistence },
    clients: [
      { id: 'A', script: [acquire, sleep(1000)] },
      { id: 'B', startMs: 300, script: [acquire, release] },
    ],
    faults: [{ atMs: 100, do: 'crash', node: 'lock', restartAfterMs: 100 }],
  })

  it('duplicate-token: a volatile counter hands out 41 twice', () => {
    const { run, result } = checked(restartedService('volatile'))
    const f = only(result, 'duplicate-token')
    expect(f).toMatchObject({ severity: 'violation', atMs: 305, nodes: ['lock', 'B', 'A'] })
    expect(f.message).toMatch(/granted token 41 to B, but it had already granted 41 to A/)
    expect(eventAt(run, f)).toMatchObject({
      type: 'LeaseGranted',
      client: 'B',
      token: 41,
      grant: 2,
    })
  })

  it('duplicate-token: not from a durable counter (safe twin)', () => {
    const { result } = checked(restartedService('durable'))
    expect(kinds(result)).toEqual([])
  })

  it('duplicate-token: not for grants with no token', () => {
    const { result } = checked({
      ...restartedService('volatile'),
      lockService: { persistence: 'volatile', tokens: 'none' },
    })
    expect(kinds(result)).not.toContain('duplicate-token')
  })

  const mailer = (sleepMs: number): ScenarioInput => ({
    lockService: { leaseMs: 1000 },
    resources: [
      { id: 'storage', fencing: 'atomic' },
      { id: 'mailer', fencing: 'none', initialValue: null },
    ],
    clients: [
      {
        id: 'A',
        script: [acquire, sleep(sleepMs), { do: 'effect', resource: 'mailer', value: 'mail' }],
      },
    ],
  })

  it('unfenced-effect: an effect reaches an unfenced resource after the lease ended', () => {
    const { run, result } = checked(mailer(2000))
    const f = only(result, 'unfenced-effect')
    expect(f).toMatchObject({ severity: 'violation', atMs: 2015, nodes: ['mailer', 'A'] })
    expect(f.message).toBe(
      'mailer carried out A\'s effect "mail" although A\'s lease had ended at 1.005 s; mailer has no fencing check.',
    )
    expect(eventAt(run, f)).toMatchObject({ type: 'WriteAccepted', node: 'mailer', effect: true })
  })

  it('unfenced-effect: from a client that never held the lease', () => {
    const { result } = checked({
      ...mailer(0),
      clients: [{ id: 'A', script: [{ do: 'effect', resource: 'mailer', value: 'mail' }] }],
    })
    expect(only(result, 'unfenced-effect').message).toMatch(/although A never held the lease/)
  })

  it('unfenced-effect: not inside the lease (safe twin)', () => {
    const { result } = checked(mailer(500))
    expect(kinds(result)).toEqual([])
  })

  const staleOwner = (
    lockService: ScenarioInput['lockService'],
    renew: boolean,
  ): ScenarioInput => ({
    lockService: { leaseMs: 1000, ...lockService },
    clients: [
      { id: 'A', renewEveryMs: renew ? 300 : 0, script: [acquire, sleep(1200), release] },
      { id: 'B', startMs: 100, script: [acquire, sleep(800), release] },
    ],
    faults: renew ? [{ atMs: 100, do: 'pause', node: 'A', ms: 1500 }] : [],
  })

  it('foreign-release: a blind release deletes another holder’s lease', () => {
    const { run, result } = checked(staleOwner({ releaseChecksOwner: false }, false))
    const f = only(result, 'foreign-release')
    expect(f).toMatchObject({ severity: 'violation', atMs: 1215, nodes: ['lock', 'A', 'B'] })
    expect(f.message).toBe(
      "A's release deleted B's lease (token 42): the lock service released without checking the owner.",
    )
    expect(eventAt(run, f)).toMatchObject({ type: 'LeaseReleased', by: 'A', client: 'B' })
  })

  it('foreign-release: not when the service checks the owner (safe twin)', () => {
    const { result } = checked(staleOwner({ releaseChecksOwner: true }, false))
    expect(result.violations).toEqual([])
  })

  it('foreign-renew: a naive renew extends another holder’s lease', () => {
    const { run, result } = checked(staleOwner({ renewChecksOwner: false }, true))
    const f = only(result, 'foreign-renew')
    expect(f).toMatchObject({ severity: 'violation', atMs: 1605, nodes: ['lock', 'A', 'B'] })
    expect(f.message).toBe(
      "A's renew extended B's lease (token 42): the lock service renewed without checking the owner.",
    )
    expect(eventAt(run, f)).toMatchObject({ type: 'LeaseRenewed', by: 'A', client: 'B' })
  })

  it('foreign-renew: not when the service checks the owner (safe twin)', () => {
    const { result } = checked(staleOwner({ renewChecksOwner: true }, true))
    expect(result.violations).toEqual([])
  })
})

describe('warnings', () => {
  it('two-believers: from the second belief to the first one’s end', () => {
    // A believes from 10 until it releases at 2010; B believes from 1010 (its grant arrives).
    const { run, result } = checked({
      lockService: { leaseMs: 1000 },
      clients: [
        { id: 'A', script: [acquire, sleep(2000), release] },
        { id: 'B', startMs: 100, script: [acquire, sleep(5000), release] },
      ],
    })
    expect(result.verdict).toBe('safe')
    const f = only(result, 'two-believers')
    expect(f).toMatchObject({ severity: 'warning', atMs: 1010, untilMs: 2010, nodes: ['A', 'B'] })
    expect(f.message).toBe('A and B both believed they held the lock from 1.01 s to 2.01 s.')
    expect(eventAt(run, f)).toMatchObject({ type: 'BeliefStarted', node: 'B', atMs: 1010 })
  })

  it('two-believers: closed at the end of the run when both still believe', () => {
    const { run, result } = checked({
      durationMs: 3000,
      lockService: { leaseMs: 1000 },
      clients: [
        { id: 'A', script: [acquire, sleep(5000)] },
        { id: 'B', startMs: 100, script: [acquire, sleep(5000)] },
      ],
    })
    expect(only(result, 'two-believers')).toMatchObject({ atMs: 1010, untilMs: run.endMs })
  })

  it('two-believers: not when A lets go before B is granted (safe twin)', () => {
    const { result } = checked({
      lockService: { leaseMs: 1000 },
      clients: [
        { id: 'A', script: [acquire, sleep(500), release] },
        { id: 'B', startMs: 100, script: [acquire, sleep(5000), release] },
      ],
    })
    expect(kinds(result)).toEqual([])
  })

  const lateWriter = (sleepMs: number): ScenarioInput => ({
    lockService: { leaseMs: 1000 },
    clients: [{ id: 'A', script: [acquire, sleep(sleepMs), write('A')] }],
  })

  it('late-write: applied after its lease ended, before a newer token was seen', () => {
    const { run, result } = checked(lateWriter(2000))
    expect(result.verdict).toBe('safe')
    const f = only(result, 'late-write')
    expect(f).toMatchObject({ severity: 'warning', atMs: 2015, nodes: ['storage', 'A'] })
    expect(f.message).toBe(
      "storage applied A's write with token 41 after that lease had ended at 1.005 s, before it had seen a newer token.",
    )
    expect(eventAt(run, f)).toMatchObject({ type: 'WriteAccepted', client: 'A' })
  })

  it('late-write: not inside the lease (safe twin)', () => {
    expect(kinds(checked(lateWriter(500)).result)).toEqual([])
  })

  /** A (41) and B (42) each write once; the service restarts volatile; C is granted 41 again. */
  const regression = (persistence: 'durable' | 'volatile'): ScenarioInput => ({
    lockService: { persistence },
    clients: [
      { id: 'A', script: [acquire, write('A'), release] },
      { id: 'B', startMs: 100, script: [acquire, write('B'), release] },
      { id: 'C', startMs: 400, script: [acquire, write('C'), release] },
    ],
    faults: [{ atMs: 200, do: 'crash', node: 'lock', restartAfterMs: 100 }],
  })

  it('fenced-out: the current holder’s write is rejected (token regression)', () => {
    const { run, result } = checked(regression('volatile'))
    const f = only(result, 'fenced-out')
    expect(f).toMatchObject({ severity: 'warning', atMs: 415, nodes: ['storage', 'C'] })
    expect(f.message).toBe(
      "storage rejected C's write although C holds the current lease (token 41 < 42).",
    )
    expect(eventAt(run, f)).toMatchObject({ type: 'WriteRejected', client: 'C', token: 41 })
    expect(kinds(result)).toContain('duplicate-token')
  })

  it('fenced-out: not when the counter survives the restart (safe twin)', () => {
    const { run, result } = checked(regression('durable'))
    expect(kinds(result)).toEqual([])
    expect(run.final['storage']).toEqual({ value: 'C', highestToken: 43 })
  })

  it('fenced-out: not for a stale holder, whose rejection is the point of fencing', () => {
    const { result } = checked(staleWriter([{ id: 'storage', fencing: 'atomic' }]))
    expect(kinds(result)).not.toContain('fenced-out')
  })

  const repeated = (idempotent: boolean): ScenarioInput => ({
    resources: [{ id: 'cache', fencing: 'none', idempotent, initialValue: null }],
    clients: [
      { id: 'A', script: [acquire, write('report'), release] },
      { id: 'B', startMs: 100, script: [acquire, write('report'), release] },
    ],
  })

  it('duplicate-work: an idempotent resource absorbs a repeat', () => {
    const { run, result } = checked(repeated(true))
    const f = only(result, 'duplicate-work')
    expect(f).toMatchObject({ severity: 'warning', nodes: ['cache', 'B'] })
    expect(eventAt(run, f)).toMatchObject({ type: 'WriteAccepted', client: 'B', duplicate: true })
  })

  it('duplicate-work: not when the resource is not idempotent (safe twin)', () => {
    expect(kinds(checked(repeated(false)).result)).toEqual([])
  })
})

describe('the result', () => {
  it('is unsafe exactly when there is a violation, and sorts findings by time', () => {
    const { result } = checked({
      lockService: { leaseMs: 1000, releaseChecksOwner: false },
      resources: [{ id: 'storage', fencing: 'none' }],
      clients: [
        { id: 'A', script: [acquire, sleep(1500), write('A'), release] },
        { id: 'B', startMs: 100, script: [acquire, write('B'), sleep(5000), release] },
      ],
    })
    expect(result.verdict).toBe('unsafe')
    for (const list of [result.violations, result.warnings]) {
      const times = list.map((f) => f.atMs)
      expect(times).toEqual([...times].sort((a, b) => a - b))
    }
    expect(result.violations.map((f) => f.kind)).toEqual(['token-order', 'foreign-release'])
    expect(result.violations.every((f) => f.severity === 'violation')).toBe(true)
    expect(result.warnings.every((f) => f.severity === 'warning')).toBe(true)
  })

  it('names the kinds the contract fixes', () => {
    expect(VIOLATION_KINDS).toEqual([
      'token-order',
      'lost-update',
      'duplicate-token',
      'unfenced-effect',
      'foreign-release',
      'foreign-renew',
      'two-holders',
    ])
    expect(WARNING_KINDS).toEqual(
      expect.arrayContaining(['two-believers', 'late-write', 'fenced-out']),
    )
  })
})
