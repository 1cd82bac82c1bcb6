import fc from 'fast-check'
import { assertProperty } from '../testing/property'
import { describe, expect, it } from 'vitest'
import type { Scenario } from '../sim'
import { check, findPreset, parseScenario, PRESET_IDS, run, VIOLATION_KINDS } from '../sim'
import type { ChaosInput } from './chaos'
import {
  chaosExampleScenario,
  ChaosInputError,
  chaosPlan,
  chaosSchedule,
  createChaos,
  EXAMPLES_PER_KIND,
  runChaos,
} from './chaos'
import { BUDGET_FAULT_KINDS } from './types'

function presetScenario(id: string): Scenario {
  const parsed = parseScenario(findPreset(id)?.scenario)
  if (!parsed.ok) throw new Error(parsed.message)
  return parsed.scenario
}

function inputOf(id: string, overrides: Partial<ChaosInput> = {}): ChaosInput {
  return {
    scenario: presetScenario(id),
    baseFaults: 'none',
    kinds: BUDGET_FAULT_KINDS,
    maxFaults: 2,
    runs: 300,
    seed: 1,
    ...overrides,
  }
}

describe('chaosSchedule: random fault schedules from a seed', () => {
  it('is deterministic: the same seed and index give the same schedule', () => {
    assertProperty(
      fc.property(
        fc.constantFrom(...PRESET_IDS),
        fc.integer({ min: 0, max: 0xffffffff }),
        fc.integer({ min: 0, max: 99_999 }),
        fc.integer({ min: 1, max: 3 }),
        (id, seed, index, maxFaults) => {
          const a = chaosSchedule(chaosPlan(inputOf(id, { seed, maxFaults })), index)
          const b = chaosSchedule(chaosPlan(inputOf(id, { seed, maxFaults })), index)
          expect(b).toEqual(a)
        },
      ),
      { numRuns: 12 },
    )
  })

  it('gives valid scenarios (parseScenario) with 1 to maxFaults faults of the budget’s kinds', () => {
    assertProperty(
      fc.property(
        fc.constantFrom(...PRESET_IDS),
        fc.integer({ min: 0, max: 0xffffffff }),
        fc.integer({ min: 0, max: 99_999 }),
        fc.integer({ min: 1, max: 3 }),
        fc.subarray([...BUDGET_FAULT_KINDS], { minLength: 1 }),
        (id, seed, index, maxFaults, kinds) => {
          const input = inputOf(id, { seed, maxFaults, kinds })
          const plan = chaosPlan(input)
          const schedule = chaosSchedule(plan, index)
          expect(schedule.faults.length).toBeGreaterThanOrEqual(1)
          expect(schedule.faults.length).toBeLessThanOrEqual(maxFaults)
          for (const f of schedule.faults) {
            const kind = f.do === 'crash' && f.restartAfterMs !== undefined ? 'crash-restart' : f.do
            expect(kinds).toContain(kind)
            expect(f.atMs).toBeGreaterThanOrEqual(0)
            expect(f.atMs).toBeLessThanOrEqual(plan.horizonMs)
          }
          const times = schedule.faults.map((f) => f.atMs)
          expect(times).toEqual([...times].sort((x, y) => x - y))
          for (const side of ['fenced', 'unfenced'] as const) {
            const scenario = chaosExampleScenario(input, {
              index,
              side,
              seed: schedule.seed,
              faults: schedule.faults,
              kinds: [],
              finding: { kind: 'token-order', atMs: 0, message: '' },
            })
            const again = parseScenario(JSON.parse(JSON.stringify(scenario)))
            expect(again.ok).toBe(true)
            expect(scenario.faults).toEqual(schedule.faults)
            expect(scenario.seed).toBe(schedule.seed)
          }
        },
      ),
      { numRuns: 24 },
    )
  })

  it('different seeds give different schedules', () => {
    const one = chaosPlan(inputOf('gc-pause', { seed: 1 }))
    const two = chaosPlan(inputOf('gc-pause', { seed: 2 }))
    const a = Array.from({ length: 50 }, (_, i) => chaosSchedule(one, i))
    const b = Array.from({ length: 50 }, (_, i) => chaosSchedule(two, i))
    expect(a).not.toEqual(b)
    // And runs of one seed differ from each other.
    expect(new Set(a.map((s) => JSON.stringify(s.faults))).size).toBeGreaterThan(45)
  })

  it('draws nodes and links from where each kind makes sense', () => {
    const plan = chaosPlan(inputOf('gc-pause'))
    expect(plan.nodes).toEqual(['A', 'B', 'lock', 'storage'])
    expect(plan.restartable).toEqual(['lock', 'storage'])
    // gc-pause's clients neither renew nor check their lease: only the lock service reads a clock.
    expect(plan.clockReaders).toEqual(['lock'])
    expect(plan.links).toContainEqual(['A', 'lock'])
    expect(plan.links).toContainEqual(['lock', 'A'])
    expect(plan.links).toContainEqual(['A', 'storage'])
    expect(plan.pairs).toContainEqual(['A', 'lock'])
    for (let i = 0; i < 500; i++) {
      for (const f of chaosSchedule(plan, i).faults) {
        if (f.do === 'crash' && f.restartAfterMs !== undefined) {
          expect(plan.restartable).toContain(f.node)
        }
        if (f.do === 'clock-jump') expect(f.node).toBe('lock')
        if (f.do === 'delay' || f.do === 'drop') expect(plan.links).toContainEqual([f.from, f.to])
      }
    }
  })
})

