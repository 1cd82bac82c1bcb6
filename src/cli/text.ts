/** The text format: a readable timeline of the run, then its grants, writes and findings. */
import type { CheckResult, Run, TraceEvent, Truncation } from '../sim'
import { describeEvent, formatMs, grantRows, userText, valueWords, writeRows } from '../sim'

export function renderText(run: Run, result: CheckResult, verbose: boolean): string {
  const lines: string[] = []
  const s = run.scenario
  lines.push(`${s.id ?? 'scenario'}${s.title ? ` — ${userText(s.title, 200)}` : ''}`)
  const count = (n: number, what: string) => `${n} ${what}${n === 1 ? '' : 's'}`
  lines.push(
    `verdict: ${result.verdict} (${count(result.violations.length, 'violation')}, ${count(result.warnings.length, 'warning')})`,
  )
  if (result.truncated !== null) lines.push(truncationLine(result.truncated))
  lines.push('')
  const clock = (ms: number) => `${(ms / 1000).toFixed(3)} s`
  // Times never go back, so the last event has the widest clock. (A spread into Math.max over
  // every event overflowed the call stack above ~125k events.)
  const width = clock(run.events.at(-1)?.atMs ?? 0).length
  for (const e of run.events) {
    if (!verbose && hidden(e)) continue
    lines.push(`${clock(e.atMs).padStart(width)}  ${describeEvent(e)}`)
  }
  lines.push('')
  lines.push('Grants:')
  for (const g of grantRows(run.events)) {
    lines.push(
      `  ${formatMs(g.atMs)}  ${g.client}  token ${String(g.token)}  expires ${formatMs(g.expiresAtMs)}${g.node === undefined ? '' : `  on ${g.node}`}`,
    )
  }
  lines.push('Writes (in the order the resources decided them):')
  const writes = writeRows(run)
  if (writes.length === 0) lines.push('  none')
  for (const w of writes) {
    const outcome = w.outcome === 'accepted' ? 'accepted' : `REJECTED (${w.reason ?? ''})`
    lines.push(
      `  ${formatMs(w.atMs)}  ${w.resource} ${w.kind} ${valueWords(w.value)} from ${w.client} with token ${String(w.token)}: ${outcome}`,
    )
  }
  lines.push('Final:')
  for (const [id, f] of Object.entries(run.final)) {
    lines.push(`  ${id} = ${valueWords(f.value)}, highest token ${String(f.highestToken)}`)
  }
  for (const [title, list] of [
    ['Violations:', result.violations],
    ['Warnings:', result.warnings],
  ] as const) {
    lines.push(title)
    if (list.length === 0) lines.push('  none')
    for (const f of list) lines.push(`  [${f.kind}] ${formatMs(f.atMs)}  ${f.message}`)
  }
  if (result.truncated !== null) lines.push(truncationLine(result.truncated))
  return lines.join('\n') + '\n'
}

/** Said under the verdict and again at the end, where a reader of a long output looks. */
export function truncationLine(cut: Truncation): string {
  return `TRUNCATED: the run reached the engine's event limit at ${formatMs(cut.atMs)}, after ${cut.eventCount.toLocaleString('en-US')} events; nothing after that was simulated, so the verdict cannot be "safe".`
}

/** Deliveries repeat what the next line says ("storage rejected…"); keep them for --verbose. */
function hidden(e: TraceEvent): boolean {
  return e.type === 'MessageDelivered'
}
