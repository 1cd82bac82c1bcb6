import { describe, expect, it } from 'vitest'
import { replayChooser, seededChooser } from './choice'
import { run } from './engine'
import { parseScenario } from './scenario'
import type { ScenarioInput } from './scenario'

const race: ScenarioInput = {
  network: { latencyMs: [1, 400] },
  clients: [
    { id: 'A', script: [{ do: 'acquire' }, { do: 'write', value: 'A' }, { do: 'release' }] },
    { id: 'B', script: [{ do: 'acquire' }, { do: 'write', value: 'B' }, { do: 'release' }] },
  ],
}

function parse(input: ScenarioInput) {
  const parsed = parseScenario(input)
  if (!parsed.ok) throw new Error(parsed.message)
  return parsed.scenario
}

describe('choices (scenario extension) and replayChooser', () => {
  it('with no overrides, a replaying chooser gives the seeded run', () => {
    const scenario = parse(race)
    const seeded = JSON.stringify(run(scenario, { chooser: seededChooser }).events)
    expect(JSON.stringify(run(scenario, { chooser: replayChooser([]) }).events)).toBe(seeded)
  })

  it("a scenario's choices override the n-th draw, and only that one", () => {
    const plain = run(parse(race))
    const firstLatency = plain.events.find((e) => e.type === 'MessageSent')
    if (firstLatency?.type !== 'MessageSent' || firstLatency.deliverAtMs === null) throw new Error()
    const overridden = run(
      parse({ ...race, choices: [{ index: 0, point: 'latency', answer: 400 }] }),
    )
    const first = overridden.events[0]
    expect(first).toMatchObject({ type: 'MessageSent', deliverAtMs: 400 })
    // The second message's latency is the seeded one in both runs.
    const second = (r: typeof plain) => r.events.filter((e) => e.type === 'MessageSent')[1]
    expect(second(overridden)).toEqual(second(plain))
  })

  it('clamps an out-of-range latency answer into the range', () => {
    const r = run(parse({ ...race, choices: [{ index: 0, point: 'latency', answer: 99999 }] }))
    expect(r.events[0]).toMatchObject({ deliverAtMs: 400 })
  })

  it('rejects choices out of order, with the path', () => {
    const parsed = parseScenario({
      ...race,
      choices: [
        { index: 3, point: 'tie', answer: 1 },
        { index: 3, point: 'tie', answer: 0 },
      ],
    })
    expect(parsed.ok).toBe(false)
    if (!parsed.ok)
      expect(parsed.message).toContain('choices: choices must be in increasing index order')
  })
})
