/**
 * Properties of the timeline over random scenarios and fault schedules: the state at a cursor is
 * the fold of the trace up to it, stepping and problem jumps visit exactly the moments they
 * promise and undo each other, and the spans the diagram draws agree with the state the
 * inspector shows at every moment.
 */
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import type { Run } from '../sim'
import { check, LOCK_NODE, run } from '../sim'
import { scenarioArb } from '../testing/arbitraries'
import { parseOrThrow } from '../testing/runs'
import { assertProperty, PROPERTY_SEEDS } from '../testing/property'
import type { LabState } from './labState'
import { applyEvent, cloneLabState, initialLabState } from './labState'
import type { NodeSpan, Spans } from './spans'
import { deriveSpans } from './spans'
import type { Timeline } from './timeline'
import {
  buildTimeline,
  eventIndexAt,
  eventsBetween,
  nextProblemMs,
  nextStopMs,
  previousProblemMs,
  previousStopMs,
  SNAPSHOT_EVERY,
  stateAfterEvent,
  stateAt,
} from './timeline'

/** Runs per seed and property (five seeds): a random run is up to a few thousand events. */
const NUM_RUNS = 15
/** Keeps a runaway random scenario to a size the per-moment checks can afford. */
const MAX_EVENTS = 20_000

/**
 * Random scenarios with each client's script repeated up to 12 times: most random runs are a few
 * dozen events, and a timeline's snapshots (every 64 events) need longer ones too.
 */
const runArb: fc.Arbitrary<Run> = fc
  .tuple(scenarioArb(), fc.integer({ min: 1, max: 12 }))
  .map(([input, repeat]) => {
    const clients = input.clients.map((c) => ({
      ...c,
      script: Array.from({ length: repeat }, () => c.script).flat(),
    }))
    return run(parseOrThrow({ ...input, clients }), { maxEvents: MAX_EVENTS })
  })

function timelineOf(r: Run): Timeline {
  return buildTimeline(r, check(r))
}

/** The state after every stop, by folding the trace once from the start (the reference). */
function foldedAtStops(r: Run): Map<number, LabState> {
  const states = new Map<number, LabState>()
  const state = initialLabState(r.scenario)
  r.events.forEach((e, i) => {
    applyEvent(state, e, i)
    const next = r.events[i + 1]
    if (next === undefined || next.atMs !== e.atMs) states.set(e.atMs, cloneLabState(state))
  })
  return states
}

/** The moments worth checking: every stop, and the start. */
function momentsOf(timeline: Timeline): number[] {
  return [0, ...timeline.stopsMs]
}

