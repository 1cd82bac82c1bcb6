/**
 * Fuzz tests of the scenario boundary (JSON from files, links and the editor): whatever the
 * input, parseScenario answers with a scenario or with issues that name what is wrong, and an
 * accepted scenario runs and is checked without an exception. Complements the focused
 * properties in scenario.test.ts with mutated presets and hostile values.
 * Replay a failure with the command in its message; search harder with FC_NUM_RUNS=1000.
 */
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { FUZZ_SEEDS, fuzz } from '../testing/fuzz'
import { hugeNumberArb, junkArb, mutate, mutationArb, nested, unicodeArb } from '../testing/hostile'
import { check } from './checker'
import { run } from './engine'
import { PRESETS } from './presets'
import { toReport } from './report'
import type { ParseResult } from './scenario'
import { parseScenario, parseScenarioJson } from './scenario'

const FILE = 'src/sim/scenario.fuzz.test.ts'
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

describe.each(FUZZ_SEEDS)('scenario fuzz, seed %i', (seed) => {
  const where = (name: string, numRuns: number) => ({ file: FILE, name, seed, numRuns })

  it('random JSON values and random JSON text', () => {
    fuzz(
      where('random JSON values', 100),
      fc.property(junkArb, fc.json({ maxDepth: 4 }), (value, text) => {
        settles(parseScenario(value))
        settles(parseScenarioJson(text))
      }),
    )
  })

  it('every proper prefix of a preset is rejected', () => {
    fuzz(
      where('proper prefix', 100),
      fc.property(presetArb, fc.nat(), (preset, cut) => {
        const text = JSON.stringify(preset, null, cut % 2 === 0 ? undefined : 2)
        const result = parseScenarioJson(text.slice(0, cut % text.length))
        expect(result.ok).toBe(false)
        settles(result)
      }),
    )
  })

  it('presets with values replaced, removed, added or duplicated', () => {
    fuzz(
      where('presets with values', 100),
      fc.property(presetArb, fc.array(mutationArb, { minLength: 1, maxLength: 4 }), (preset, ms) =>
        settles(parseScenario(mutate(preset, ms))),
      ),
    )
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
    fuzz(
      where('huge numbers, unicode', 100),
      fc.property(presetArb, fc.nat(), literal, (preset, pick, text) => {
        const holed = mutate(preset, [{ kind: 'replace', pick, junk: '\u0000HOLE\u0000' }])
        settles(parseScenarioJson(JSON.stringify(holed).replace(token, text)))
      }),
    )
  })
})
