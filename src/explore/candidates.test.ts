import { describe, expect, it } from 'vitest'
import type { Fault, Scenario } from '../sim'
import { findPreset, parseScenario, run } from '../sim'
import { deriveCandidates, faultKey } from './candidates'
import { BUDGET_FAULT_KINDS } from './types'

function scenarioOf(id: string): Scenario {
  const parsed = parseScenario({ ...findPreset(id)?.scenario, faults: [] })
  if (!parsed.ok) throw new Error(parsed.message)
  return parsed.scenario
}

const all = new Set(BUDGET_FAULT_KINDS)

describe('deriveCandidates', () => {
  const scenario = scenarioOf('gc-pause')
  const base = run(scenario)
  const candidates = deriveCandidates(scenario, base, all)
  const leaseMs = scenario.lockService.leaseMs

  it('gives a few hundred candidates, sorted by time, each once, each valid in a scenario', () => {
    expect(candidates.length).toBeGreaterThan(100)
    expect(candidates.length).toBeLessThan(1000)
    const times = candidates.map((f) => f.atMs)
    expect(times).toEqual([...times].sort((a, b) => a - b))
    expect(new Set(candidates.map(faultKey)).size).toBe(candidates.length)
    const parsed = parseScenario({ ...scenario, faults: candidates })
    expect(parsed.ok ? 'valid' : parsed.message).toBe('valid')
  })

  it('pauses each client at its own moments, for lease-relative durations', () => {
    const aMoments = new Set(base.events.filter((e) => e.node === 'A').map((e) => e.atMs))
    const pausesOfA = candidates.filter(
      (f): f is Extract<Fault, { do: 'pause' }> => f.do === 'pause' && f.node === 'A',
    )
    expect(pausesOfA.length).toBeGreaterThan(0)
    for (const p of pausesOfA) expect(aMoments.has(p.atMs)).toBe(true)
    const durations = new Set(pausesOfA.map((p) => p.ms))
    for (const ms of [leaseMs / 2, leaseMs, (3 * leaseMs) / 2]) expect(durations.has(ms)).toBe(true)
    // The GC pause of the preset: A frozen at a moment between its read and its write, 15 s.
    expect(pausesOfA.some((p) => p.atMs >= 995 && p.atMs <= 1005 && p.ms === 15_000)).toBe(true)
  })

  it('delays and drops each message of the base run at its send time', () => {
    const sends = base.events.filter((e) => e.type === 'MessageSent')
    for (const e of sends) {
      if (e.type !== 'MessageSent') continue
      const on = (f: Fault) =>
        (f.do === 'delay' || f.do === 'drop') && f.from === e.node && f.to === e.to
      expect(candidates.some((f) => on(f) && f.do === 'drop' && f.atMs === e.atMs)).toBe(true)
      expect(candidates.some((f) => on(f) && f.do === 'delay' && f.atMs === e.atMs)).toBe(true)
    }
  })

  it('restarts only the lock service and resources, and jumps only clocks that are read', () => {
    for (const f of candidates) {
      if (f.do === 'crash' && f.restartAfterMs !== undefined)
        expect(['lock', 'storage']).toContain(f.node)
      // gc-pause's clients neither renew nor check their lease: only the lock's clock matters.
      if (f.do === 'clock-jump') expect(f.node).toBe('lock')
    }
    expect(candidates.some((f) => f.do === 'crash' && f.node === 'A')).toBe(true)
    const renewing = scenarioOf('renewal-race')
    const jumps = deriveCandidates(renewing, run(renewing), new Set(['clock-jump'] as const))
    expect(new Set(jumps.map((f) => (f.do === 'clock-jump' ? f.node : '')))).toEqual(
      new Set(['lock', 'A']),
    )
  })

  it('includes just before and just after each lease end', () => {
    const ends = base.events.flatMap((e) => (e.type === 'LeaseGranted' ? [e.expiresAtMs] : []))
    const expiries = new Set(candidates.filter((f) => f.do === 'expire-lease').map((f) => f.atMs))
    for (const end of ends) {
      expect(expiries.has(end - 1)).toBe(true)
      expect(expiries.has(end + 1)).toBe(true)
    }
  })

  it('respects the kinds it is given', () => {
    const only = deriveCandidates(scenario, base, new Set(['drop', 'expire-lease'] as const))
    expect(new Set(only.map((f) => f.do))).toEqual(new Set(['drop', 'expire-lease']))
    const crashes = deriveCandidates(scenario, base, new Set(['crash'] as const))
    expect(crashes.every((f) => f.do === 'crash' && f.restartAfterMs === undefined)).toBe(true)
    const restarts = deriveCandidates(scenario, base, new Set(['crash-restart'] as const))
    expect(restarts.every((f) => f.do === 'crash' && f.restartAfterMs !== undefined)).toBe(true)
  })

  it('is deterministic', () => {
    expect(deriveCandidates(scenario, run(scenario), all)).toEqual(candidates)
  })
})
