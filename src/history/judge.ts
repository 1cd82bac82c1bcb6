/**
 * A history judged: read (whichever format it is in), turned into a run, checked by the same
 * checker as a simulated run, and each finding explained. One or more inputs (a Lease watch and
 * an application's write log, say) merge into one history.
 */
import type { CheckResult, Finding, Run } from '../sim'
import { check } from '../sim'
import type { Why } from './explain'
import { explainer } from './explain'
import type { HistoryEvent, HistoryHeader, LineError, ParsedHistory } from './format'
import { emptyHeader } from './format'
import type { LineMapping } from './mapping'
import { mapHistory, MAPPED_SOURCE } from './mapping'
import { readHistory } from './read'
import { isoFromMs } from './time'
import { isLabReport, readLabReport } from './readers/labReport'
import type { Note } from './toRun'
import { HistoryError, historyToRun } from './toRun'

export interface HistoryInput {
  /** A name for messages (a file name); null for a single unnamed input. */
  name: string | null
  text: string
  /** The reader's own mapping of its lines (mapping.ts), for a log in no format the lab knows. */
  mapping?: LineMapping
}

export interface JudgedFinding {
  finding: Finding
  why: Why
}

export interface Judgement {
  /** The formats read, one per input (`fencing-lab/history@1`, `kubernetes-lease-watch`, …). */
  sources: string[]
  run: Run
  result: CheckResult
  /** Violations, then warnings, each with its explanation. */
  findings: JudgedFinding[]
  notes: Note[]
  /** Lines that could not be read (the rest was judged). */
  errors: Array<LineError & { file: string | null }>
  lineOf: number[]
  refOf: string[]
  /** The history time the run's 0 ms stands for (ms since the epoch for timestamped logs). */
  originMs: number
}

export type JudgeOutcome =
  | { ok: true; judgement: Judgement }
  | { ok: false; message: string; errors: Array<LineError & { file: string | null }> }

/** Findings that need to know when leases ended; without any grant in the history they cannot. */
const NEEDS_LEASES: ReadonlySet<string> = new Set(['late-write', 'unfenced-effect', 'fenced-out'])

/**
 * How the judge's work divides, for a progress bar: on a 100k-event history (profiled), reading
 * took about a quarter, making the run about half, checking and explaining the rest.
 */
const READ_SHARE = 0.25
const RUN_SHARE = 0.55

/**
 * `onProgress` hears how much of the work is done (0 to 1) now and then, ending with 1. `onRun`
 * hears the run as soon as it is made, before it is checked and explained (the worker sends its
 * events to the page meanwhile); the run must not be changed.
 */
export function judgeHistory(
  inputs: readonly HistoryInput[],
  onProgress: (done: number) => void = () => {},
  onRun: (run: Readonly<Run>) => void = () => {},
): JudgeOutcome {
  const errors: Array<LineError & { file: string | null }> = []
  try {
    // The lab's own report is a run already: judged as it is, not merged.
    if (inputs.length === 1 && inputs[0]?.mapping === undefined) {
      const only = inputs[0] as HistoryInput
      const report = asLabReport(only.text)
      if (report !== null) {
        const read = readLabReport(report)
        for (const e of read.errors) errors.push({ ...e, file: only.name })
        const refOf = read.run.events.map((_, i) => `event ${i}`)
        const lineOf = read.run.events.map(() => 0)
        return judged(['fencing-lab/report'], read.run, lineOf, refOf, [], errors, 0, true)
      }
    }
    const total = Math.max(
      1,
      inputs.reduce((sum, input) => sum + input.text.length, 0),
    )
    let read = 0
    const first = inputs.map((input) => {
      const share = input.text.length / total
      const parsed = readInput(input, undefined, (done) =>
        onProgress(READ_SHARE * (read + share * done)),
      )
      read += share
      onProgress(READ_SHARE * read)
      return parsed
    })
    // Yearless log lines merged with timestamped ones are read in the others' year.
    const year = first.some((p) => p.yearless === true) ? datedYear(first) : undefined
    const parts: ParsedHistory[] = inputs.map((input, i) => {
      const parsed =
        year !== undefined && first[i]?.yearless === true
          ? readInput(input, year)
          : (first[i] as ParsedHistory)
      for (const e of parsed.errors) errors.push({ ...e, file: input.name })
      if (input.name !== null && inputs.length > 1) {
        for (const e of parsed.events) e.file = input.name
      }
      return parsed
    })
    const merged: ParsedHistory = {
      source: parts.map((p) => p.source).join(' + '),
      header: mergeHeaders(parts.map((p) => p.header)),
      events: allEvents(parts),
      errors: [],
    }
    if (merged.events.length === 0) {
      return {
        ok: false,
        message:
          errors.length > 0
            ? `no event could be read; first: ${where(errors[0] as LineError & { file: string | null })}`
            : 'the history has no events',
        errors,
      }
    }
    const h = historyToRun(merged)
    onProgress(READ_SHARE + RUN_SHARE)
    onRun(h.run)
    for (const p of parts) {
      for (const message of p.notes ?? []) h.notes.unshift({ kind: 'untimed', message, lines: [] })
    }
    const outcome = judged(
      parts.map((p) => p.source),
      h.run,
      h.lineOf,
      h.refOf,
      h.notes,
      errors,
      h.originMs,
      h.hasGrants,
    )
    onProgress(1)
    return outcome
  } catch (error) {
    if (error instanceof HistoryError) return { ok: false, message: error.message, errors }
    throw error
  }
}

