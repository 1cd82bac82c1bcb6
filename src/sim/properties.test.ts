/**
 * Properties of the engine and the checker over random scenarios and fault schedules.
 *
 * Each property runs on the fixed seeds plus one random seed (src/testing/property.ts); a failure
 * prints the command that replays it. To search harder:
 *   FC_NUM_RUNS=5000 npx vitest run src/sim/properties.test.ts
 */
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { check } from './checker'
import { describeEvent } from './narrate'
import type { Run } from './engine'
import { run } from './engine'
import type { Scenario, ScenarioInput } from './scenario'
import { quorumSettings } from './scenario'
import { faultFor, safeScenarioArb, scenarioArb } from '../testing/arbitraries'
import { assertProperty, PROPERTY_SEEDS } from '../testing/property'
import { eventsOf, parseOrThrow } from '../testing/runs'
import type { TraceEvent } from './trace'

/** Runs per seed and property: five seeds × 200 stay well under the file's time budget. */
const NUM_RUNS = 200

/** Checks a property for one seed (each seed is a test of its own, named for it). */
function holds<Ts>(seed: number, property: fc.IProperty<Ts>): void {
  assertProperty(property, { seed, numRuns: NUM_RUNS })
}

/** A generous cap, only so that a runaway run stops instead of filling memory. */
const MAX_EVENTS = 200_000

function runOf(input: ScenarioInput): Run {
  return run(parseOrThrow(input), { maxEvents: MAX_EVENTS })
}

/**
 * An upper bound on a run's length: a few dozen events per script step, fault and client, and a
 * handful per renew tick (a renew, its delivery, the decision, the reply and its delivery).
 */
function eventBound(s: Scenario): number {
  const steps = s.clients.reduce((n, c) => n + c.script.length, 0)
  const ticks = s.clients.reduce(
    (n, c) =>
      c.renewEveryMs === 0 ? n : n + Math.ceil(s.durationMs / (c.renewEveryMs / c.clockRate)) + 1,
    0,
  )
  // A service of several nodes multiplies each request by its nodes, and an acquire by its tries.
  const settings = quorumSettings(s.lockService)
  const k = settings === null ? 1 : settings.nodes * (settings.retryCount + 2)
  return 50 + 40 * k * (steps + s.faults.length + s.clients.length) + 8 * k * ticks
}

