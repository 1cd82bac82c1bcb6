/**
 * The checker (docs/contracts.md, “Checker kinds”): invariants over a finished trace, in one pass.
 *
 * It keeps its own ground truth — the order in which grants took effect (grant 1, 2, 3…) and
 * when the lock service stopped honouring each — so it can judge fencing even when tokens are
 * random or duplicated. Kinds are stable identifiers (blog posts and tests depend on them).
 */
import type { Run, Truncation } from './engine'
import type { NodeId, ResourceValue, Token } from './scenario'
import { formatMs } from './time'
import type { TraceEvent } from './trace'
import { tokenWords, valueWords } from './words'

export const VIOLATION_KINDS = [
  'token-order',
  'lost-update',
  'duplicate-token',
  'unfenced-effect',
  'foreign-release',
  'foreign-renew',
  'two-holders',
] as const
export const WARNING_KINDS = [
  'two-believers',
  'late-write',
  'fenced-out',
  'duplicate-work',
] as const

export type ViolationKind = (typeof VIOLATION_KINDS)[number]
export type WarningKind = (typeof WARNING_KINDS)[number]
export type FindingKind = ViolationKind | WarningKind

export interface Finding {
  kind: FindingKind
  severity: 'violation' | 'warning'
  /** When it happened (for an interval, when it began). */
  atMs: number
  /** For an interval finding (two-believers), when it ended; else null. */
  untilMs: number | null
  /** The nodes involved, most relevant first. */
  nodes: NodeId[]
  /** One plain sentence. */
  message: string
  /** Index in the trace of the event where it happened (for "jump to"). */
  eventIndex: number
}

/**
 * `inconclusive`: the run reached its event cap with no violation found so far; what happened
 * after the cut is unknown, so it cannot be called safe. A violation before the cut is still
 * `unsafe` (and `truncated` says the run was cut).
 */
export type Verdict = 'safe' | 'unsafe' | 'inconclusive'

export interface CheckResult {
  verdict: Verdict
  /** Where the run was cut at its event cap; null for a complete run. */
  truncated: Truncation | null
  violations: Finding[]
  warnings: Finding[]
}

interface GrantTruth {
  client: NodeId
  token: Token
  /** The promised end (true time) if it is never renewed again. */
  expiresAtMs: number
  /**
   * When the lease ended in truth: its expiry, or its owner's release. A crash that forgets it or
   * a release by someone else does not end it early — breaking that promise is the fault — so
   * those end it at the promised expiry. Null while it lasts.
   */
  endedAtMs: number | null
}

interface ResourceTruth {
  fencing: 'none' | 'atomic' | 'check-then-write'
  initialValue: ResourceValue
  value: ResourceValue
  /** Highest grant whose write was applied (writes only, not effects). */
  appliedGrant: number
  appliedBy: { client: NodeId; token: Token } | null
  /** Highest grant this resource has seen applied or recorded (writes, effects, fenced reads). */
  seenGrant: number
  ackedIncrements: number
  ackedIncrementCount: number
}