function judged(
  sources: string[],
  run: Run,
  lineOf: number[],
  refOf: string[],
  notes: Note[],
  errors: Array<LineError & { file: string | null }>,
  originMs: number,
  hasGrants: boolean,
): JudgeOutcome {
  const raw = check(run)
  const keep = (f: Finding) => hasGrants || !NEEDS_LEASES.has(f.kind)
  const violations = raw.violations.filter(keep)
  const result: CheckResult = {
    ...raw,
    violations,
    warnings: raw.warnings.filter(keep),
    verdict: violations.length > 0 ? 'unsafe' : raw.verdict === 'unsafe' ? 'safe' : raw.verdict,
  }
  const why = explainer(run, lineOf, refOf)
  const findings = [...result.violations, ...result.warnings].map((finding) => ({
    finding,
    why: why(finding),
  }))
  return {
    ok: true,
    judgement: { sources, run, result, findings, notes, errors, lineOf, refOf, originMs },
  }
}

/** An input read by its own mapping, or by the reader its format calls for. */
function readInput(
  input: HistoryInput,
  year?: number,
  onProgress?: (done: number) => void,
): ParsedHistory {
  if (input.mapping === undefined) return readHistory(input.text, input.name, year, onProgress)
  const mapped = mapHistory(input.text, input.mapping, 0)
  if ('problem' in mapped) {
    return {
      source: MAPPED_SOURCE,
      header: emptyHeader(),
      events: [],
      errors: [{ line: 0, message: mapped.problem }],
    }
  }
  return mapped.parsed
}

/** A line error in words: `line 3: …` or `app.log line 3: …`. */
export function where(e: LineError & { file: string | null }): string {
  const at = e.line > 0 ? `line ${e.line}: ` : ''
  return `${e.file === null ? '' : `${e.file} `}${at}${e.message}`
}

function asLabReport(text: string): Record<string, unknown> | null {
  const start = text.trimStart()
  if (!start.startsWith('{') || !start.includes('"verdict"')) return null
  try {
    const value: unknown = JSON.parse(text)
    return isLabReport(value) ? value : null
  } catch {
    return null
  }
}

/** The year of the earliest of the first 10,000 timestamped events, if any input has one. */
function datedYear(parsed: readonly ParsedHistory[]): number | undefined {
  const dated = allEvents(parsed.filter((p) => p.yearless !== true)).slice(0, 10_000)
  if (dated.length === 0) return undefined
  return Number(isoFromMs(Math.min(...dated.map((e) => e.atMs))).slice(0, 4))
}

/** The inputs' events, one after another (concat copies in bulk: flatMap took ~15 ms for 100k). */
function allEvents(parsed: readonly ParsedHistory[]): HistoryEvent[] {
  return ([] as HistoryEvent[]).concat(...parsed.map((p) => p.events))
}

function mergeHeaders(headers: HistoryHeader[]): HistoryHeader {
  const merged = emptyHeader()
  for (const h of headers) {
    merged.title ??= h.title
    merged.leaseMs ??= h.leaseMs
    Object.assign(merged.clockOffsetsMs, h.clockOffsetsMs)
    Object.assign(merged.resources, h.resources)
  }
  return merged
}
