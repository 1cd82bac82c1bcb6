/**
 * A history as a run: the same trace events a simulated run has, so the same checker, diagram,
 * inspector and event log read it. Each trace event remembers the history line it came from.
 *
 * Nothing is reordered to make the story tidy: events stand at their own clocks' times (plus the
 * header's offsets). Where clocks visibly disagree — a resource accepted a write before its
 * sender sent it, a client believed in a grant before the lock service made it — the history says
 * so in a note, and no arrow is drawn between the two. What a history cannot tell (a write with
 * no token cannot be ordered by the resource; a lease whose length is not given) is said in notes
 * too, never guessed silently.
 *
 * The steps, each in its own file: who is who (cast.ts), how each resource fences (fencing.ts),
 * which events answer which (pairs.ts), then the replay in time order (replay.ts), whose leases
 * and beliefs leases.ts follows.
 */
import type { NodeId, ResourceValue, Run, Scenario, Token } from '../sim'
import { formatMs, parseScenario } from '../sim'
import { castOf } from './cast'
import { fencingOf } from './fencing'
import type { Fencing, HistoryEvent, ParsedHistory } from './format'
import { HistoryError } from './historyError'
import { Leases } from './leases'
import type { Note } from './notes'
import { Notes } from './notes'
import { grantSides, pairAcquires, pairWrites } from './pairs'
import { tokenKey } from './ref'
import { replay, Trace } from './replay'

export { HistoryError } from './historyError'
export type { Note, NoteKind } from './notes'

export interface HistoryRun {
  run: Run
  /** For each trace event, the 1-based history line it came from (0: none, e.g. RunEnded). */
  lineOf: number[]
  /** The same as words: `line 12`, or `app.log line 12` in a history read from several files. */
  refOf: string[]
  /** The history time (after offsets) that the run's 0 ms stands for. */
  originMs: number
  notes: Note[]
  /** Whether any grant was in the history (without one, lease ends are unknown). */
  hasGrants: boolean
}

const MAX_SPAN_MS = 86_400_000

export function historyToRun(history: ParsedHistory): HistoryRun {
  const { header } = history
  if (history.events.length === 0) throw new HistoryError('the history has no events')
  // Array sort is stable: events at the same time and line keep the order they were read in.
  const order = [...history.events].sort((a, b) => a.atMs - b.atMs || a.line - b.line)
  const first = order[0] as HistoryEvent
  const last = order[order.length - 1] as HistoryEvent
  const originMs = first.atMs
  if (last.atMs - originMs > MAX_SPAN_MS) {
    throw new HistoryError(
      `the history spans ${formatMs(Math.round(last.atMs - originMs))}, more than one day (lines ${first.line} to ${last.line}): split it, or check the times`,
    )
  }
  const t = (e: HistoryEvent) => Math.round(e.atMs - originMs)
  const endMs = t(last)

  const notes = new Notes()
  const cast = castOf(order)
  const { names, clients, resources, isLockSide } = cast
  const fencing = fencingOf(order, resources, header, names, notes)
  const writes = pairWrites(order, t, names, notes)
  const sides = grantSides(order, isLockSide, t, names, notes)
  const hasGrants = order.some((e) => e.kind === 'acquire-granted')
  if (!hasGrants) {
    notes.add(
      'no-lock-events',
      'The history has no grants: when leases began and ended is unknown, so only the order of tokens at the resources is judged.',
      [],
    )
  }
  const acquires = pairAcquires(order, isLockSide)

  const trace = new Trace()
  const leases = new Leases({
    emit: trace.emit,
    notes,
    names,
    isLockSide,
    sides,
    leaseDefaultMs: header.leaseMs,
    endMs,
    hasGrants,
    tokenRank: hasGrants ? new Map() : tokenRanks(order),
  })
  const replayed = replay({ order, t, cast, fencing, writes, acquires, leases, trace })
  if (leases.impliedBeliefLines.length > 0) {
    notes.add(
      'implied-belief',
      "The clients' own view of their grants is not in the history: each is taken to believe it holds the lock from its grant until its lease ends by the lock service's account.",
      leases.impliedBeliefLines.slice(0, 10),
    )
  }
  trace.emit({ atMs: endMs, node: '*', type: 'RunEnded', reason: 'quiescent' }, null)
  for (const [name, id] of names.renamed) {
    notes.add(
      'renamed',
      `"${name}" is shown as ${id} (node names use letters, digits, "-" and "_").`,
      [],
    )
  }

  const scenario = scenarioFor(
    [...clients].map((c) => names.id(c)),
    [...resources].map((r) => ({
      id: names.id(r),
      fencing: fencing.get(r) ?? 'none',
      initialValue: header.resources[r]?.initialValue ?? null,
    })),
    Math.max(1, endMs),
    header.title,
    // The lock lane names the lease length: the header's, else the first one a grant gave.
    header.leaseMs ?? order.find((e) => e.leaseMs !== null)?.leaseMs ?? null,
  )
  const final: Run['final'] = {}
  for (const r of resources) {
    final[names.id(r)] = replayed.final.get(r) ?? {
      value: header.resources[r]?.initialValue ?? null,
      highestToken: null,
    }
  }
  return {
    run: { scenario, events: trace.events, endMs, endReason: 'quiescent', truncated: null, final },
    lineOf: replayed.lineOf,
    refOf: replayed.refOf,
    originMs,
    notes: notes.all(),
    hasGrants,
  }
}

/** Without grants, tokens order themselves: the rank of a token (by its tokenKey) stands for its grant. */
function tokenRanks(order: readonly HistoryEvent[]): Map<string, number> {
  const tokens: Array<[string, NonNullable<Token>]> = [
    ...new Map(
      order
        .filter((e) => e.token !== null)
        .map((e) => [tokenKey(e.token) as string, e.token as NonNullable<Token>]),
    ).entries(),
  ]
  tokens.sort(([, a], [, b]) =>
    typeof a === 'number' && typeof b === 'number'
      ? a - b
      : String(a) < String(b)
        ? -1
        : String(a) > String(b)
          ? 1
          : 0,
  )
  return new Map(tokens.map(([key], i) => [key, i + 1]))
}

function scenarioFor(
  clients: NodeId[],
  resources: Array<{ id: NodeId; fencing: Fencing; initialValue: ResourceValue }>,
  durationMs: number,
  title: string | null,
  leaseMs: number | null,
): Scenario {
  const parsed = parseScenario({
    ...(title === null ? {} : { title: title.slice(0, 200) }),
    durationMs,
    lockService: { leaseMs: Math.max(1, Math.round(leaseMs ?? 10_000)) },
    resources:
      resources.length > 0
        ? resources.map((r) => ({ id: r.id, fencing: r.fencing, initialValue: r.initialValue }))
        : [{ id: 'storage', fencing: 'none' }],
    clients: (clients.length > 0 ? clients : ['client']).map((id) => ({ id, script: [] })),
  })
  if (!parsed.ok) throw new HistoryError(`the history cannot be drawn: ${parsed.message}`)
  return parsed.scenario
}
