import { describe, expect, it } from 'vitest'
import type { Run, TraceEvent } from '../sim'
import { check, findPreset, parseScenario, run } from '../sim'
import { buildSystem, defaultParams, findSystem, SYSTEMS } from '.'
import type { BuildResult, BuiltSystem, DangerWindow } from '.'
import { negotiatedSessionMs } from './zookeeper'

function built(id: string, params: Record<string, unknown> = {}): BuiltSystem {
  const result = buildSystem(id, params)
  if (!result.ok) throw new Error(result.message)
  return result.built
}

function refusal(result: BuildResult): string {
  if (result.ok) throw new Error('expected a refusal')
  return result.message
}

function runBuilt(b: BuiltSystem) {
  const parsed = parseScenario(b.scenario)
  if (!parsed.ok) throw new Error(parsed.message)
  const result = run(parsed.scenario)
  return { result, findings: check(result) }
}

function windowOf(b: BuiltSystem, id: string): DangerWindow {
  const w = b.windows.find((x) => x.id === id)
  if (w === undefined) throw new Error(`no window ${id}`)
  return w
}

type Decided = Extract<TraceEvent, { type: 'WriteAccepted' | 'WriteRejected' }>
function writesBy(result: Run, client: string): Decided[] {
  return result.events.filter(
    (e): e is Decided =>
      (e.type === 'WriteAccepted' || e.type === 'WriteRejected') && e.client === client,
  )
}
function grantTimes(result: Run): number[] {
  return result.events.filter((e) => e.type === 'LeaseGranted' && !e.reentrant).map((e) => e.atMs)
}

/** One network hop and a reply: how far the engine's times may sit from the derived ones. */
const HOPS_MS = 15

