/**
 * The lab's own JSON report (`fencing-lab … --format json`, or `fencing-lab check … --format
 * json`) read back: its `events` are trace events already, so the run is rebuilt as it was and the
 * checker finds the same findings (a round trip). The report does not name each resource's
 * fencing; it is read off the run: a resource that rejected a write, recorded a token, or checked
 * before applying is fenced.
 */
import type { NodeId, ResourceValue, Run, Scenario, TraceEvent } from '../../sim'
import { LOCK_NODE, parseScenario, TRACE_EVENT_TYPES } from '../../sim'
import type { LineError } from '../format'
import { HistoryError } from '../toRun'

const TYPES: ReadonlySet<string> = new Set(TRACE_EVENT_TYPES)
const MAX_ERRORS = 100

/** A parsed JSON value that looks like the lab's report (an object with `verdict` and `events`). */
export function isLabReport(value: unknown): value is Record<string, unknown> {
  return (
    typeof value === 'object' &&
    value !== null &&
    !Array.isArray(value) &&
    'verdict' in value &&
    Array.isArray((value as { events?: unknown }).events)
  )
}

export interface ReadReport {
  run: Run
  errors: LineError[]
}

export function readLabReport(report: Record<string, unknown>): ReadReport {
  const raw = report['events'] as unknown[]
  const errors: LineError[] = []
  const events: TraceEvent[] = []
  raw.forEach((e, i) => {
    const problem = eventProblem(e)
    if (problem === null) events.push(e as TraceEvent)
    else if (errors.length < MAX_ERRORS)
      errors.push({ line: 0, message: `events[${i}]: ${problem}` })
  })
  if (events.length === 0) throw new HistoryError('the report has no events')
  const final = readFinal(report['final'])
  const resources = new Set<NodeId>(Object.keys(final))
  const clients = new Set<NodeId>()
  const fenced = new Map<NodeId, 'atomic' | 'check-then-write'>()
  for (const e of events) {
    if (e.type === 'WriteChecked' || e.type === 'WriteApplied')
      fenced.set(e.node, 'check-then-write')
    else if (e.type === 'WriteRejected' && !fenced.has(e.node)) fenced.set(e.node, 'atomic')
    if ('client' in e && typeof e.client === 'string' && !resources.has(e.client))
      clients.add(e.client)
    if (e.node !== LOCK_NODE && e.node !== '*' && !resources.has(e.node)) clients.add(e.node)
  }
  for (const [id, outcome] of Object.entries(final)) {
    if (outcome.highestToken !== null && !fenced.has(id)) fenced.set(id, 'atomic')
  }
  const last = events[events.length - 1] as TraceEvent
  const ended = last.type === 'RunEnded' ? last : null
  const scenarioId = typeof report['scenario'] === 'string' ? report['scenario'] : undefined
  const parsed = parseScenario({
    ...(scenarioId !== undefined && /^[a-z0-9][a-z0-9-]{0,63}$/.test(scenarioId)
      ? { id: scenarioId }
      : {}),
    durationMs: Math.max(1, Math.min(86_400_000, Math.round(last.atMs))),
    resources: [...resources].map((id) => ({
      id,
      fencing: fenced.get(id) ?? 'none',
      initialValue: initialValue(events, id),
    })),
    clients: [...clients].map((id) => ({ id, script: [] })),
  })
  if (!parsed.ok) throw new HistoryError(`the report cannot be drawn: ${parsed.message}`)
  const scenario: Scenario = parsed.scenario
  const truncated = readTruncated(report['truncated'])
  return {
    run: {
      scenario,
      events,
      endMs: last.atMs,
      endReason: ended?.reason ?? 'quiescent',
      truncated,
      final,
    },
    errors,
  }
}

/**
 * The report does not carry a resource's initial value, which a counter's lost-update check needs:
 * it is what the resource served before any write reached it, or a first increment's value less
 * the increment.
 */
function initialValue(events: readonly TraceEvent[], resource: NodeId): ResourceValue {
  for (const e of events) {
    if (e.node !== resource) continue
    if (e.type === 'ReadServed') return e.value
    if (e.type === 'WriteAccepted' || e.type === 'WriteApplied') {
      return e.increment !== null && typeof e.value === 'number' ? e.value - e.increment : null
    }
  }
  return null
}

function eventProblem(e: unknown): string | null {
  if (typeof e !== 'object' || e === null || Array.isArray(e)) return 'must be an object'
  const o = e as Record<string, unknown>
  if (typeof o['type'] !== 'string' || !TYPES.has(o['type']))
    return '"type" is not a trace event type'
  if (typeof o['atMs'] !== 'number' || !Number.isFinite(o['atMs'])) return '"atMs" must be a number'
  if (typeof o['node'] !== 'string') return '"node" must be text'
  for (const field of ['grant', 'msg'] as const) {
    if (field in o && (typeof o[field] !== 'number' || !Number.isSafeInteger(o[field]))) {
      return `"${field}" must be a whole number`
    }
  }
  for (const field of ['client', 'by', 'resource'] as const) {
    if (field in o && typeof o[field] !== 'string') return `"${field}" must be text`
  }
  return null
}

function readFinal(value: unknown): Run['final'] {
  const final: Run['final'] = {}
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return final
  for (const [id, outcome] of Object.entries(value as Record<string, unknown>)) {
    if (typeof outcome !== 'object' || outcome === null) continue
    const o = outcome as { value?: unknown; highestToken?: unknown }
    const v = o.value
    final[id] = {
      value: typeof v === 'string' || typeof v === 'number' ? v : null,
      highestToken: typeof o.highestToken === 'number' ? o.highestToken : null,
    }
  }
  return final
}

function readTruncated(value: unknown): Run['truncated'] {
  if (typeof value !== 'object' || value === null) return null
  const o = value as { atMs?: unknown; eventCount?: unknown }
  return typeof o.atMs === 'number' && typeof o.eventCount === 'number'
    ? { atMs: o.atMs, eventCount: o.eventCount }
    : null
}
