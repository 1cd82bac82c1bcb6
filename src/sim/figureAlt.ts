/**
 * The words that go with a static figure of a run (alt text, captions, oEmbed titles): what
 * happens in it, from the checker's findings and the resources' decisions, e.g. "storage
 * rejected A's token 41 after accepting B's token 42". A reader who cannot see the image (a
 * screen reader, a feed that drops it) still learns the story and the verdict.
 */
import type { CheckResult } from './checker'
import type { Run } from './engine'
import type { WriteRow } from './report'
import { writeRows } from './report'

/** Alt text stays short enough for a screen reader to read in one go. */
const MAX_SENTENCES = 4

export function figureAlt(run: Run, result: CheckResult, title: string): string {
  const sentences = [
    ...rejections(writeRows(run)),
    ...result.violations.map((f) => f.message),
    ...result.warnings.map((f) => f.message),
  ].slice(0, MAX_SENTENCES - 1)
  const counts = `${count(result.violations.length, 'violation')}, ${count(result.warnings.length, 'warning')}`
  return [
    `Space-time diagram of “${title}”.`,
    ...sentences.map(sentence),
    `Verdict: ${result.verdict} (${counts}).`,
  ].join(' ')
}

/** Each write a resource refused, next to the newer token it had accepted before. */
function rejections(rows: readonly WriteRow[]): string[] {
  const out: string[] = []
  rows.forEach((row, i) => {
    if (row.outcome !== 'rejected') return
    const before = rows
      .slice(0, i)
      .filter((r) => r.resource === row.resource && r.outcome === 'accepted')
      .at(-1)
    const what = row.kind === 'effect' ? 'effect' : 'write'
    out.push(
      before === undefined
        ? `${row.resource} rejected ${row.client}'s ${what} with token ${row.token}${row.reason === null ? '' : ` (${row.reason})`}`
        : `${row.resource} rejected ${row.client}'s token ${row.token} after accepting ${before.client}'s token ${before.token}`,
    )
  })
  return out
}

function sentence(text: string): string {
  const trimmed = text.trim()
  const capital = trimmed.charAt(0).toUpperCase() + trimmed.slice(1)
  return /[.!?]$/.test(capital) ? capital : `${capital}.`
}

function count(n: number, word: string): string {
  return `${n === 0 ? 'no' : n} ${word}${n === 1 ? '' : 's'}`
}
