import { describe, expect, it } from 'vitest'
import type { Fault, Finding, Scenario, ViolationKind } from '../sim'
import { check, findPreset, parseScenario, run } from '../sim'
import { deriveCandidates } from './candidates'
import { replayChooser } from './chooser'
import type { BudgetFaultKind, ExploreInput, ExploreResult } from './types'
import { createExplorer, explore, ExploreInputError } from './index'

const LONG = 120_000

function presetScenario(id: string): Scenario {
  const preset = findPreset(id)
  if (preset === undefined) throw new Error(`no preset ${id}`)
  const parsed = parseScenario(preset.scenario)
  if (!parsed.ok) throw new Error(parsed.message)
  return parsed.scenario
}

function expectedViolations(id: string): ViolationKind[] {
  return findPreset(id)?.expected.violations ?? []
}

function counterexampleOf(result: ExploreResult) {
  if (result.kind !== 'counterexample') {
    throw new Error(`expected a counterexample, got ${result.kind} (${result.explored} explored)`)
  }
  return result.counterexample
}

/** Runs a scenario as the lab would (plain run, or replaying the counterexample's choices). */
function findingsOf(scenario: Scenario, choices: Parameters<typeof replayChooser>[0] = []) {
  const result = check(
    run(scenario, choices.length === 0 ? {} : { chooser: replayChooser(choices) }),
  )
  return [...result.violations, ...result.warnings]
}

const sameFinding = (a: Finding) => (b: Finding) =>
  a.kind === b.kind && a.atMs === b.atMs && a.message === b.message

const UNSAFE_PRESETS = [
  'gc-pause-unfenced',
  'late-write-gap',
  'check-then-write',
  'renewal-race',
  'failover-volatile',
  'unfenced-side-effect',
  'release-not-owner',
]

describe('explore: unsafe presets, from their configuration without their faults', () => {
  it.each(UNSAFE_PRESETS)(
    '%s: finds a counterexample of the preset’s violation within the default budget',
    (id) => {
      const scenario = presetScenario(id)
      const kinds = expectedViolations(id)
      expect(kinds.length).toBeGreaterThan(0)
      // Sanity: without faults the configuration does not show the violation by itself.
      expect(
        findingsOf({ ...scenario, faults: [] }).filter((f) =>
          kinds.includes(f.kind as ViolationKind),
        ),
      ).toEqual([])

      const result = explore({ scenario, baseFaults: 'none', target: { kinds } })
      const cx = counterexampleOf(result)
      expect(kinds).toContain(cx.finding.kind)
      expect(cx.faults.length).toBeGreaterThan(0)
      expect(cx.faults.length).toBeLessThanOrEqual(2)
      // With baseFaults 'none' the schedule replaces the preset's faults.
      expect(cx.scenario.faults).toEqual(cx.faults)

      // The counterexample is a valid scenario (also after a trip through JSON, as in a link) and
      // re-runs to the same finding.
      const reparsed = parseScenario(JSON.parse(JSON.stringify(cx.scenario)))
      if (!reparsed.ok) throw new Error(reparsed.message)
      expect(reparsed.scenario).toEqual(cx.scenario)
      expect(findingsOf(reparsed.scenario, cx.choices).some(sameFinding(cx.finding))).toBe(true)
      if (cx.choices.length === 0) {
        expect(findingsOf(reparsed.scenario).some(sameFinding(cx.finding))).toBe(true)
      }
    },
    LONG,
  )

  it('gc-pause-unfenced: the counterexample is found among the first few hundred schedules', () => {
    const result = explore({
      scenario: presetScenario('gc-pause-unfenced'),
      baseFaults: 'none',
      target: { kinds: ['token-order'] },
    })
    const cx = counterexampleOf(result)
    expect(cx.faults).toHaveLength(1)
    expect(cx.choices).toEqual([])
    expect(result.explored).toBeLessThan(500)
  })
})

describe('explore: gc-pause (atomic fencing, durable monotonic tokens)', () => {
  it(
    'finds no token-order violation within the default budget, having exhausted it',
    () => {
      const result = explore({
        scenario: presetScenario('gc-pause'),
        baseFaults: 'none',
        target: { kinds: ['token-order'] },
      })
      expect(result.kind).toBe('no-violation')
      if (result.kind !== 'no-violation') return
      expect(result.bounded).toBe(true)
      expect(result.reason).toBe('space-exhausted')
      expect(result.faultsReached).toBe(2)
      expect(result.explored).toBeGreaterThan(10_000)
      expect(result.distinct).toBeGreaterThan(1000)
      expect(result.distinct).toBeLessThanOrEqual(result.runs)
      expect(result.runs).toBeLessThanOrEqual(result.explored)
    },
    LONG,
  )

  it('with the preset’s own faults kept, the base run is already the (safe) story', () => {
    const result = explore({
      scenario: presetScenario('gc-pause'),
      baseFaults: 'keep',
      target: { kinds: ['token-order'] },
      budget: { maxFaults: 1 },
    })
    expect(result.kind).toBe('no-violation')
  })
})