describe.each(PROPERTY_SEEDS)('timeline, seed %i', (seed) => {
  it('stateAt at each event time is the fold of every event up to it, and holds until the next', () => {
    assertProperty(
      fc.property(runArb, (r) => {
        const timeline = timelineOf(r)
        const folded = foldedAtStops(r)
        for (const [atMs, state] of folded) {
          expect(stateAt(timeline, atMs)).toEqual(state)
          const next = nextStopMs(timeline, atMs)
          // Between two event times nothing happens.
          if (next !== null && next - atMs > 1) {
            expect(stateAt(timeline, (atMs + next) / 2)).toEqual(state)
          }
        }
        const first = r.events[0]
        if (first !== undefined && first.atMs > 0) {
          expect(stateAt(timeline, first.atMs - 1)).toEqual(initialLabState(r.scenario))
        }
      }),
      { seed, numRuns: NUM_RUNS },
    )
  })

  it('stateAfterEvent(i) is the fold of events 0..i, across snapshots', () => {
    assertProperty(
      fc.property(runArb, (r) => {
        const timeline = timelineOf(r)
        const state = initialLabState(r.scenario)
        expect(stateAfterEvent(timeline, -1)).toEqual(state)
        r.events.forEach((e, i) => {
          applyEvent(state, e, i)
          expect(stateAfterEvent(timeline, i)).toEqual(state)
        })
        // Past the end is the end.
        expect(stateAfterEvent(timeline, r.events.length + 5)).toEqual(state)
        expect(eventIndexAt(timeline, r.endMs)).toBe(r.events.length - 1)
      }),
      { seed, numRuns: Math.ceil(NUM_RUNS / 2) },
    )
  })

  it('snapshots made when first needed answer any order of questions as those made at once', () => {
    assertProperty(
      fc.property(
        runArb,
        fc.array(fc.integer({ min: -2, max: MAX_EVENTS }), { minLength: 1, maxLength: 12 }),
        (r, asked) => {
          const findings = check(r)
          const later = buildTimeline(r, findings)
          const now = buildTimeline(r, findings, 'now')
          expect(later.snapshots).toBeNull()
          expect(now.snapshots?.length).toBe(Math.ceil(r.events.length / SNAPSHOT_EVERY))
          // Far first, then near: a replay made for a late index serves the early ones too.
          for (const i of asked.map((a) => a % (r.events.length + 3))) {
            expect(stateAfterEvent(later, i)).toEqual(stateAfterEvent(now, i))
          }
          expect({ ...later, snapshots: null }).toEqual({ ...now, snapshots: null })
        },
      ),
      { seed, numRuns: NUM_RUNS },
    )
  })

  it('eventIndexAt and eventsBetween agree with a scan of the events', () => {
    assertProperty(
      fc.property(
        runArb,
        fc.integer({ min: -5, max: 200 }),
        fc.integer({ min: -5, max: 200 }),
        (r, a, b) => {
          const timeline = timelineOf(r)
          // Times in and around the run, at events and between them.
          const ms = (share: number) => (r.endMs * share) / 100 + (share % 3 === 0 ? 0 : 0.5)
          const [fromMs, toMs] = [ms(Math.min(a, b)), ms(Math.max(a, b))]
          const inside = r.events.filter((e) => e.atMs >= fromMs && e.atMs <= toMs).length
          expect(eventsBetween(r.events, fromMs, toMs)).toBe(inside)
          expect(eventsBetween(r.events, toMs + 1, fromMs)).toBe(0)
          const atOrBefore = r.events.filter((e) => e.atMs <= toMs).length
          expect(eventIndexAt(timeline, toMs)).toBe(atOrBefore - 1)
          // Exactly at an event's time, that event counts on both ends.
          const event = r.events[Math.abs(a) % Math.max(1, r.events.length)]
          if (event !== undefined) {
            expect(eventsBetween(r.events, event.atMs, event.atMs)).toBe(
              r.events.filter((e) => e.atMs === event.atMs).length,
            )
          }
        },
      ),
      { seed, numRuns: NUM_RUNS },
    )
  })

  it('stepping visits every event time once, and a step forward then back returns to the same place', () => {
    assertProperty(
      fc.property(runArb, (r) => {
        const timeline = timelineOf(r)
        const times = [...new Set(r.events.map((e) => e.atMs))]
        expect(timeline.stopsMs).toEqual(times)

        const forward: number[] = []
        for (let t = nextStopMs(timeline, -1); t !== null; t = nextStopMs(timeline, t)) {
          forward.push(t)
        }
        expect(forward).toEqual(times)

        const back: number[] = []
        for (let t = r.endMs + 1; t > 0;) {
          t = previousStopMs(timeline, t)
          back.push(t)
        }
        // Stepping back ends at the start (0), whether or not an event happens there.
        expect(back).toEqual([...times].reverse().concat(times[0] === 0 ? [] : [0]))

        for (const t of times) {
          const next = nextStopMs(timeline, t)
          if (next !== null) expect(previousStopMs(timeline, next)).toBe(t)
          if (t > 0) expect(nextStopMs(timeline, previousStopMs(timeline, t))).toBe(t)
        }
      }),
      { seed, numRuns: NUM_RUNS },
    )
  })

  it('problem stops are exactly the rejections and findings, and jumps visit them in order', () => {
    assertProperty(
      fc.property(runArb, (r) => {
        const findings = check(r)
        const timeline = buildTimeline(r, findings)
        const expected = new Set<number>()
        for (const e of r.events) {
          if (e.type === 'WriteRejected' || e.type === 'ReadRejected') expected.add(e.atMs)
        }
        for (const f of [...findings.violations, ...findings.warnings]) expected.add(f.atMs)
        expect(timeline.problemMs).toEqual([...expected].sort((a, b) => a - b))

        const forward: number[] = []
        for (let t = nextProblemMs(timeline, -1); t !== null; t = nextProblemMs(timeline, t)) {
          forward.push(t)
        }
        expect(forward).toEqual(timeline.problemMs)
        const back: number[] = []
        for (
          let t = previousProblemMs(timeline, Infinity);
          t !== null;
          t = previousProblemMs(timeline, t)
        ) {
          back.push(t)
        }
        expect(back).toEqual([...timeline.problemMs].reverse())
        for (const t of timeline.problemMs) {
          const next = nextProblemMs(timeline, t)
          if (next !== null) expect(previousProblemMs(timeline, next)).toBe(t)
        }
      }),
      { seed, numRuns: NUM_RUNS },
    )
  })
})