describe.each(PROPERTY_SEEDS)('seed %i', (seed) => {
  it('(a) safe configuration: no token-order violation under any fault schedule', () => {
    holds(
      seed,
      fc.property(safeScenarioArb(), (input) => {
        const violations = check(runOf(input)).violations
        expect(violations.filter((f) => f.kind === 'token-order')).toEqual([])
        expect(violations.filter((f) => f.kind === 'duplicate-token')).toEqual([])
      }),
    )
  })

  it('(b) monotonic durable tokens strictly increase per grant, and never on renew', () => {
    const arb = scenarioArb({ lockService: { tokens: 'monotonic', persistence: 'durable' } })
    holds(
      seed,
      fc.property(arb, (input) => {
        const r = runOf(input)
        const first = r.scenario.lockService.firstToken
        const grants = eventsOf(r, 'LeaseGranted').filter((g) => !g.reentrant)
        expect(grants.map((g) => g.grant)).toEqual(grants.map((_, i) => i + 1))
        expect(grants.map((g) => g.token)).toEqual(grants.map((_, i) => first + i))
        const tokenOf = new Map(grants.map((g) => [g.grant, g.token]))
        for (const e of [...eventsOf(r, 'LeaseGranted'), ...eventsOf(r, 'LeaseRenewed')]) {
          expect(e.token).toBe(tokenOf.get(e.grant))
        }
      }),
    )
  })

  it('(c) every run terminates within its horizon and a bounded number of events', () => {
    holds(
      seed,
      fc.property(scenarioArb(), (input) => {
        const r = runOf(input)
        expect(r.endReason).not.toBe('event-limit')
        expect(r.endMs).toBeLessThanOrEqual(r.scenario.durationMs)
        expect(r.events.length).toBeLessThanOrEqual(eventBound(r.scenario))
        const last = r.events.at(-1)
        expect(last).toEqual({ atMs: r.endMs, node: '*', type: 'RunEnded', reason: r.endReason })
        // Time never goes back, and nothing happens after the end.
        let previousMs = 0
        for (const e of r.events) {
          expect(e.atMs).toBeGreaterThanOrEqual(previousMs)
          previousMs = e.atMs
        }
        expect(previousMs).toBe(r.endMs)
      }),
    )
  })

  it('(d) determinism: the same scenario gives a byte-identical trace, also after JSON', () => {
    holds(
      seed,
      fc.property(scenarioArb(), (input) => {
        const scenario = parseOrThrow(input)
        const once = JSON.stringify(run(scenario).events)
        expect(JSON.stringify(run(scenario).events)).toBe(once)
        const roundTripped = parseOrThrow(JSON.parse(JSON.stringify(scenario)))
        const again = run(roundTripped)
        expect(JSON.stringify(again.events)).toBe(once)
        expect(JSON.stringify(check(again))).toBe(JSON.stringify(check(run(scenario))))
      }),
    )
  })

  it('(e) prefix stability: adding a fault at t never changes an event before t', () => {
    const arb = scenarioArb().chain((input) =>
      fc.tuple(fc.constant(input), faultFor(input), fc.nat()),
    )
    holds(
      seed,
      fc.property(arb, ([input, fault, position]) => {
        const faults = [...(input.faults ?? [])]
        faults.splice(position % (faults.length + 1), 0, fault)
        const before = runOf(input).events.filter((e) => e.atMs < fault.atMs)
        const after = runOf({ ...input, faults }).events.filter((e) => e.atMs < fault.atMs)
        expect(JSON.stringify(after)).toBe(JSON.stringify(before))
      }),
    )
  })

  it('(f) a paused node does nothing until it resumes', () => {
    // Only what happens *to* a paused node may be recorded at it while it is paused.
    const allowed = new Set<TraceEvent['type']>([
      'NodePaused',
      'NodeCrashed',
      'ClockJumped',
      'PartitionStarted',
      'PartitionHealed',
      'LinkFaultArmed',
    ])
    holds(
      seed,
      fc.property(scenarioArb(), (input) => {
        const r = runOf(input)
        const paused = new Set<string>()
        for (const e of r.events) {
          if (e.type === 'NodePaused') paused.add(e.node)
          if (e.type === 'NodeResumed' || e.type === 'NodeCrashed') paused.delete(e.node)
          if (paused.has(e.node) && !allowed.has(e.type)) {
            throw new Error(`${e.node} is paused but recorded ${JSON.stringify(e)}`)
          }
        }
      }),
    )
  })

  it('(g) nothing is lost track of: a quiet end means every message and apply settled', () => {
    holds(
      seed,
      fc.property(scenarioArb(), (input) => {
        const r = runOf(input)
        const open = new Map<number, TraceEvent>()
        const checked = new Set<number>()
        for (const e of r.events) {
          if (e.type === 'MessageSent' && e.deliverAtMs !== null) open.set(e.msg, e)
          if (e.type === 'MessageDelivered' || e.type === 'MessageDropped') {
            if (e.type === 'MessageDelivered' || e.reason === 'crashed') {
              expect(open.delete(e.msg), `message ${e.msg} settled twice`).toBe(true)
            }
          }
          if (e.type === 'WriteChecked') checked.add(e.msg)
          if (e.type === 'WriteApplied' || e.type === 'WriteDiscarded') {
            expect(checked.delete(e.msg)).toBe(true)
          }
        }
        if (r.endReason === 'quiescent') {
          expect([...open.keys()]).toEqual([])
          expect([...checked]).toEqual([])
        }
      }),
    )
  })

  it('(h) every event and finding reads as a plain sentence', () => {
    const broken = /undefined|NaN|\[object|token null|^\s*$/
    holds(
      seed,
      fc.property(scenarioArb(), (input) => {
        const r = runOf(input)
        for (const e of r.events) expect(describeEvent(e)).not.toMatch(broken)
        const result = check(r)
        for (const f of [...result.violations, ...result.warnings]) {
          expect(f.message).not.toMatch(broken)
        }
      }),
    )
  })
})

/** Runs per seed for the properties of services of several nodes (each run is a few times longer). */
const NODE_RUNS = 100

describe.each(PROPERTY_SEEDS)('services of several nodes, seed %i', (seed) => {
  const nodesArb = scenarioArb({ lockNodes: true })
  const holdsFor = <Ts>(property: fc.IProperty<Ts>) =>
    assertProperty(property, { seed, numRuns: NODE_RUNS })

  it('(n1) determinism: the same scenario gives a byte-identical trace and findings', () => {
    holdsFor(
      fc.property(nodesArb, (input) => {
        const scenario = parseOrThrow(input)
        const once = run(scenario)
        expect(JSON.stringify(run(scenario).events)).toBe(JSON.stringify(once.events))
        const again = run(parseOrThrow(JSON.parse(JSON.stringify(scenario))))
        expect(JSON.stringify(again.events)).toBe(JSON.stringify(once.events))
        expect(JSON.stringify(check(again))).toBe(JSON.stringify(check(once)))
      }),
    )
  })

  it('(n2) prefix stability: adding a fault at t never changes an event before t', () => {
    const arb = nodesArb.chain((input) => fc.tuple(fc.constant(input), faultFor(input), fc.nat()))
    holdsFor(
      fc.property(arb, ([input, fault, position]) => {
        const faults = [...(input.faults ?? [])]
        faults.splice(position % (faults.length + 1), 0, fault)
        const before = runOf(input).events.filter((e) => e.atMs < fault.atMs)
        const after = runOf({ ...input, faults }).events.filter((e) => e.atMs < fault.atMs)
        expect(JSON.stringify(after)).toBe(JSON.stringify(before))
      }),
    )
  })

  it('(n3) runs end within their horizon and bound, quietly settled, told in plain sentences', () => {
    const broken = /undefined|NaN|\[object|token null|^\s*$/
    holdsFor(
      fc.property(nodesArb, (input) => {
        const r = runOf(input)
        expect(r.endReason).not.toBe('event-limit')
        expect(r.endMs).toBeLessThanOrEqual(r.scenario.durationMs)
        expect(r.events.length).toBeLessThanOrEqual(eventBound(r.scenario))
        for (const e of r.events) expect(describeEvent(e)).not.toMatch(broken)
        const result = check(r)
        for (const f of [...result.violations, ...result.warnings]) {
          expect(f.message).not.toMatch(broken)
        }
      }),
    )
  })

  it('(n4) the Redlock client keeps its rules: a hold needs a quorum and validity left', () => {
    holdsFor(
      fc.property(nodesArb, (input) => {
        const r = runOf(input)
        for (const e of eventsOf(r, 'QuorumAcquired')) {
          expect(e.held).toBe(e.votes >= e.quorum && e.validityMs > 0)
          expect(e.validityMs).toBe(r.scenario.lockService.leaseMs - e.elapsedMs - e.driftMs)
          expect(e.votes).toBeLessThanOrEqual(e.nodes)
          // Only a client without the elapsed-time check acts on a majority that is no grant.
          const client = r.scenario.clients.find((c) => c.id === e.node)
          if (!e.held) expect(client?.elapsedTimeCheck).toBe(false)
          expect(e.grant === 0).toBe(!e.held && !e.extended)
        }
        for (const e of eventsOf(r, 'QuorumFailed')) {
          expect(e.votes < e.quorum || e.validityMs <= 0).toBe(true)
        }
      }),
    )
  })

  it('(n5) with atomic fencing everywhere, no random value is ever applied, so no token-order', () => {
    const arb = scenarioArb({ lockNodes: true, fencing: ['atomic'] })
    holdsFor(
      fc.property(arb, (input) => {
        const r = runOf(input)
        const applied = r.events.filter(
          (e) => (e.type === 'WriteAccepted' || e.type === 'WriteApplied') && e.token !== null,
        )
        expect(applied).toEqual([])
        expect(check(r).violations.filter((f) => f.kind === 'token-order')).toEqual([])
      }),
    )
  })
})

describe.each(PROPERTY_SEEDS)('the one-node service, seed %i', (seed) => {
  it('(n6) never reports two-holders: one node keeps one holder by its own rules', () => {
    holds(
      seed,
      fc.property(scenarioArb(), (input) => {
        const kinds = check(runOf(input)).violations.map((f) => f.kind)
        expect(kinds).not.toContain('two-holders')
      }),
    )
  })
})
