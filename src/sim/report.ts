/**
 * The command line's JSON report (docs/contracts.md, “Command line”): one object that summarises a run —
 * grants, every write and effect in the order resources decided them, final resource states,
 * findings and the full trace. Its shape is a public contract.
 */
import { LOCK_NODE } from './scenario'
import type { CheckResult, Finding, FindingKind, Verdict } from './checker'
import { check } from './checker'
import type { Run, Truncation } from './engine'
import type { NodeId, ResourceValue, Token } from './scenario'
import type { TraceEvent } from './trace'

export interface GrantRow {
  atMs: number
  client: NodeId
  token: Token
  expiresAtMs: number
  expiresAtServiceMs: number
  /** Only for a service of several nodes: the node that granted (each node grants on its own). */
  node?: NodeId
}

export interface WriteRow {
  sentAtMs: number
  /** When the resource decided (for check-then-write: the check). */
  atMs: number
  client: NodeId
  resource: NodeId
  kind: 'write' | 'effect'
  token: Token
  value: ResourceValue
  outcome: 'accepted' | 'rejected'
  reason: string | null
  /** check-then-write only: when the write was applied (null if a crash discarded it). */
  appliedAtMs?: number | null
  /** An idempotent resource recognised a repeat and did nothing. */
  duplicate?: true
}

/**
 * A finding in the report: at a moment (`atMs`), or over an interval (`fromMs`/`toMs`). Every kind
 * but `two-believers` carries `atMs` (the public contract); an interval `two-holders` carries
 * it too, as the interval's start.
 */
export type FindingRow =
  | { kind: FindingKind; atMs: number; nodes: NodeId[]; message: string }
  | { kind: FindingKind; fromMs: number; toMs: number; nodes: NodeId[]; message: string }
  | {
      kind: FindingKind
      atMs: number
      fromMs: number
      toMs: number
      nodes: NodeId[]
      message: string
    }

export interface Report {
  scenario: string | null
  verdict: Verdict
  /** Where the run was cut at the engine's event cap; null for a complete run. */
  truncated: Truncation | null
  grants: GrantRow[]
  writes: WriteRow[]
  final: Record<NodeId, { value: ResourceValue; highestToken: number | null }>
  violations: FindingRow[]
  warnings: FindingRow[]
  events: TraceEvent[]
}

export function toReport(run: Run, result: CheckResult = check(run)): Report {
  return {
    scenario: run.scenario.id ?? null,
    verdict: result.verdict,
    truncated: run.truncated,
    grants: grantRows(run.events),
    writes: writeRows(run),
    final: run.final,
    violations: result.violations.map(findingRow),
    warnings: result.warnings.map(findingRow),
    events: run.events,
  }
}

export function grantRows(events: readonly TraceEvent[]): GrantRow[] {
  const rows: GrantRow[] = []
  for (const e of events) {
    if (e.type !== 'LeaseGranted' || e.reentrant) continue
    const row: GrantRow = {
      atMs: e.atMs,
      client: e.client,
      token: e.token,
      expiresAtMs: e.expiresAtMs,
      expiresAtServiceMs: e.expiresAtServiceMs,
    }
    if (e.node !== LOCK_NODE) row.node = e.node
    rows.push(row)
  }
  return rows
}

export function writeRows(run: Run): WriteRow[] {
  const fencing = new Map(run.scenario.resources.map((r) => [r.id, r.fencing]))
  const rows: WriteRow[] = []
  const byMessage = new Map<number, WriteRow>()
  for (const e of run.events) {
    if (e.type === 'WriteAccepted' || e.type === 'WriteRejected' || e.type === 'WriteChecked') {
      const row: WriteRow = {
        sentAtMs: e.sentAtMs,
        atMs: e.atMs,
        client: e.client,
        resource: e.node,
        kind: e.effect ? 'effect' : 'write',
        token: e.token,
        value: e.value,
        outcome: e.type === 'WriteRejected' ? 'rejected' : 'accepted',
        reason: e.type === 'WriteRejected' ? e.reason : null,
      }
      if (fencing.get(e.node) === 'check-then-write' && e.type !== 'WriteRejected') {
        row.appliedAtMs = null
      }
      if (e.type === 'WriteAccepted' && e.duplicate) row.duplicate = true
      rows.push(row)
      byMessage.set(e.msg, row)
    } else if (e.type === 'WriteApplied') {
      const row = byMessage.get(e.msg)
      if (row) {
        row.appliedAtMs = e.atMs
        if (e.duplicate) row.duplicate = true
      }
    }
  }
  return rows
}

export function findingRow(f: Finding): FindingRow {
  if (f.untilMs !== null) {
    const interval = { fromMs: f.atMs, toMs: f.untilMs, nodes: f.nodes, message: f.message }
    return f.kind === 'two-believers'
      ? { kind: f.kind, ...interval }
      : { kind: f.kind, atMs: f.atMs, ...interval }
  }
  return { kind: f.kind, atMs: f.atMs, nodes: f.nodes, message: f.message }
}