export function check(run: Run): CheckResult {
  const findings: Finding[] = []
  const add = (f: Omit<Finding, 'severity'>) => {
    const severity = (VIOLATION_KINDS as readonly string[]).includes(f.kind)
      ? 'violation'
      : 'warning'
    findings.push({ ...f, severity })
  }
  const grants: GrantTruth[] = [] // index = grant number
  const tokensIssued = new Map<string, number>()
  const resources = new Map<NodeId, ResourceTruth>()
  for (const r of run.scenario.resources) {
    resources.set(r.id, {
      fencing: r.fencing,
      initialValue: r.initialValue,
      value: r.initialValue,
      appliedGrant: 0,
      appliedBy: null,
      seenGrant: 0,
      ackedIncrements: 0,
      ackedIncrementCount: 0,
    })
  }
  const believing = new Map<NodeId, number>() // client → since
  // Services of several nodes: each client's current majority, and every hold by the rules.
  const quorumGrant = new Map<NodeId, number>()
  const holds: Hold[] = []
  const pairSince = new Map<string, { fromMs: number; eventIndex: number }>()
  const closePair = (a: NodeId, b: NodeId, toMs: number) => {
    const key = pairKey(a, b)
    const open = pairSince.get(key)
    if (open === undefined) return
    pairSince.delete(key)
    if (toMs <= open.fromMs) return
    const [x, y] = a < b ? [a, b] : [b, a]
    findings.push({
      kind: 'two-believers',
      severity: 'warning',
      atMs: open.fromMs,
      untilMs: toMs,
      nodes: [x, y],
      message: `${x} and ${y} both believed they held the lock from ${formatMs(open.fromMs)} to ${formatMs(toMs)}.`,
      eventIndex: open.eventIndex,
    })
  }
  const isLive = (grant: number, atMs: number) => {
    const g = grants[grant]
    return g !== undefined && (g.endedAtMs === null || g.endedAtMs > atMs)
  }

  run.events.forEach((e: TraceEvent, i: number) => {
    switch (e.type) {
      case 'LeaseGranted': {
        if (e.reentrant) return
        grants[e.grant] = {
          client: e.client,
          token: e.token,
          expiresAtMs: e.expiresAtMs,
          endedAtMs: null,
        }
        if (e.token === null) return
        const key = String(e.token)
        // Per node: a service of several nodes sets one client's value on each of them.
        const earlier = tokensIssued.get(`${e.node}|${key}`)
        if (earlier !== undefined) {
          const first = grants[earlier]
          add({
            kind: 'duplicate-token',
            atMs: e.atMs,
            untilMs: null,
            nodes: ['lock', e.client, first?.client ?? '?'],
            message: `The lock service granted token ${key} to ${e.client}, but it had already granted ${key} to ${first?.client ?? 'another client'}: tokens no longer identify one acquisition.`,
            eventIndex: i,
          })
        } else {
          tokensIssued.set(`${e.node}|${key}`, e.grant)
        }
        return
      }
      case 'QuorumAcquired': {
        // A client's majority is one grant of the service: it lasts until its validity runs out
        // (not at all for a late majority a client counted without timing it), or its release.
        if (e.grant === 0) return
        const endsAtMs = e.held ? e.validUntilMs : e.atMs
        const g = grants[e.grant]
        if (!e.extended || g === undefined) {
          grants[e.grant] = {
            client: e.node,
            token: e.token,
            expiresAtMs: e.validUntilMs,
            endedAtMs: endsAtMs,
          }
          quorumGrant.set(e.node, e.grant)
          if (e.held)
            holds.push({
              client: e.node,
              grant: e.grant,
              fromMs: e.atMs,
              toMs: endsAtMs,
              eventIndex: i,
            })
          return
        }
        if (!e.held) return
        g.expiresAtMs = e.validUntilMs
        g.endedAtMs = Math.max(g.endedAtMs ?? 0, endsAtMs)
        const last = holds.findLast((h) => h.grant === e.grant)
        // An extend that reached a quorum before the hold ran out continues it.
        if (last !== undefined && last.toMs >= e.atMs - e.elapsedMs)
          last.toMs = Math.max(last.toMs, endsAtMs)
        else
          holds.push({
            client: e.node,
            grant: e.grant,
            fromMs: e.atMs,
            toMs: endsAtMs,
            eventIndex: i,
          })
        return
      }
      case 'LeaseRenewed': {
        const g = grants[e.grant]
        if (g !== undefined) g.expiresAtMs = e.expiresAtMs
        if (e.foreign) {
          add({
            kind: 'foreign-renew',
            atMs: e.atMs,
            untilMs: null,
            nodes: ['lock', e.by, e.client],
            message: `${e.by}'s renew extended ${e.client}'s lease (${tokenWords(e.token)}): the lock service renewed without checking the owner.`,
            eventIndex: i,
          })
        }
        return
      }
      case 'LeaseReleased':
        end(grants, e.grant, e.foreign ? null : e.atMs)
        if (e.foreign) {
          add({
            kind: 'foreign-release',
            atMs: e.atMs,
            untilMs: null,
            nodes: ['lock', e.by, e.client],
            message: `${e.by}'s release deleted ${e.client}'s lease (${tokenWords(e.token)}): the lock service released without checking the owner.`,
            eventIndex: i,
          })
        }
        return
      case 'LeaseExpired':
        end(grants, e.grant, e.atMs)
        return
      case 'LeaseForgotten':
        end(grants, e.grant, null)
        return
      case 'BeliefStarted': {
        if (believing.has(e.node)) return
        for (const other of believing.keys()) {
          pairSince.set(pairKey(e.node, other), { fromMs: e.atMs, eventIndex: i })
        }
        believing.set(e.node, e.atMs)
        return
      }
      case 'BeliefEnded': {
        const mine = quorumGrant.get(e.node)
        if (e.reason === 'released' && mine !== undefined) {
          // Releasing on every node ends the client's hold by the service's rules.
          const g = grants[mine]
          if (g !== undefined) g.endedAtMs = Math.min(g.endedAtMs ?? e.atMs, e.atMs)
          for (const h of holds) if (h.grant === mine) h.toMs = Math.min(h.toMs, e.atMs)
        }
        if (!believing.delete(e.node)) return
        for (const other of believing.keys()) closePair(e.node, other, e.atMs)
        return
      }
      case 'ReadServed': {
        const r = resources.get(e.node)
        if (r && e.recorded) r.seenGrant = Math.max(r.seenGrant, e.grant)
        return
      }
      case 'WriteAccepted':
      case 'WriteApplied': {
        const r = resources.get(e.node)
        if (r === undefined) return
        if (e.duplicate) {
          add({
            kind: 'duplicate-work',
            atMs: e.atMs,
            untilMs: null,
            nodes: [e.node, e.client],
            message: `${e.node} absorbed a repeat of ${valueWords(e.value)} from ${e.client}: the work was done twice, harmlessly, because the operation is idempotent.`,
            eventIndex: i,
          })
          // The repeat changed nothing, yet the resource took it and acknowledged it: a newer
          // grant's absorbed write still orders every write that comes after it.
          if (!e.effect && e.grant > r.appliedGrant) {
            r.appliedGrant = e.grant
            r.appliedBy = { client: e.client, token: e.token }
          }
          r.seenGrant = Math.max(r.seenGrant, e.grant)
          return
        }
        r.value = e.value
        if (e.effect) {
          if (r.fencing === 'none' && !isLive(e.grant, e.atMs)) {
            const g = grants[e.grant]
            const why =
              g === undefined
                ? `${e.client} never held the lease`
                : `${e.client}'s lease had ended at ${formatMs(g.endedAtMs ?? e.atMs)}`
            add({
              kind: 'unfenced-effect',
              atMs: e.atMs,
              untilMs: null,
              nodes: [e.node, e.client],
              message: `${e.node} carried out ${e.client}'s effect ${valueWords(e.value)} although ${why}; ${e.node} has no fencing check.`,
              eventIndex: i,
            })
          }
          r.seenGrant = Math.max(r.seenGrant, e.grant)
          return
        }
        if (e.grant < r.appliedGrant && r.appliedBy !== null) {
          const newer = r.appliedBy
          const sameToken = newer.token === e.token && e.token !== null
          add({
            kind: 'token-order',
            atMs: e.atMs,
            untilMs: null,
            nodes: [e.node, e.client, newer.client],
            message:
              e.grant === 0
                ? `${e.node} applied ${e.client}'s write after ${newer.client}'s write with ${tokenWords(newer.token)}, although ${e.client} never held the lock: a write without the lock overwrote a holder's.`
                : `${e.node} applied ${e.client}'s write with ${tokenWords(e.token)} after ${newer.client}'s write with ${tokenWords(newer.token)}${sameToken ? ' (the same token from a newer grant)' : ''}: an older holder overwrote a newer one.`,
            eventIndex: i,
          })
        } else if (e.grant > 0 && !isLive(e.grant, e.atMs) && r.seenGrant <= e.grant) {
          const g = grants[e.grant]
          add({
            kind: 'late-write',
            atMs: e.atMs,
            untilMs: null,
            nodes: [e.node, e.client],
            message: `${e.node} applied ${e.client}'s write with ${tokenWords(e.token)} after that lease had ended at ${formatMs(g?.endedAtMs ?? e.atMs)}, before it had seen a newer token.`,
            eventIndex: i,
          })
        }
        if (e.grant >= r.appliedGrant) {
          r.appliedGrant = e.grant
          r.appliedBy = { client: e.client, token: e.token }
        }
        r.seenGrant = Math.max(r.seenGrant, e.grant)
        return
      }
      case 'WriteRejected':
        if (e.grant > 0 && isLive(e.grant, e.atMs) && e.grant === grants.length - 1) {
          add({
            kind: 'fenced-out',
            atMs: e.atMs,
            untilMs: null,
            nodes: [e.node, e.client],
            message: `${e.node} rejected ${e.client}'s write although ${e.client} holds the current lease (${e.reason}).`,
            eventIndex: i,
          })
        }
        return
      case 'WriteAcknowledged': {
        const r = resources.get(e.resource)
        if (r && e.increment !== null && !e.effect) {
          r.ackedIncrements += e.increment
          r.ackedIncrementCount++
        }
        return
      }
      default:
        return
    }
  })

  for (const f of twoHolders(holds)) add(f)
  const endIndex = run.events.length - 1
  for (const [a] of believing) {
    for (const [b] of believing) if (a < b) closePair(a, b, run.endMs)
  }
  for (const [id, r] of resources) {
    if (r.ackedIncrementCount === 0) continue
    if (typeof r.value !== 'number' || typeof r.initialValue !== 'number') continue
    const applied = r.value - r.initialValue
    if (applied < r.ackedIncrements) {
      const lost = r.ackedIncrements - applied
      add({
        kind: 'lost-update',
        atMs: run.endMs,
        untilMs: null,
        nodes: [id],
        message: `${id} ends at ${valueWords(r.value)}, but increments adding up to ${r.ackedIncrements} were acknowledged (from ${valueWords(r.initialValue)}): ${lost} ${lost === 1 ? 'update was' : 'updates were'} lost.`,
        eventIndex: endIndex,
      })
    }
  }
  findings.sort((a, b) => a.atMs - b.atMs || a.eventIndex - b.eventIndex)
  const violations = findings.filter((f) => f.severity === 'violation')
  const warnings = findings.filter((f) => f.severity === 'warning')
  const verdict: Verdict =
    violations.length > 0 ? 'unsafe' : run.truncated !== null ? 'inconclusive' : 'safe'
  return { verdict, truncated: run.truncated, violations, warnings }
}

