/**
 * `fencing-lab check`: judge a real history and print the findings with their reasons, as text,
 * the JSON report (the simulation's report, plus `history` and a `why` on each finding) or the
 * SVG diagram. Exit 0 when no violation is found, 1 when one is, 2 for bad input.
 */
import { readFileSync, statSync } from 'node:fs'
import type { Report } from '../sim'
import { describeEvent, findingRow, formatMs, toReport, userText } from '../sim'
import type { Judgement } from '../history'
import { decodeText, isoFromMs, judgeHistory, looksLikeEpochMs, where } from '../history'
import { oneLine, quote } from './args'
import type { CheckOptions } from './checkArgs'
import type { CliIo } from './cli'

export const EXIT_NO_VIOLATION = 0
export const EXIT_VIOLATION = 1
export const EXIT_BAD_INPUT = 2

/** Larger files are refused before reading (a history of a million events is ~150 MB). */
const MAX_FILE_BYTES = 256 * 1024 * 1024
const MAX_MESSAGE_CHARS = 2000
/** Bad lines listed on standard error; the count of the rest is said. */
const MAX_ERRORS_SHOWN = 20

type Read =
  | { ok: true; inputs: Array<{ name: string | null; text: string }> }
  | { ok: false; message: string }

function readInputs(paths: readonly string[], io: CliIo): Read {
  if (paths.length === 1 && paths[0] === '-') {
    if (io.readStdin === undefined) return { ok: false, message: 'standard input is not available' }
    return { ok: true, inputs: [{ name: null, text: io.readStdin() }] }
  }
  const inputs: Array<{ name: string | null; text: string }> = []
  for (const path of paths) {
    let size: number
    try {
      const stat = statSync(path)
      if (stat.isDirectory())
        return { ok: false, message: `${quote(path)} is a directory, not a history file` }
      if (!stat.isFile()) return { ok: false, message: `${quote(path)} is not a regular file` }
      size = stat.size
    } catch {
      return { ok: false, message: `no such file: ${quote(path)}` }
    }
    if (size > MAX_FILE_BYTES) {
      return {
        ok: false,
        message: `${quote(path)} is larger than ${MAX_FILE_BYTES / 1024 / 1024} MB`,
      }
    }
    try {
      inputs.push({
        name: paths.length > 1 ? basename(path) : null,
        text: decodeText(readFileSync(path)),
      })
    } catch (error) {
      return { ok: false, message: `cannot read ${quote(path)}: ${(error as Error).message}` }
    }
  }
  return { ok: true, inputs }
}

function basename(path: string): string {
  return path.split(/[\\/]/).pop() ?? path
}

export function runCheck(options: CheckOptions, io: CliIo): number {
  const read = readInputs(options.inputs, io)
  if (!read.ok) {
    io.err(`fencing-lab check: ${oneLine(read.message, MAX_MESSAGE_CHARS)}\n`)
    return EXIT_BAD_INPUT
  }
  const outcome = judgeHistory(read.inputs)
  const label =
    options.inputs.length === 1 && options.inputs[0] !== '-' ? `${options.inputs[0]}: ` : ''
  const errors = outcome.ok ? outcome.judgement.errors : outcome.errors
  for (const e of errors.slice(0, MAX_ERRORS_SHOWN)) {
    io.err(`fencing-lab check: ${oneLine(`${label}${where(e)}`, MAX_MESSAGE_CHARS)}\n`)
  }
  if (errors.length > MAX_ERRORS_SHOWN) {
    io.err(`fencing-lab check: … and ${errors.length - MAX_ERRORS_SHOWN} more bad lines\n`)
  }
  if (!outcome.ok) {
    io.err(`fencing-lab check: ${oneLine(`${label}${outcome.message}`, MAX_MESSAGE_CHARS)}\n`)
    return EXIT_BAD_INPUT
  }
  const j = outcome.judgement
  switch (options.format) {
    case 'json':
      io.out(JSON.stringify(historyReport(j), null, 2) + '\n')
      break
    case 'text':
      io.out(historyText(j, options.verbose))
      break
    case 'svg': {
      if (io.renderSvg === undefined) {
        io.err('fencing-lab check: svg output is not available in this build\n')
        return EXIT_BAD_INPUT
      }
      const title = j.run.scenario.title ?? 'History'
      io.out(
        io.renderSvg(j.run, j.result, { widthPx: options.widthPx, theme: options.theme, title }),
      )
      break
    }
  }
  if (errors.length > 0) return EXIT_BAD_INPUT
  return j.result.violations.length > 0 ? EXIT_VIOLATION : EXIT_NO_VIOLATION
}

