/**
 * Why a finding holds: the shortest part of the history that proves it, in words, with the trace
 * events it cites (for "jump to") and their history lines. Read off the same trace the checker
 * judged, so the explanation and the finding cannot disagree about what happened.
 */
import type { Finding, Run, Token, TraceEvent } from '../sim'
import { formatMs } from '../sim'

export interface Why {
  text: string
  /** Trace indices of the events it cites, in time order. */
  events: number[]
  /** Their history lines (1-based; events without a line are left out). */
  lines: number[]
}

type Write = Extract<TraceEvent, { type: 'WriteAccepted' | 'WriteRejected' }>

function tokenText(token: Token): string {
  return token === null ? 'no token' : `token ${String(token)}`
}

/**
 * Explains findings of one run. The indexes are built in one pass on first use, so explaining
 * every finding of a 100k-event history costs a pass, not a pass per finding.
 */
export function explainer(
  run: Run,
  lineOf: readonly number[],
  refOf: readonly string[],
): (finding: Finding) => Why {
  let index: Index | null = null
  return (finding) => {
    index ??= buildIndex(run.events)
    return explainWith(run, index, finding, lineOf, refOf)
  }
}

export function explain(
  run: Run,
  finding: Finding,
  lineOf: readonly number[],
  refOf: readonly string[],
): Why {
  return explainer(run, lineOf, refOf)(finding)
}

interface Index {
  /** Grant number → index of its (non-re-entrant) LeaseGranted. */
  grantAt: Map<number, number>
  /** Grant number → index of the expiry or owner's release that ended it. */
  endAt: Map<number, number>
  /** Token → index of the first grant that carried it. */
  firstGrantOfToken: Map<string, number>
  /** For each accepted write: the index of the newest-grant write its resource accepted before it. */
  newestBefore: Map<number, number>
  /** Node → indices of its BeliefStarted events, ascending. */
  beliefStarts: Map<string, number[]>
}

function buildIndex(events: readonly TraceEvent[]): Index {
  const index: Index = {
    grantAt: new Map(),
    endAt: new Map(),
    firstGrantOfToken: new Map(),
    newestBefore: new Map(),
    beliefStarts: new Map(),
  }
  const newest = new Map<string, number>()
  events.forEach((e, i) => {
    switch (e.type) {
      case 'LeaseGranted':
        if (e.reentrant) return
        if (!index.grantAt.has(e.grant)) index.grantAt.set(e.grant, i)
        if (!index.firstGrantOfToken.has(String(e.token))) {
          index.firstGrantOfToken.set(String(e.token), i)
        }
        return
      case 'LeaseExpired':
      case 'LeaseReleased':
        if (e.type === 'LeaseReleased' && e.foreign) return
        if (!index.endAt.has(e.grant)) index.endAt.set(e.grant, i)
        return
      case 'WriteAccepted': {
        if (e.effect) return
        const before = newest.get(e.node)
        if (before !== undefined) index.newestBefore.set(i, before)
        if (before === undefined || e.grant > (events[before] as Write).grant) newest.set(e.node, i)
        return
      }
      case 'BeliefStarted': {
        const list = index.beliefStarts.get(e.node)
        if (list === undefined) index.beliefStarts.set(e.node, [i])
        else list.push(i)
        return
      }
      default:
        return
    }
  })
  return index
}

/** The last of ascending `list` that is at most `limit`, or -1. */
function lastAtMost(list: readonly number[] | undefined, limit: number): number {
  if (list === undefined) return -1
  let lo = 0
  let hi = list.length - 1
  let found = -1
  while (lo <= hi) {
    const mid = (lo + hi) >> 1
    const v = list[mid] as number
    if (v <= limit) {
      found = v
      lo = mid + 1
    } else hi = mid - 1
  }
  return found
}

