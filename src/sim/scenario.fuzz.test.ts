/**
 * Fuzz tests of the scenario boundary (JSON from files, links and the editor): whatever the
 * input, parseScenario answers with a scenario or with issues that name what is wrong, and an
 * accepted scenario runs and is checked without an exception. Complements the focused
 * properties in scenario.test.ts with mutated presets and hostile values.
 * Replay a failure with the command in its message; search harder with FC_NUM_RUNS=1000.
 */
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { PROPERTY_SEEDS, assertProperty } from '../testing/property'
import { hugeNumberArb, junkArb, mutate, mutationArb, nested, unicodeArb } from '../testing/hostile'
import { check } from './checker'
import { run } from './engine'
import { PRESETS } from './presets'
import { toReport } from './report'
import type { ParseResult } from './scenario'
import { parseScenario, parseScenarioJson } from './scenario'

/** Enough to exercise every handler, few enough that a hostile duration cannot stall the suite. */
const MAX_EVENTS = 5_000

/** Either a scenario that runs, or issues with a message naming them; never an exception. */
function settles(result: ParseResult): void {
  if (result.ok) {
    const r = run(result.scenario, { maxEvents: MAX_EVENTS })
    JSON.stringify(toReport(r, check(r)))
    return
  }
  expect(result.issues.length).toBeGreaterThan(0)
  for (const issue of result.issues) {
    expect(typeof issue.path).toBe('string')
    expect(issue.message.length).toBeGreaterThan(0)
  }
  expect(result.message).toMatch(/^Invalid scenario: ./)
}

const presetArb = fc.constantFrom(...PRESETS.map((p) => p.scenario))

const mutatedPresetsSettle = fc.property(
  presetArb,
  fc.array(mutationArb, { minLength: 1, maxLength: 4 }),
  (preset, ms) => settles(parseScenario(mutate(preset, ms))),
)

it('replays a case that once broke the fuzzer itself: a key added as __proto__, then removed', () => {
  // The mutation helper defined keys it could not delete again ("Cannot delete property
  // '__proto__'"): about one run in three failed. This seed and path found it.
  const details = fc.check(mutatedPresetsSettle, {
    seed: 922007623,
    path: '1885:34:33:33:36:34:22:38:38',
  })
  expect(details.errorInstance).toBeNull()
  expect(details.failed).toBe(false)
  expect(details.numRuns).toBe(1)
})

describe.each(PROPERTY_SEEDS)('scenario fuzz, seed %i', (seed) => {
  it('random JSON values and random JSON text', () => {
    assertProperty(
      fc.property(junkArb, fc.json({ maxDepth: 4 }), (value, text) => {
        settles(parseScenario(value))
        settles(parseScenarioJson(text))
      }),
      { seed, numRuns: 100 },
    )
  })

  it('every proper prefix of a preset is rejected', () => {
    assertProperty(
      fc.property(presetArb, fc.nat(), (preset, cut) => {
        const text = JSON.stringify(preset, null, cut % 2 === 0 ? undefined : 2)
        const result = parseScenarioJson(text.slice(0, cut % text.length))
        expect(result.ok).toBe(false)
        settles(result)
      }),
      { seed, numRuns: 100 },
    )
  })

  it('presets with values replaced, removed, added or duplicated', () => {
    assertProperty(mutatedPresetsSettle, { seed, numRuns: 100 })
  })

  it('huge numbers, unicode and deep nesting written into a preset’s JSON text', () => {
    const token = '"\u0000HOLE\u0000"'
    const literal = fc.oneof(
      hugeNumberArb.map(String),
      fc.constantFrom('1e400', '-1e400', '1e-400', '123456789012345678901234567890', '-0', '0.0'),
      unicodeArb.map((s) => JSON.stringify(s)),
      fc.nat(20_000).map((d) => '['.repeat(d) + ']'.repeat(d)),
      fc.nat(20_000).map((d) => JSON.stringify(nested(Math.min(d, 2000), false))),
    )
    assertProperty(
      fc.property(presetArb, fc.nat(), literal, (preset, pick, text) => {
        const holed = mutate(preset, [{ kind: 'replace', pick, junk: '\u0000HOLE\u0000' }])
        settles(parseScenarioJson(JSON.stringify(holed).replace(token, text)))
      }),
      { seed, numRuns: 100 },
    )
  })
})