export interface HistoryReport extends Omit<Report, 'violations' | 'warnings' | 'events'> {
  history: {
    sources: string[]
    /** What 0 ms stands for: an ISO 8601 time for timestamped logs, else the history's own ms. */
    origin: string | number
    notes: Array<{ kind: string; message: string; lines: number[] }>
    errors: Array<{ file: string | null; line: number; message: string }>
  }
  violations: Array<Report['violations'][number] & { why: WhyRow }>
  warnings: Array<Report['warnings'][number] & { why: WhyRow }>
  /** The history as trace events; `line` is where each came from (absent for derived events). */
  events: Report['events']
  lines: number[]
}

interface WhyRow {
  text: string
  events: number[]
  lines: number[]
}

export function historyReport(j: Judgement): HistoryReport {
  const base = toReport(j.run, j.result)
  const whyOf = new Map(j.findings.map((f) => [f.finding, f.why]))
  const row = (f: (typeof j.findings)[number]['finding']) => ({
    ...findingRow(f),
    why: whyOf.get(f) ?? { text: f.message, events: [f.eventIndex], lines: [] },
  })
  return {
    scenario: base.scenario,
    verdict: base.verdict,
    truncated: base.truncated,
    history: {
      sources: j.sources,
      origin: looksLikeEpochMs(j.originMs) ? isoFromMs(j.originMs) : j.originMs,
      notes: j.notes,
      errors: j.errors.map((e) => ({ file: e.file, line: e.line, message: e.message })),
    },
    grants: base.grants,
    writes: base.writes,
    final: base.final,
    violations: j.result.violations.map(row),
    warnings: j.result.warnings.map(row),
    events: base.events,
    lines: j.lineOf,
  }
}

export function historyText(j: Judgement, verbose: boolean): string {
  const out: string[] = []
  const title = j.run.scenario.title
  out.push(`history${title ? ` — ${userText(title, 200)}` : ''} (${j.sources.join(' + ')})`)
  if (looksLikeEpochMs(j.originMs)) out.push(`0 s is ${isoFromMs(j.originMs)}`)
  const count = (n: number, what: string) => `${n} ${what}${n === 1 ? '' : 's'}`
  out.push(
    `verdict: ${j.result.verdict} (${count(j.result.violations.length, 'violation')}, ${count(j.result.warnings.length, 'warning')})`,
  )
  if (verbose) {
    out.push('')
    const width = `${((j.run.events.at(-1)?.atMs ?? 0) / 1000).toFixed(3)} s`.length
    j.run.events.forEach((e, i) => {
      const ref = j.refOf[i] ?? ''
      out.push(
        `${`${(e.atMs / 1000).toFixed(3)} s`.padStart(width)}  ${describeEvent(e)}${ref === '' ? '' : `  [${ref}]`}`,
      )
    })
  }
  for (const [heading, severity] of [
    ['Violations:', 'violation'],
    ['Warnings:', 'warning'],
  ] as const) {
    out.push('')
    out.push(heading)
    const list = j.findings.filter((f) => f.finding.severity === severity)
    if (list.length === 0) out.push('  none')
    for (const { finding, why } of list) {
      const when =
        finding.untilMs === null
          ? formatMs(finding.atMs)
          : `${formatMs(finding.atMs)} to ${formatMs(finding.untilMs)}`
      out.push(`  [${finding.kind}] ${when}  ${finding.message}`)
      out.push(`    why: ${why.text}`)
    }
  }
  if (j.notes.length > 0) {
    out.push('')
    out.push('What the history cannot tell, and how it was read:')
    for (const n of j.notes) out.push(`  - ${n.message}`)
  }
  return out.join('\n') + '\n'
}
