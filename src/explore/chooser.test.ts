import { describe, expect, it } from 'vitest'
import type { Scenario } from '../sim'
import { check, parseScenario, run } from '../sim'
import { EnumeratingChooser, replayChooser } from './chooser'
import { explore } from './explorer'

/** A race that only network timing can trigger: a write sent in time can arrive after B's. */
function racyScenario(): Scenario {
  const parsed = parseScenario({
    seed: 5,
    durationMs: 5000,
    lockService: { leaseMs: 300 },
    network: { latencyMs: [1, 250] },
    resources: [{ id: 'storage', fencing: 'none' }],
    clients: [
      {
        id: 'A',
        script: [
          { do: 'acquire' },
          { do: 'work', ms: 100 },
          { do: 'write', value: 'A' },
          { do: 'release' },
        ],
      },
      {
        id: 'B',
        startMs: 50,
        script: [{ do: 'acquire' }, { do: 'write', value: 'B' }, { do: 'release' }],
      },
    ],
  })
  if (!parsed.ok) throw new Error(parsed.message)
  return parsed.scenario
}

describe('EnumeratingChooser', () => {
  const scenario = racyScenario()

  it('with no deviations, answers exactly as the seeded chooser (byte-identical trace)', () => {
    const seeded = run(scenario)
    for (const exploresTies of [false, true]) {
      const chooser = new EnumeratingChooser(exploresTies)
      chooser.reset([], true)
      expect(JSON.stringify(run(scenario, { chooser }))).toBe(JSON.stringify(seeded))
      expect(chooser.points.length).toBeGreaterThan(0)
      for (const p of chooser.points) {
        expect(p.point).toBe('latency')
        expect(p.alternatives).not.toContain(p.seeded)
        for (const a of p.alternatives) expect([1, 250]).toContain(a)
      }
    }
  })

  it('a deviation changes that decision only: earlier ones stay, later draws stay in step', () => {
    const recorder = new EnumeratingChooser(true)
    recorder.reset([], true)
    run(scenario, { chooser: recorder })
    const seededAnswers = recorder.points.map((p) => p.seeded)
    const deviated = new EnumeratingChooser(true)
    deviated.reset([{ index: 1, point: 'latency', answer: 250 }], true)
    run(scenario, { chooser: deviated })
    expect(deviated.points[0]?.seeded).toBe(seededAnswers[0])
    expect(deviated.points[1]?.seeded).toBe(seededAnswers[1])
  })

  it('the explorer finds the timing race with no faults, and replayChooser reproduces it', () => {
    expect(check(run(scenario)).violations).toEqual([])
    const result = explore({
      scenario,
      baseFaults: 'none',
      target: { kinds: ['token-order'] },
      budget: { maxFaults: 1 },
    })
    if (result.kind !== 'counterexample') throw new Error(result.kind)
    const { faults, choices, finding, scenario: cx } = result.counterexample
    expect(faults).toEqual([])
    expect(choices).toHaveLength(1)
    expect(choices[0]).toMatchObject({ point: 'latency', answer: 250 })
    const replayed = check(run(cx, { chooser: replayChooser(choices) })).violations
    expect(replayed.map((f) => [f.kind, f.atMs, f.message])).toContainEqual([
      finding.kind,
      finding.atMs,
      finding.message,
    ])
    // The counterexample carries its choices, so a plain run replays it; without them, the
    // seeded run does not show it.
    expect(cx.choices).toEqual([{ index: choices[0]!.index, point: 'latency', answer: 250 }])
    expect(check(run(cx)).violations.map((f) => f.message)).toContain(finding.message)
    const { choices: _dropped, ...seededOnly } = cx
    expect(check(run(seededOnly)).violations).toEqual([])
  })

  it('with no deviations allowed, the same search needs a fault instead', () => {
    const result = explore({
      scenario,
      baseFaults: 'none',
      target: { kinds: ['token-order'] },
      budget: { maxFaults: 1, maxChoiceDeviations: 0 },
    })
    if (result.kind !== 'counterexample') throw new Error(result.kind)
    expect(result.counterexample.choices).toEqual([])
    expect(result.counterexample.faults).toHaveLength(1)
  })
})