describe('createChaos: runs, counts and failing runs', () => {
  it('gives the same counts and examples however it is stepped', () => {
    const input = inputOf('gc-pause-unfenced')
    const whole = runChaos(input)
    const chaos = createChaos(structuredClone(input))
    let progress = chaos.progress()
    expect(progress.done).toBe(0)
    while (!progress.finished) {
      const before = progress.done
      progress = chaos.step(37)
      expect(progress.done - before).toBeLessThanOrEqual(37)
    }
    expect(progress).toEqual(whole)
    expect(whole.done).toBe(300)
    expect(whole.simulations).toBe(600)
  })

  it('fencing off breaks gc-pause’s configuration in some runs; fencing on in none', () => {
    const result = runChaos(inputOf('gc-pause', { runs: 2000 }))
    expect(result.counts.unfenced['token-order']).toBeGreaterThan(0)
    expect(result.failing.fenced).toBe(0)
    for (const kind of VIOLATION_KINDS) expect(result.counts.fenced[kind]).toBe(0)
  })

  it('keeps a few failing runs per side and kind, and each reopens to its violation', () => {
    const input = inputOf('release-not-owner', { runs: 400 })
    const result = runChaos(input)
    expect(result.failing.unfenced).toBeGreaterThan(EXAMPLES_PER_KIND)
    expect(result.examples.length).toBeGreaterThan(0)
    expect(result.examples.length).toBeLessThanOrEqual(
      2 * VIOLATION_KINDS.length * EXAMPLES_PER_KIND,
    )
    const order = result.examples.map((e) => e.index)
    expect(order).toEqual([...order].sort((x, y) => x - y))
    for (const side of ['fenced', 'unfenced'] as const) {
      for (const kind of VIOLATION_KINDS) {
        // At least the first few runs of each kind (a run kept for one kind may show others).
        const kept = result.examples.filter((e) => e.side === side && e.kinds.includes(kind))
        expect(kept.length).toBeGreaterThanOrEqual(
          Math.min(EXAMPLES_PER_KIND, result.counts[side][kind]),
        )
      }
    }
    for (const example of result.examples) {
      const scenario = chaosExampleScenario(input, example)
      expect(scenario.title).toMatch(/^Chaos run \d+ of seed 1 \(fencing (on|off)\)/)
      const first = check(run(scenario)).violations[0]
      expect(first).toMatchObject(example.finding)
      expect(
        scenario.resources.every(
          (r) => r.fencing === (example.side === 'fenced' ? 'atomic' : 'none'),
        ),
      ).toBe(true)
    }
  })

  it('adds the random faults to the scenario’s own when asked to keep them', () => {
    const scenario = presetScenario('gc-pause')
    const input = inputOf('gc-pause', { baseFaults: 'keep', runs: 50 })
    const result = runChaos(input)
    const example = result.examples[0]
    // gc-pause's own pause, fenced off, already breaks it (unless a random fault gets in the way).
    expect(result.failing.unfenced).toBeGreaterThan(0)
    expect(result.failing.fenced).toBe(0)
    expect(example).toBeDefined()
    if (example === undefined) return
    const opened = chaosExampleScenario(input, example)
    expect(opened.faults).toEqual([...scenario.faults, ...example.faults])
  })

  it('bad input is refused with a message that names it', () => {
    const bad = (overrides: Partial<Record<keyof ChaosInput, unknown>>) => () =>
      createChaos({ ...inputOf('gc-pause'), ...overrides } as ChaosInput)
    expect(bad({ runs: 0 })).toThrow(/runs must be a whole number from 1 to 100000/)
    expect(bad({ maxFaults: 4 })).toThrow(/maxFaults must be a whole number from 1 to 3/)
    expect(bad({ seed: -1 })).toThrow(/seed must be a whole number/)
    expect(bad({ kinds: [] })).toThrow(/kinds must name at least one fault kind/)
    expect(bad({ kinds: ['meteor'] })).toThrow(/unknown fault kind "meteor"/)
    expect(bad({ baseFaults: 'some' })).toThrow(/baseFaults must be "keep" or "none"/)
    expect(bad({ scenario: { clients: [] } })).toThrow(ChaosInputError)
  })
})

describe('a service of several nodes', () => {
  it('plans faults at its nodes, never at a "lock" node it does not have', () => {
    const plan = chaosPlan(inputOf('redlock-clock-jump'))
    expect(plan.nodes).toEqual([
      'A',
      'B',
      'redis1',
      'redis2',
      'redis3',
      'redis4',
      'redis5',
      'storage',
    ])
    expect(plan.restartable).toEqual(['redis1', 'redis2', 'redis3', 'redis4', 'redis5', 'storage'])
    for (let index = 0; index < 20; index++) {
      const { faults } = chaosSchedule(plan, index)
      const scenario = { ...(findPreset('redlock-clock-jump')?.scenario ?? {}), faults }
      const parsed = parseScenario(scenario)
      expect(parsed.ok ? 'valid' : parsed.message).toBe('valid')
    }
  })
})
