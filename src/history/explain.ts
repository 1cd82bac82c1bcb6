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

export function explain(
  run: Run,
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
    for (let j = Math.min(before, events.length - 1); j >= 0; j--) {
      const e = events[j] as TraceEvent
      if (e.type === 'LeaseGranted' && e.grant === grant && !e.reentrant) return j
    }
    return -1
  }
  const leaseEnd = (grant: number, before: number): number => {
    for (let j = 0; j < before; j++) {
      const e = events[j] as TraceEvent
      if (
        (e.type === 'LeaseExpired' || (e.type === 'LeaseReleased' && !e.foreign)) &&
        e.grant === grant
      )
        return j
    }
    return -1
  }
  const i = finding.eventIndex
  const e = events[i]
  switch (finding.kind) {
    case 'token-order': {
      if (e === undefined || e.type !== 'WriteAccepted') break
      // The write it overtook: the newest grant this resource had accepted before.
      let newer = -1
      for (let j = 0; j < i; j++) {
        const w = events[j] as TraceEvent
        if (w.type !== 'WriteAccepted' || w.node !== e.node || w.effect) continue
        if (newer === -1 || w.grant > (events[newer] as Write).grant) newer = j
      }
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
      let first = -1
      for (let j = 0; j < i; j++) {
        const g = events[j] as TraceEvent
        if (g.type === 'LeaseGranted' && !g.reentrant && String(g.token) === String(e.token)) {
          first = j
          break
        }
      }
      if (first === -1) break
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
      const started = (node: string | undefined): number => {
        for (let j = i; j >= 0; j--) {
          const s = events[j] as TraceEvent
          if (s.type === 'BeliefStarted' && s.node === node) return j
        }
        return -1
      }
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