describe('system profiles', () => {
  it('every profile has real defaults, sources and a unique id', () => {
    const ids = SYSTEMS.map((s) => s.id)
    expect(new Set(ids).size).toBe(ids.length)
    for (const s of SYSTEMS) {
      expect(s.sources.length, s.id).toBeGreaterThan(0)
      for (const src of s.sources) expect(src.url, s.id).toMatch(/^https?:\/\//)
      for (const p of s.params) {
        if (p.kind === 'number') {
          expect(p.defaultValue, `${s.id}.${p.key}`).toBeGreaterThanOrEqual(p.min)
          expect(p.defaultValue, `${s.id}.${p.key}`).toBeLessThanOrEqual(p.max)
        } else {
          expect(
            p.choices.map((c) => c.value),
            `${s.id}.${p.key}`,
          ).toContain(p.defaultValue)
        }
      }
    }
  })

  it('names the real defaults', () => {
    expect(defaultParams(findSystem('client-go')!)).toMatchObject({
      leaseDurationS: 15,
      renewDeadlineS: 10,
      retryPeriodS: 2,
    })
    expect(defaultParams(findSystem('etcd')!)).toMatchObject({ ttlS: 60 })
    expect(defaultParams(findSystem('consul')!)).toMatchObject({ ttlS: 15, lockDelayS: 15 })
    expect(defaultParams(findSystem('dynamodb')!)).toMatchObject({
      leaseDurationS: 10,
      heartbeatS: 3,
    })
    expect(defaultParams(findSystem('zookeeper')!)).toMatchObject({ sessionTimeoutMs: 60000 })
    expect(defaultParams(findSystem('job-queue')!)).toMatchObject({ visibilityS: 30 })
  })

  for (const system of SYSTEMS) {
    if (system.id === 'redlock') continue
    it(`${system.id}: the default scenario is valid, runs, and its danger windows match the run`, () => {
      const b = built(system.id)
      const { result, findings } = runBuilt(b)
      expect(result.truncated).toBeNull()
      const grants = grantTimes(result)
      expect(grants.length, 'A and then B are granted the lock').toBe(2)
      const bGrant = grants[1]!
      for (const w of b.windows) {
        expect(w.words.length, w.id).toBeGreaterThan(20)
        if (w.id === 'takeover' || w.id === 'freeze') expect(w.fromMs).toBe(bGrant)
      }
      const stale = b.windows.find((w) => w.id === 'stale-holder' || w.id === 'two-holders')
      expect(stale?.fromMs, 'the defaults open a danger window').not.toBeNull()
      const two = findings.warnings.find((f) => f.kind === 'two-believers')
      expect(two, 'two clients believe they hold the lock').toBeDefined()
      // The window closes when A stops believing; it opens when A acts (after B's grant).
      expect(Math.abs(two!.untilMs! - stale!.toMs!)).toBeLessThanOrEqual(HOPS_MS)
      expect(stale!.fromMs!).toBeGreaterThanOrEqual(bGrant)
      // A acts inside the window: its writes after B's grant all fall in it.
      const late = writesBy(result, 'A').filter((e) => e.atMs > bGrant)
      expect(late.length).toBeGreaterThan(0)
      for (const e of late) {
        expect(e.atMs).toBeGreaterThanOrEqual(stale!.fromMs!)
        expect(e.atMs).toBeLessThanOrEqual(stale!.toMs! + HOPS_MS)
      }
      const fenced = b.scenario.resources?.[0]?.fencing !== 'none'
      expect(late.every((e) => e.type === (fenced ? 'WriteRejected' : 'WriteAccepted'))).toBe(true)
      expect(findings.verdict).toBe(fenced ? 'safe' : 'unsafe')
    })
  }

  it('redlock links its multi-node presets by id, or says they are not in this build', () => {
    const result = buildSystem('redlock')
    if (findPreset('redlock-clock-jump') === undefined) {
      expect(refusal(result)).toContain('"redlock-clock-jump" is not in this build')
    } else {
      expect(result.ok && result.built.scenario.id).toBe('redlock-clock-jump')
    }
    expect(findSystem('redlock')!.presets).toEqual([
      'redlock-clock-jump',
      'redlock-restart',
      'redlock-pause',
    ])
  })
})

describe('client-go, defaults, leader frozen 20 s', () => {
  it('shows the split brain for about RenewDeadline after the leader wakes', () => {
    const b = built('client-go', { pauseS: 20 })
    const { result, findings } = runBuilt(b)
    expect(grantTimes(result)).toEqual([5, 15005]) // B takes over after LeaseDuration
    const w = windowOf(b, 'stale-holder')
    expect([w.fromMs, w.toMs]).toEqual([21000, 31000]) // wake at 21 s, + RenewDeadline
    expect(w.words).toContain('10 s')
    const applied = writesBy(result, 'A').filter((e) => e.atMs > 15005)
    expect(applied.map((e) => [e.type, e.atMs])).toEqual([
      ['WriteAccepted', 21006],
      ['WriteAccepted', 23006],
      ['WriteAccepted', 25006],
      ['WriteAccepted', 27006],
      ['WriteAccepted', 29006],
    ])
    expect(findings.verdict).toBe('unsafe')
    expect(findings.violations.every((v) => v.kind === 'token-order')).toBe(true)
  })

  it('the split brain disappears when the resource checks leaseTransitions', () => {
    const b = built('client-go', { pauseS: 20, fencing: 'leaseTransitions' })
    const { result, findings } = runBuilt(b)
    const w = windowOf(b, 'stale-holder')
    expect([w.fromMs, w.toMs]).toEqual([21000, 21010])
    const two = findings.warnings.find((f) => f.kind === 'two-believers')
    expect(Math.abs(two!.untilMs! - w.toMs!)).toBeLessThanOrEqual(HOPS_MS)
    const tokens = result.events.filter((e) => e.type === 'LeaseGranted').map((e) => e.token)
    expect(tokens).toEqual([0, 1]) // leaseTransitions: 0 for the creator, 1 after the takeover
    const late = writesBy(result, 'A').filter((e) => e.atMs > 15005)
    expect(late).toHaveLength(1)
    expect(late[0]).toMatchObject({ type: 'WriteRejected', token: 0 })
    expect(findings.verdict).toBe('safe')
    expect(findings.violations).toEqual([])
  })

  it('a short freeze leaves no split brain; a fast candidate clock opens one (S10c)', () => {
    const calm = built('client-go', { pauseS: 0 })
    expect(windowOf(calm, 'stale-holder').fromMs).toBeNull()
    expect(runBuilt(calm).findings.warnings).toEqual([])
    const skewed = built('client-go', { pauseS: 0, candidateClockRate: 2 })
    const w = windowOf(skewed, 'stale-holder')
    expect(w.fromMs).toBe(7505) // (10 + 15 000) ms on a clock running twice as fast
    expect(w.toMs).toBe(12000) // the renew loop began at RetryPeriod, + RenewDeadline
    const two = runBuilt(skewed).findings.warnings.find((f) => f.kind === 'two-believers')
    expect(two?.untilMs).toBe(12000)
    expect(grantTimes(runBuilt(skewed).result)[1]).toBe(7505)
  })

  it('refuses what client-go refuses, naming the parameter', () => {
    expect(buildSystem('client-go', { renewDeadlineS: 15 })).toEqual({
      ok: false,
      message: 'client-go: LeaseDuration must be greater than RenewDeadline',
    })
    expect(refusal(buildSystem('client-go', { retryPeriodS: 9 }))).toContain('1.2 × RetryPeriod')
  })
})

describe('other systems', () => {
  it('etcd: a lease check closes this story’s window, a Txn compare refuses the write', () => {
    expect(runBuilt(built('etcd', { guard: 'lease-check' })).findings.verdict).toBe('safe')
    const txn = runBuilt(built('etcd', { guard: 'txn' }))
    expect(txn.findings.verdict).toBe('safe')
    expect(writesBy(txn.result, 'A').at(-1)?.type).toBe('WriteRejected')
  })

  it('etcd: a freeze shorter than the TTL loses nothing', () => {
    const b = built('etcd', { pauseS: 30 })
    expect(windowOf(b, 'stale-holder').fromMs).toBeNull()
    expect(runBuilt(b).findings.verdict).toBe('safe')
  })

  it('ZooKeeper clamps the session timeout to 2–20 × tickTime', () => {
    expect(negotiatedSessionMs(60000, 2000)).toBe(40000)
    expect(negotiatedSessionMs(1000, 2000)).toBe(4000)
    expect(negotiatedSessionMs(30000, 2000)).toBe(30000)
    expect(windowOf(built('zookeeper'), 'negotiated').words).toContain('40 s')
  })

  it('Consul: invalidation at 2 × TTL, then lock-delay, before the next grant', () => {
    const { result } = runBuilt(built('consul'))
    expect(grantTimes(result)[1]).toBe(5 + 30000 + 15000)
  })

  it('Redis: a synced replica keeps the key, an unsynced one hands out a second lock', () => {
    const synced = built('redis', { replica: 'synced' })
    expect(windowOf(synced, 'two-holders').fromMs).toBeNull()
    expect(runBuilt(synced).findings.warnings).toEqual([])
  })

  it('job queue: an idempotent completion absorbs the stale repeat', () => {
    const { findings } = runBuilt(built('job-queue', { completion: 'idempotent' }))
    expect(findings.verdict).toBe('safe')
    expect(findings.warnings.map((w) => w.kind)).toContain('duplicate-work')
  })
})

describe('parameters', () => {
  it('bad parameters get a message naming them', () => {
    expect(refusal(buildSystem('nope'))).toContain('unknown system "nope"')
    expect(refusal(buildSystem('etcd', { ttl: 5 }))).toContain('etcd: unknown parameter "ttl"')
    expect(buildSystem('etcd', { ttlS: 1 })).toEqual({
      ok: false,
      message: 'etcd.ttlS must be from 3 to 3600 s, not 1',
    })
    expect(refusal(buildSystem('etcd', { ttlS: 'sixty' }))).toContain('etcd.ttlS must be a number')
    expect(buildSystem('etcd', { ttlS: 2.5 })).toMatchObject({ ok: false })
    expect(refusal(buildSystem('etcd', { guard: 'magic' }))).toContain(
      'etcd.guard must be one of "none" | "lease-check" | "txn"',
    )
  })

  it('accepts numbers given as text (a command line)', () => {
    const b = built('etcd', { ttlS: '30', pauseS: '40' })
    expect(b.scenario.lockService?.leaseMs).toBe(30000)
  })
})