function explainWith(
  run: Run,
  index: Index,
  finding: Finding,
  lineOf: readonly number[],
  refOf: readonly string[],
): Why {
  const events = run.events
  const at = (i: number) => `${formatMs((events[i] as TraceEvent).atMs)}${lineRef(refOf[i])}`
  const cite = (text: string, cited: number[]): Why => {
    const sorted = [...new Set(cited.filter((i) => i >= 0))].sort((a, b) => a - b)
    return {
      text,
      events: sorted,
      lines: sorted.map((i) => lineOf[i] ?? 0).filter((l) => l > 0),
    }
  }
  const grantEvent = (grant: number, before: number): number => {
    const i = index.grantAt.get(grant)
    return i !== undefined && i <= before ? i : -1
  }
  const leaseEnd = (grant: number, before: number): number => {
    const i = index.endAt.get(grant)
    return i !== undefined && i < before ? i : -1
  }
  const i = finding.eventIndex
  const e = events[i]
  switch (finding.kind) {
    case 'token-order': {
      if (e === undefined || e.type !== 'WriteAccepted') break
      // The write it overtook: the newest grant this resource had accepted before.
      const newer = index.newestBefore.get(i) ?? -1
      if (newer === -1) break
      const n = events[newer] as Write
      const granted = grantEvent(n.grant, newer)
      const grantText =
        granted === -1
          ? ''
          : `; the lock service granted ${tokenText(n.token).replace('token ', '')} to ${n.client} at ${at(granted)}`
      return cite(
        `${e.node} accepted ${e.client}'s write with ${tokenText(e.token)} at ${at(i)} after it had accepted ${n.client}'s write with ${tokenText(n.token)} at ${at(newer)}${grantText}.`,
        [granted, newer, i],
      )
    }
    case 'late-write':
    case 'unfenced-effect': {
      if (e === undefined || e.type !== 'WriteAccepted') break
      const ended = leaseEnd(e.grant, i)
      const granted = grantEvent(e.grant, i)
      const what = e.effect ? 'effect' : 'write'
      if (ended === -1) {
        return cite(
          `${e.node} carried out ${e.client}'s ${what} with ${tokenText(e.token)} at ${at(i)}, and ${e.client} held no lease the history shows.`,
          [granted, i],
        )
      }
      const end = events[ended] as TraceEvent
      const how = end.type === 'LeaseReleased' ? 'released' : 'ended'
      return cite(
        `${e.node} carried out ${e.client}'s ${what} with ${tokenText(e.token)} at ${at(i)}; that lease was granted at ${granted === -1 ? 'an unknown time' : at(granted)} and had ${how} at ${at(ended)}.`,
        [granted, ended, i],
      )
    }
    case 'duplicate-token': {
      if (e === undefined || e.type !== 'LeaseGranted') break
      const first = index.firstGrantOfToken.get(String(e.token)) ?? -1
      if (first === -1 || first >= i) break
      const f = events[first] as Extract<TraceEvent, { type: 'LeaseGranted' }>
      return cite(
        `The lock service granted ${tokenText(e.token)} to ${f.client} at ${at(first)} and again to ${e.client} at ${at(i)}.`,
        [first, i],
      )
    }
    case 'foreign-release':
    case 'foreign-renew': {
      if (e === undefined || (e.type !== 'LeaseReleased' && e.type !== 'LeaseRenewed')) break
      const granted = grantEvent(e.grant, i)
      const verb = e.type === 'LeaseReleased' ? 'released' : 'renewed'
      return cite(
        `${e.by} ${verb} the lease at ${at(i)}, but it was ${e.client}'s (${tokenText(e.token)}, granted at ${granted === -1 ? 'an unknown time' : at(granted)}).`,
        [granted, i],
      )
    }
    case 'two-believers': {
      const [a, b] = finding.nodes
      const started = (node: string | undefined): number =>
        node === undefined ? -1 : lastAtMost(index.beliefStarts.get(node), i)
      const sa = started(a)
      const sb = started(b)
      let ended = -1
      for (let j = i; j < events.length; j++) {
        const s = events[j] as TraceEvent
        if (s.atMs > (finding.untilMs ?? Infinity)) break
        if ((s.type === 'BeliefEnded' && (s.node === a || s.node === b)) || s.type === 'RunEnded') {
          if (s.atMs === finding.untilMs) {
            ended = j
            break
          }
        }
      }
      const endText =
        ended === -1 || (events[ended] as TraceEvent).type === 'RunEnded'
          ? ' and neither stopped before the history ends'
          : `, until ${(events[ended] as TraceEvent).node} stopped at ${at(ended)}`
      return cite(
        `${a} believed it held the lock from ${sa === -1 ? 'an unknown time' : at(sa)} and ${b} from ${sb === -1 ? 'an unknown time' : at(sb)}${endText}.`,
        [sa, sb, ended],
      )
    }
    case 'fenced-out': {
      if (e === undefined || e.type !== 'WriteRejected') break
      const granted = grantEvent(e.grant, i)
      return cite(
        `${e.node} rejected ${e.client}'s write with ${tokenText(e.token)} at ${at(i)}, though that lease was granted at ${granted === -1 ? 'an unknown time' : at(granted)} and had not ended.`,
        [granted, i],
      )
    }
    default:
      break
  }
  return cite(finding.message, [i])
}

function lineRef(ref: string | undefined): string {
  return ref === undefined || ref === '' ? '' : ` (${ref})`
}