describe('explore: determinism', () => {
  const inputs: Array<[string, ExploreInput]> = [
    [
      'check-then-write',
      {
        scenario: presetScenario('check-then-write'),
        baseFaults: 'none',
        target: 'any-violation',
      },
    ],
    [
      'gc-pause, capped',
      {
        scenario: presetScenario('gc-pause'),
        baseFaults: 'none',
        target: 'any-violation',
        budget: { maxSchedules: 3000 },
      },
    ],
  ]

  it.each(inputs)(
    '%s: the same input gives the same result, however it is stepped',
    (_, input) => {
      const once = explore(input)
      expect(explore(structuredClone(input))).toEqual(once)
      // Stepping in small chunks reaches the same result with the same counts.
      const explorer = createExplorer(input)
      let progress = explorer.progress()
      let previous = progress.explored
      while (progress.result === null) {
        progress = explorer.step(97)
        expect(progress.explored - previous).toBeLessThanOrEqual(97)
        expect(progress.explored).toBeGreaterThanOrEqual(previous)
        previous = progress.explored
      }
      expect(progress.result).toEqual(once)
    },
    LONG,
  )
})

describe('explore: minimality', () => {
  // A small case where the first hit needs two faults: check-then-write with only pauses and
  // operator expiries, and the seeded choices only.
  const input: ExploreInput = {
    scenario: presetScenario('check-then-write'),
    baseFaults: 'none',
    target: { kinds: ['token-order'] },
    budget: { kinds: ['pause', 'expire-lease'], maxFaults: 2, maxChoiceDeviations: 0 },
  }

  it(
    'the counterexample has two faults, and no schedule with fewer faults violates (brute force)',
    () => {
      const cx = counterexampleOf(explore(input))
      expect(cx.faults).toHaveLength(2)
      expect(cx.choices).toEqual([])

      const base = { ...input.scenario, faults: [] }
      const hits = (faults: Fault[]) =>
        findingsOf({ ...base, faults }).some((f) => f.kind === 'token-order')
      expect(hits([])).toBe(false)
      const candidates = deriveCandidates(base, run(base), new Set(['pause', 'expire-lease']))
      expect(candidates.length).toBeGreaterThan(20)
      for (const fault of candidates) expect(hits([fault])).toBe(false)
      expect(hits(cx.faults)).toBe(true)
    },
    LONG,
  )
})

describe('explore: pruning is sound (same distinct runs as brute force)', () => {
  /** Every set of up to `maxFaults` candidates, run with no pruning at all. */
  function bruteForceDistinct(scenario: Scenario, kinds: BudgetFaultKind[], maxFaults: number) {
    const base = { ...scenario, faults: [] }
    const candidates = deriveCandidates(base, run(base), new Set(kinds))
    const traces = new Set<string>()
    let sets = 0
    const visit = (chosen: Fault[], from: number) => {
      sets++
      traces.add(JSON.stringify(run({ ...base, faults: chosen }).events))
      if (chosen.length === maxFaults) return
      for (let j = from; j < candidates.length; j++)
        visit([...chosen, candidates[j] as Fault], j + 1)
    }
    visit([], 0)
    return { distinct: traces.size, candidates: candidates.length, sets }
  }

  it.each([
    ['release-not-owner', ['pause', 'expire-lease'], 2],
    ['failover-volatile', ['crash-restart', 'drop'], 2],
    ['renewal-race', ['clock-jump', 'partition'], 2],
    ['gc-pause', ['delay', 'crash'], 2],
    ['release-not-owner', ['expire-lease', 'crash'], 3],
  ] as const)(
    '%s with %j, up to %i faults',
    (id, kinds, maxFaults) => {
      const scenario = presetScenario(id)
      const result = explore({
        scenario,
        baseFaults: 'none',
        // A target that cannot be hit here, so the whole space is searched.
        target: { kinds: ['duplicate-work'] },
        budget: { kinds: [...kinds], maxFaults, maxChoiceDeviations: 0, maxSchedules: 1_000_000 },
      })
      expect(result.kind).toBe('no-violation')
      const brute = bruteForceDistinct(scenario, [...kinds], maxFaults)
      expect(result.candidates).toBe(brute.candidates)
      expect(result.distinct).toBe(brute.distinct)
    },
    LONG,
  )
})

