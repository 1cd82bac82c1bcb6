import fc from 'fast-check'
import { assertProperty } from '../testing/property'
import { describe, expect, it } from 'vitest'
import type { Fault, Scenario } from '../sim'
import { findPreset, parseScenario, run } from '../sim'
import { deriveCandidates } from './candidates'
import { eventsBefore, TraceHasher } from './traceHash'
import { BUDGET_FAULT_KINDS } from './types'

function scenarioOf(id: string): Scenario {
  const parsed = parseScenario({ ...findPreset(id)?.scenario, faults: [] })
  if (!parsed.ok) throw new Error(parsed.message)
  return parsed.scenario
}

describe('TraceHasher', () => {
  const scenario = scenarioOf('release-not-owner')
  const base = run(scenario)
  const candidates = deriveCandidates(scenario, base, new Set(BUDGET_FAULT_KINDS))

  it('gives equal traces equal fingerprints, and tells these different traces apart', () => {
    const hasher = new TraceHasher()
    expect(hasher.hash(run(scenario).events)).toBe(hasher.hash(base.events))
    const fingerprints = new Map<number, string>()
    for (const fault of candidates) {
      const events = run({ ...scenario, faults: [fault] }).events
      const json = JSON.stringify(events)
      const h = hasher.hash(events)
      const known = fingerprints.get(h)
      if (known !== undefined) expect(known).toBe(json)
      else fingerprints.set(h, json)
    }
    expect(fingerprints.size).toBeGreaterThan(candidates.length / 2)
  })

  it('resumes from the base run’s prefix to the same fingerprint (prefix stability)', () => {
    const hasher = new TraceHasher()
    const prefix = hasher.prefixes(base.events)
    assertProperty(
      fc.property(
        fc.uniqueArray(fc.integer({ min: 0, max: candidates.length - 1 }), {
          minLength: 1,
          maxLength: 3,
        }),
        (picks) => {
          const sorted = [...picks].sort((a, b) => a - b)
          const faults = sorted.map((i) => candidates[i] as Fault)
          const firstMs = (faults[0] as Fault).atMs
          const events = run({ ...scenario, faults }).events
          const before = base.events.filter((e) => e.atMs < firstMs).length
          expect(JSON.stringify(events.slice(0, before))).toBe(
            JSON.stringify(base.events.slice(0, before)),
          )
          expect(hasher.hashFrom(events, before, prefix)).toBe(hasher.hash(events))
        },
      ),
      { numRuns: 40 },
    )
  })

  it('resumes from a one-fault run at the second fault, and walks a prefix as a full walk would', () => {
    const hasher = new TraceHasher()
    const basePrefix = hasher.prefixes(base.events)
    assertProperty(
      fc.property(
        fc.uniqueArray(fc.integer({ min: 0, max: candidates.length - 1 }), {
          minLength: 2,
          maxLength: 3,
        }),
        (picks) => {
          const faults = [...picks].sort((a, b) => a - b).map((i) => candidates[i] as Fault)
          const [first, second] = faults as [Fault, Fault]
          const one = run({ ...scenario, faults: [first] }).events
          const walked = hasher.prefixes(one, eventsBefore(basePrefix, first.atMs), basePrefix)
          expect(walked).toEqual(hasher.prefixes(one))
          expect(walked.hash).toBe(hasher.hash(one))
          const events = run({ ...scenario, faults }).events
          expect(hasher.hashFrom(events, eventsBefore(walked, second.atMs), walked)).toBe(
            hasher.hash(events),
          )
        },
      ),
      { numRuns: 40 },
    )
  })

  it('tells apart values that print alike but differ in type', () => {
    const hasher = new TraceHasher()
    const at = { atMs: 1, node: 'lock', type: 'LockDelayStarted' as const }
    expect(hasher.hash([{ ...at, untilMs: 1 }])).not.toBe(
      hasher.hash([{ ...at, untilMs: '1' as unknown as number }]),
    )
    expect(hasher.hash([{ ...at, untilMs: 1.5 }])).not.toBe(hasher.hash([{ ...at, untilMs: 1 }]))
  })
})
