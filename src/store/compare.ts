/**
 * Compare mode: the same scenario run with fencing on (atomic) and off (none), and the outcomes
 * that differ, in words and as marks to highlight in each diagram.
 */
import { possessive, valueWords } from '../sim'
import type { DecisionMark } from '../timeline'
import type { LabRun } from './derive'

export interface Highlight {
  msgs: number[]
  decisionEventIndexes: number[]
}

export interface CompareOutcome {
  /** One sentence per difference: "With fencing: storage rejected A's token 41 (…). Without: …" */
  differences: string[]
  /** The verdict and final values of each run, one sentence each. */
  fencedSummary: string
  unfencedSummary: string
  fenced: Highlight
  unfenced: Highlight
}

const APPLIED: ReadonlySet<DecisionMark['outcome']> = new Set(['accepted', 'applied'])

export function compareOutcomes(fenced: LabRun, unfenced: LabRun): CompareOutcome {
  const differences: string[] = []
  const fencedMarks: Highlight = { msgs: [], decisionEventIndexes: [] }
  const unfencedMarks: Highlight = { msgs: [], decisionEventIndexes: [] }
  const used = new Set<DecisionMark>()

  for (const d of fenced.spans.decisions) {
    if (d.outcome !== 'rejected') continue
    const twin = unfenced.spans.decisions.find(
      (u) =>
        !used.has(u) &&
        APPLIED.has(u.outcome) &&
        u.resource === d.resource &&
        u.client === d.client &&
        u.token === d.token &&
        u.effect === d.effect &&
        u.value === d.value,
    )
    if (twin === undefined) continue
    used.add(twin)
    const what = d.effect ? 'effect' : 'write'
    const withFencing = `${d.resource} rejected ${possessive(d.client)} ${what} with token ${String(d.token)}${d.reason === null ? '' : ` (${d.reason})`}`
    const overwritten = d.effect ? undefined : overwrittenBy(unfenced.spans.decisions, twin)
    const without =
      overwritten === undefined
        ? `${twin.resource} accepted it`
        : `${possessive(twin.client)} token ${String(twin.token)} overwrote ${possessive(overwritten.client)} value ${valueWords(overwritten.value)}${overwritten.token === null ? '' : ` (token ${String(overwritten.token)})`}`
    differences.push(`With fencing: ${withFencing}. Without: ${without}.`)
    fencedMarks.msgs.push(d.msg)
    fencedMarks.decisionEventIndexes.push(d.eventIndex)
    unfencedMarks.msgs.push(twin.msg)
    unfencedMarks.decisionEventIndexes.push(twin.eventIndex)
    if (overwritten !== undefined) unfencedMarks.decisionEventIndexes.push(overwritten.eventIndex)
  }

  return {
    differences,
    fencedSummary: `With fencing: ${summary(fenced)}`,
    unfencedSummary: `Without fencing: ${summary(unfenced)}`,
    fenced: fencedMarks,
    unfenced: unfencedMarks,
  }
}

/** The applied write by another client that `write` replaced, if any. */
function overwrittenBy(
  decisions: readonly DecisionMark[],
  write: DecisionMark,
): DecisionMark | undefined {
  let last: DecisionMark | undefined
  for (const d of decisions) {
    if (d === write) break
    if (d.resource === write.resource && !d.effect && APPLIED.has(d.outcome)) last = d
  }
  return last !== undefined && last.client !== write.client ? last : undefined
}

function summary(lab: LabRun): string {
  const finals = Object.entries(lab.run.final)
    .map(([id, r]) => `${id} ends with ${valueWords(r.value)}`)
    .join(', ')
  const verdict =
    lab.findings.verdict === 'safe'
      ? 'safe'
      : `unsafe — ${distinct(lab.findings.violations.map((v) => v.message))}`
  return `${verdict.replace(/[.\s]+$/, '')}; ${finals}.`
}

/**
 * Each sentence once, with how many times it was said: a stale holder that keeps writing for
 * ten seconds makes the same violation five times, and the summary read it out five times.
 */
function distinct(messages: readonly string[]): string {
  const counts = new Map<string, number>()
  for (const m of messages) counts.set(m, (counts.get(m) ?? 0) + 1)
  return [...counts]
    .map(([m, n]) => (n === 1 ? m : `${m.replace(/[.\s]+$/, '')} (${n} times).`))
    .join(' ')
}
