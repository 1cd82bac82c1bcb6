/**
 * The figure in words, for its `<desc>`: what a sighted reader takes in at a glance — who held
 * the lease when, who believed it after it ended, what each resource decided — in a few
 * sentences. Long runs are summarised, not enumerated (the event log narrates every event).
 */
import type { CheckResult, Run } from '../../sim'
import { formatDurationMs, formatMs, tokenText } from '../../sim'
import type { Spans } from '../../timeline'
import { leaseEndWords } from './clients'
import { shortReason } from './decisions'
import { FINDING_WORDS } from './findings'
import type { LaneSpec } from './geometry'

const MAX_LISTED = 8

function listed<T>(items: T[], say: (item: T) => string, noun: string): string {
  const shown = items.slice(0, MAX_LISTED).map(say)
  const rest = items.length - shown.length
  if (rest > 0) shown.push(`and ${rest} more ${noun}`)
  return shown.join('; ')
}

export function describeDiagram(
  run: Run,
  findings: CheckResult,
  spans: Spans,
  lanes: LaneSpec[],
): string {
  const sentences: string[] = []
  sentences.push(
    `Space-time diagram: time runs left to right from 0 s to ${formatMs(spans.endMs)}; one lane per node: ${lanes
      .map((l) => `${l.title} (${l.role.join(', ')})`)
      .join(', ')}.`,
  )
  if (spans.leases.length > 0) {
    sentences.push(
      `Leases as the lock service saw them: ${listed(
        spans.leases,
        (l) =>
          `${l.client} held token ${tokenText(l.token)} from ${formatMs(l.fromMs)} to ${formatMs(l.toMs)} (${leaseEndWords(l.end)})`,
        'leases',
      )}.`,
    )
  }
  const leaseByGrant = new Map(spans.leases.map((l) => [l.grant, l]))
  const stale = spans.beliefs.flatMap((b) => {
    const lease = leaseByGrant.get(b.grant)
    if (lease === undefined || lease.end === 'open' || lease.toMs >= b.toMs) return []
    const from = Math.max(lease.toMs, b.fromMs)
    return [
      `${b.client} still believed it held the lock (token ${tokenText(b.token)}) for ${formatDurationMs(b.toMs - from)} after its lease ended at ${formatMs(lease.toMs)}`,
    ]
  })
  if (stale.length > 0) sentences.push(`${listed(stale, (s) => s, 'stale beliefs')}.`)
  if (spans.nodes.length > 0) {
    sentences.push(
      `${listed(
        spans.nodes,
        (n) => `${n.node} was ${n.kind} from ${formatMs(n.fromMs)} to ${formatMs(n.toMs)}`,
        'pauses and crashes',
      )}.`,
    )
  }
  const rejected = spans.decisions.filter((d) => d.outcome === 'rejected')
  const accepted = spans.decisions.filter(
    (d) => d.outcome === 'accepted' || d.outcome === 'applied',
  )
  if (spans.decisions.length > 0) {
    const decided = spans.decisions.filter((d) => d.outcome !== 'checked')
    sentences.push(
      `Resource decisions: ${listed(
        decided,
        (d) =>
          `${d.resource} ${d.outcome} ${d.client}'s ${d.effect ? 'effect' : 'write'} with token ${tokenText(d.token)} at ${formatMs(d.atMs)}${d.reason !== null ? ` (${shortReason(d.reason)})` : ''}`,
        'decisions',
      )} (${accepted.length} accepted, ${rejected.length} rejected in all).`,
    )
  }
  const all = [...findings.violations, ...findings.warnings]
  sentences.push(
    all.length === 0
      ? 'The checker found nothing wrong.'
      : `The checker found ${findings.violations.length} violation${findings.violations.length === 1 ? '' : 's'} and ${findings.warnings.length} warning${findings.warnings.length === 1 ? '' : 's'}: ${listed(all, (f) => `${FINDING_WORDS[f.kind]} at ${formatMs(f.atMs)}`, 'findings')}.`,
  )
  if (run.events.length > 0 && spans.messages.length > 0) {
    sentences.push(`${spans.messages.length} messages are drawn as arrows.`)
  }
  return sentences.join(' ')
}
