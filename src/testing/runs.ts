/**
 * Small helpers for tests that build a scenario by hand and look at its trace. Pure: they only
 * parse, run and filter.
 */
import type {
  EventOf,
  NodeId,
  Run,
  RunOptions,
  Scenario,
  ScenarioInput,
  TraceEvent,
  TraceEventType,
} from '../sim'
import { parseScenario, run } from '../sim'

/** Validates a scenario a test wrote by hand; a mistake in the test fails loudly. */
export function parseOrThrow(input: unknown): Scenario {
  const parsed = parseScenario(input)
  if (!parsed.ok) throw new Error(parsed.message)
  return parsed.scenario
}

/** Parses and runs a hand-written scenario. */
export function runInput(input: ScenarioInput, options: RunOptions = {}): Run {
  return run(parseOrThrow(input), options)
}

/** The events of one type (and, if given, at one node), in trace order. */
export function eventsOf<T extends TraceEventType>(
  source: Run | readonly TraceEvent[],
  type: T,
  node?: NodeId,
): EventOf<T>[] {
  const events = 'events' in source ? source.events : source
  return events.filter(
    (e): e is EventOf<T> => e.type === type && (node === undefined || e.node === node),
  )
}

/** The one event of a type (and node) that a test expects; fails when there is not exactly one. */
export function onlyEvent<T extends TraceEventType>(
  source: Run | readonly TraceEvent[],
  type: T,
  node?: NodeId,
): EventOf<T> {
  const found = eventsOf(source, type, node)
  if (found.length !== 1) {
    throw new Error(
      `expected one ${type}${node === undefined ? '' : ` at ${node}`}, found ${found.length}`,
    )
  }
  return found[0] as EventOf<T>
}

/** The index in the trace of the first event matching `match`, or -1. */
export function indexOfEvent(
  source: Run | readonly TraceEvent[],
  match: (e: TraceEvent) => boolean,
): number {
  const events = 'events' in source ? source.events : source
  return events.findIndex(match)
}
