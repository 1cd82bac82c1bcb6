/**
 * parseScenarioInPieces is parseScenario a piece at a time: whatever the input, it returns what
 * parseScenario returns (the same scenario, or the same issues and message), pausing once per
 * piece of a client's script.
 */
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { scenarioArb } from '../testing/arbitraries'
import { largeScenario } from '../testing/largeRun'
import { junkArb, mutate, mutationArb } from '../testing/hostile'
import { assertProperty } from '../testing/property'
import { PRESETS } from './presets'
import type { ParseResult, ScenarioInput } from './scenario'
import { parseScenario } from './scenario'
import { parseScenarioInPieces, PIECE_STEPS } from './scenarioPieces'

/** Runs the pieces to the end: the result and how many times it paused. */
function inPieces(input: unknown): { result: ParseResult; pauses: number } {
  const pieces = parseScenarioInPieces(input)
  for (let pauses = 0; ; pauses++) {
    const next = pieces.next()
    if (next.done === true) return { result: next.value, pauses }
  }
}

/** Same outcome, compared as text (key order included), from a fresh copy of the input. */
function expectSameAsWhole(input: unknown): void {
  const copy: unknown = input === undefined ? undefined : structuredClone(input)
  expect(JSON.stringify(inPieces(input).result)).toBe(JSON.stringify(parseScenario(copy)))
}

/** Clients looping acquire, read, work, write, release, sleep: six script lines a cycle. */
function longScenario(clients: number, cycles: number): ScenarioInput {
  // Its pauses name clients other than the one a piece checks.
  return largeScenario({ clients, cycles, pauses: Math.min(clients, 4) })
}

describe('parseScenarioInPieces', () => {
  it('gives parseScenario’s result for random scenarios, mutated presets and junk', () => {
    assertProperty(fc.property(scenarioArb(), (input) => expectSameAsWhole(input)))
    assertProperty(
      fc.property(
        fc.constantFrom(...PRESETS.map((p) => p.scenario)),
        fc.array(mutationArb, { minLength: 1, maxLength: 3 }),
        (preset, mutations) => expectSameAsWhole(mutate(preset, mutations)),
      ),
    )
    assertProperty(fc.property(junkArb, (value) => expectSameAsWhole(value)))
  })

  it('checks a long scenario a piece of a script at a time, to the same scenario', () => {
    const input = longScenario(3, 750) // 4,500 script lines each: three pieces each
    const { result, pauses } = inPieces(input)
    expect(result.ok).toBe(true)
    expect(pauses).toBe(3 * Math.ceil(4500 / PIECE_STEPS))
    expect(JSON.stringify(result)).toBe(JSON.stringify(parseScenario(longScenario(3, 750))))
  })

  it('names a bad line deep in a long script as parseScenario does', () => {
    const input = longScenario(3, 750)
    const script = input.clients[1]?.script as unknown[]
    script[4321] = { do: 'jump' }
    const { result } = inPieces(input)
    expect(result.ok).toBe(false)
    if (!result.ok) expect(result.message).toContain('clients[1].script[4321]')
    expectSameAsWhole(input)
  })

  it('leaves to the whole check what only the whole can say', () => {
    // Two clients with one name, a fault naming nobody, too many clients, too long a script.
    const twins = longScenario(2, 2)
    twins.clients[1] = { ...twins.clients[0]!, startMs: 5 }
    const nobody = { ...longScenario(2, 2), faults: [{ atMs: 1, do: 'crash', node: 'Z' }] }
    const crowd = longScenario(65, 1)
    const endless = longScenario(1, 1667) // 10,002 script lines
    for (const input of [twins, nobody, crowd, endless]) {
      expect(inPieces(input).result.ok).toBe(false)
      expectSameAsWhole(input)
    }
  })

  it('never throws on a hostile object', () => {
    const hostile = longScenario(2, 2)
    Object.defineProperty(hostile.clients[1], 'startMs', {
      enumerable: true,
      get() {
        throw new Error('boom')
      },
    })
    const { result } = inPieces(hostile)
    expect(result.ok).toBe(false)
  })

  it('remembers the clients it checked, so an edit of the scenario is not checked line by line', () => {
    const { result } = inPieces(longScenario(2, 400))
    expect(result.ok).toBe(true)
    if (!result.ok) return
    const edited = parseScenario({ ...result.scenario, faults: [] })
    expect(edited.ok && edited.scenario.clients).toBe(result.scenario.clients)
  })
})