/** A client held the lock by a service of several nodes' rules: a quorum with validity left. */
interface Hold {
  client: NodeId
  grant: number
  fromMs: number
  toMs: number
  eventIndex: number
}

/** Every overlap of two clients' holds: the service's own promise, one holder, is broken. */
function twoHolders(holds: readonly Hold[]): Omit<Finding, 'severity'>[] {
  const found: Omit<Finding, 'severity'>[] = []
  holds.forEach((a, i) => {
    for (const b of holds.slice(i + 1)) {
      if (a.client === b.client) continue
      const fromMs = Math.max(a.fromMs, b.fromMs)
      const toMs = Math.min(a.toMs, b.toMs)
      if (toMs <= fromMs) continue
      const [x, y] = a.client < b.client ? [a.client, b.client] : [b.client, a.client]
      found.push({
        kind: 'two-holders',
        atMs: fromMs,
        untilMs: toMs,
        nodes: [x, y],
        message: `${x} and ${y} both held the lock by the lock service's own rules from ${formatMs(fromMs)} to ${formatMs(toMs)}: each had a quorum of nodes and validity left.`,
        eventIndex: a.fromMs >= b.fromMs ? a.eventIndex : b.eventIndex,
      })
    }
  })
  return found
}

/** Ends a grant at `atMs`, or at its promised expiry when `atMs` is null. */
function end(grants: GrantTruth[], grant: number, atMs: number | null): void {
  const g = grants[grant]
  if (g !== undefined && g.endedAtMs === null) g.endedAtMs = atMs ?? g.expiresAtMs
}

function pairKey(a: NodeId, b: NodeId): string {
  return a < b ? `${a}|${b}` : `${b}|${a}`
}