/** The spans of `kind` that cover `atMs` (a span ends at the moment its end event happens). */
/**
 * A node span that reaches the run's end is open unless an event closed it there: a 0 ms pause
 * ended by a crash in the run's last instant is a closed span of no length, not a pause that
 * lasts (seed 1683970953 found it).
 */
function stillOpen(r: Run, n: NodeSpan): boolean {
  if (n.toMs !== r.endMs) return false
  const closers = n.kind === 'paused' ? ['NodeResumed', 'NodeCrashed'] : ['NodeRestarted']
  return !r.events.some(
    (e) => e.node === n.node && e.atMs === n.toMs && e.atMs >= n.fromMs && closers.includes(e.type),
  )
}

function covering<S extends { fromMs: number; toMs: number }>(
  spans: readonly S[],
  atMs: number,
  endMs: number,
  isOpen: (span: S) => boolean,
): S[] {
  return spans.filter(
    (s) => s.fromMs <= atMs && (atMs < s.toMs || (isOpen(s) && atMs <= endMs && s.toMs >= endMs)),
  )
}

describe.each(PROPERTY_SEEDS)('spans, seed %i', (seed) => {
  it('leases cover exactly the intervals the trace grants, from grant to its end', () => {
    assertProperty(
      fc.property(runArb, (r) => {
        const spans = deriveSpans(r)
        const expected: Spans['leases'] = []
        const open = new Map<number, Spans['leases'][number]>()
        for (const e of r.events) {
          if (e.type === 'LeaseGranted' && !e.reentrant) {
            const lease = {
              node: e.node,
              grant: e.grant,
              client: e.client,
              token: e.token,
              fromMs: e.atMs,
              toMs: r.endMs,
              end: 'open' as Spans['leases'][number]['end'],
            }
            expected.push(lease)
            open.set(e.grant, lease)
          } else if (
            e.type === 'LeaseExpired' ||
            e.type === 'LeaseReleased' ||
            e.type === 'LeaseForgotten'
          ) {
            const lease = open.get(e.grant)
            if (lease === undefined) continue
            lease.toMs = e.atMs
            lease.end =
              e.type === 'LeaseForgotten'
                ? 'forgotten'
                : e.type === 'LeaseExpired'
                  ? e.byOperator
                    ? 'expired-by-operator'
                    : 'expired'
                  : e.foreign
                    ? 'released-by-other'
                    : 'released'
            open.delete(e.grant)
          }
        }
        expect(spans.leases).toEqual(expected)
        for (const lease of spans.leases) expect(lease.fromMs).toBeLessThanOrEqual(lease.toMs)
      }),
      { seed, numRuns: NUM_RUNS },
    )
  })

  it('agree with the state at every moment: holder, beliefs, pauses, partitions, in flight, tokens', () => {
    assertProperty(
      fc.property(runArb, (r) => {
        const timeline = timelineOf(r)
        const spans = deriveSpans(r)
        const fencing = new Map(r.scenario.resources.map((res) => [res.id, res.fencing]))
        for (const t of momentsOf(timeline)) {
          const state = stateAt(timeline, t)

          // The lock service's holder is the one lease that covers t.
          const leases = covering(spans.leases, t, r.endMs, (l) => l.end === 'open')
          expect(leases.length).toBeLessThanOrEqual(1)
          expect(state.lock.holderIdentity).toBe(leases[0]?.client ?? null)
          if (leases[0] !== undefined) expect(state.lock.grant).toBe(leases[0].grant)

          for (const client of state.clients) {
            const beliefs = covering(
              spans.beliefs.filter((b) => b.client === client.id),
              t,
              r.endMs,
              (b) => b.end === 'open',
            )
            expect(beliefs.length).toBeLessThanOrEqual(1)
            expect(client.believes).toBe(beliefs.length === 1)
            const paused = covering(
              spans.nodes.filter((n) => n.node === client.id && n.kind === 'paused'),
              t,
              r.endMs,
              (n) => stillOpen(r, n),
            )
            expect(client.paused).toBe(paused.length === 1)
          }

          // A crashed resource or lock service is down until it restarts.
          const down = (node: string) =>
            covering(
              spans.nodes.filter((n) => n.node === node && n.kind === 'down'),
              t,
              r.endMs,
              (n) => stillOpen(r, n),
            ).length === 1
          for (const resource of state.resources) expect(resource.down).toBe(down(resource.id))
          expect(state.lock.down).toBe(down(LOCK_NODE))

          const partitions = covering(spans.partitions, t, r.endMs, (p) => !p.healed)
          expect(state.partitions.map((p) => p.between)).toEqual(partitions.map((p) => p.between))

          // A message is in flight from its send until it is handled or lost.
          const inFlight = spans.messages
            .filter((m) => m.sentAtMs <= t && m.arriveAtMs !== null)
            .filter((m) => (m.handledAtMs ?? m.lost?.atMs ?? Infinity) > t)
            .map((m) => m.msg)
          expect(state.inFlight.map((m) => m.msg)).toEqual(inFlight)

          // A fenced resource's recorded token is the last step of its token line.
          for (const resource of state.resources) {
            if (fencing.get(resource.id) === 'none') continue
            const steps = spans.tokenSteps.filter((s) => s.resource === resource.id && s.atMs <= t)
            expect(resource.highestToken).toBe(steps.at(-1)?.highestToken ?? null)
          }
        }
      }),
      { seed, numRuns: NUM_RUNS },
    )
  })

  it('one message span per message, one decision per resource decision, each in trace order', () => {
    assertProperty(
      fc.property(runArb, (r) => {
        const spans = deriveSpans(r)
        const sent = r.events.filter((e) => e.type === 'MessageSent')
        expect(spans.messages.map((m) => m.msg)).toEqual(sent.map((e) => e.msg))
        for (const m of spans.messages) {
          // Handled and lost are exclusive; each happens no earlier than the send.
          expect(m.handledAtMs !== null && m.lost !== null).toBe(false)
          if (m.arriveAtMs !== null) expect(m.arriveAtMs).toBeGreaterThanOrEqual(m.sentAtMs)
          if (m.handledAtMs !== null && m.arriveAtMs !== null) {
            expect(m.handledAtMs).toBeGreaterThanOrEqual(m.arriveAtMs)
          }
          if (m.lost !== null) expect(m.lost.atMs).toBeGreaterThanOrEqual(m.sentAtMs)
        }

        const decisionTypes = new Set([
          'WriteAccepted',
          'WriteApplied',
          'WriteChecked',
          'WriteRejected',
          'WriteDiscarded',
        ])
        const decided = r.events.flatMap((e, i) => (decisionTypes.has(e.type) ? [i] : []))
        expect(spans.decisions.map((d) => d.eventIndex)).toEqual(decided)
        for (const d of spans.decisions) {
          const e = r.events[d.eventIndex]!
          expect([e.atMs, e.node]).toEqual([d.atMs, d.resource])
          expect(d.reason === null).toBe(e.type !== 'WriteRejected' && e.type !== 'WriteDiscarded')
        }

        // Pauses and downtime of one node never overlap themselves.
        for (const kind of ['paused', 'down'] as const) {
          const byNode = new Map<string, Spans['nodes']>()
          for (const n of spans.nodes.filter((s) => s.kind === kind)) {
            byNode.set(n.node, [...(byNode.get(n.node) ?? []), n])
          }
          for (const list of byNode.values()) {
            list.forEach((n, i) => {
              expect(n.fromMs).toBeLessThanOrEqual(n.toMs)
              const next = list[i + 1]
              if (next !== undefined) expect(n.toMs).toBeLessThanOrEqual(next.fromMs)
            })
          }
        }
      }),
      { seed, numRuns: NUM_RUNS },
    )
  })
})