describe('explore: options and limits', () => {
  it('keeps the base faults when asked: the preset’s own run is a zero-fault counterexample', () => {
    const scenario = presetScenario('gc-pause-unfenced')
    const result = explore({ scenario, baseFaults: 'keep', target: { kinds: ['token-order'] } })
    const cx = counterexampleOf(result)
    expect(cx.faults).toEqual([])
    expect(cx.scenario.faults).toEqual(scenario.faults)
    expect(result.explored).toBe(1)
  })

  it('extends the base faults with the schedule when keeping them', () => {
    const scenario = presetScenario('gc-pause-unfenced')
    const calm = {
      ...scenario,
      faults: [{ atMs: 15_000, do: 'pause' as const, node: 'B', ms: 10 }],
    }
    const cx = counterexampleOf(
      explore({ scenario: calm, baseFaults: 'keep', target: { kinds: ['token-order'] } }),
    )
    expect(cx.scenario.faults).toEqual([...calm.faults, ...cx.faults])
  })

  it('stops at the schedule cap and says the claim is bounded by it', () => {
    const result = explore({
      scenario: presetScenario('gc-pause'),
      baseFaults: 'none',
      target: 'any-violation',
      budget: { maxSchedules: 50 },
    })
    expect(result).toMatchObject({ kind: 'no-violation', bounded: true, reason: 'schedule-cap' })
    expect(result.explored).toBe(50)
  })

  it('only injects the fault kinds in the budget', () => {
    const result = explore({
      scenario: presetScenario('gc-pause-unfenced'),
      baseFaults: 'none',
      target: { kinds: ['token-order'] },
      budget: { kinds: ['pause'] },
    })
    const cx = counterexampleOf(result)
    expect(cx.faults.map((f) => f.do)).toEqual(['pause'])
    expect(cx.faults[0]).toMatchObject({ node: 'A' })
  })

  it('"any-violation" means violations, not warnings; a list may name a warning', () => {
    const scenario = presetScenario('gc-pause')
    const warning = counterexampleOf(
      explore({ scenario, baseFaults: 'keep', target: { kinds: ['two-believers'] } }),
    )
    expect(warning.finding.kind).toBe('two-believers')
    expect(warning.faults).toEqual([])
    const none = explore({
      scenario,
      baseFaults: 'keep',
      target: 'any-violation',
      budget: { maxFaults: 1, kinds: ['pause'] },
    })
    expect(none.kind).toBe('no-violation')
  })

  it('describes the counterexample in words and drops the preset’s id and narration', () => {
    const cx = counterexampleOf(
      explore({
        scenario: presetScenario('unfenced-side-effect'),
        baseFaults: 'none',
        target: { kinds: ['unfenced-effect'] },
      }),
    )
    expect(cx.scenario.id).toBeUndefined()
    expect(cx.scenario.narration).toBeUndefined()
    expect(cx.scenario.title).toMatch(/^Counterexample: /)
    expect(cx.scenario.description).toContain('unfenced-effect')
  })
})

describe('explore: a scenario that carries choices (a loaded counterexample)', () => {
  it('searches from the seeded timing, and its counterexamples replay with run(scenario)', () => {
    const first = counterexampleOf(
      explore({
        scenario: presetScenario('check-then-write'),
        baseFaults: 'none',
        target: 'any-violation',
      }),
    )
    expect(first.choices.length).toBeGreaterThan(0)
    // Searching again from it, with no choice deviations allowed: a fault-only counterexample
    // must not inherit the old choices (it would replay another run).
    for (const baseFaults of ['none', 'keep'] as const) {
      const again = counterexampleOf(
        explore({
          scenario: first.scenario,
          baseFaults,
          target: 'any-violation',
          budget: { maxChoiceDeviations: 0 },
        }),
      )
      expect(again.choices).toEqual([])
      expect(again.scenario.choices).toBeUndefined()
      expect(findingsOf(again.scenario).some(sameFinding(again.finding))).toBe(true)
    }
  })
})

describe('explore: bad input', () => {
  const scenario = presetScenario('gc-pause')
  const bad = (input: unknown) => () => createExplorer(input as ExploreInput)

  it('names what is wrong', () => {
    expect(
      bad({ scenario, baseFaults: 'none', target: 'any-violation', budget: { maxFaults: 4 } }),
    ).toThrow(/budget\.maxFaults must be a whole number from 1 to 3/)
    expect(
      bad({ scenario, baseFaults: 'none', target: 'any-violation', budget: { kinds: [] } }),
    ).toThrow(/budget\.kinds must name at least one fault kind/)
    expect(
      bad({ scenario, baseFaults: 'none', target: 'any-violation', budget: { kinds: ['meteor'] } }),
    ).toThrow(/unknown fault kind "meteor"/)
    expect(bad({ scenario, baseFaults: 'none', target: { kinds: ['token-chaos'] } })).toThrow(
      /unknown finding kind "token-chaos"/,
    )
    expect(bad(null)).toThrow(/the input must be an object/)
    expect(bad({ scenario, baseFaults: 'none', target: 'any-violation', budget: 3 })).toThrow(
      /budget must be an object/,
    )
    expect(bad({ scenario, target: 'any-violation' })).toThrow(
      /baseFaults must be "keep" or "none"/,
    )
    expect(bad({ scenario: { clients: [] }, baseFaults: 'none', target: 'any-violation' })).toThrow(
      /scenario: Invalid scenario: clients/,
    )
    expect(
      bad({ scenario, baseFaults: 'none', target: 'any-violation', budget: { maxSchedules: 0 } }),
    ).toThrow(ExploreInputError)
  })
})
