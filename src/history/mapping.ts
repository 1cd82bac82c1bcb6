/**
 * A mapping the reader gives for any other log: a regular expression whose named groups are the
 * history's fields (`(?<time>…)`, `(?<actor>…)`, `(?<kind>…)`, `(?<token>\d+)`…), or CSV columns
 * named by field. Each matched line becomes a history event through the native reader's own
 * checks, so a bad field is named as in history format v1; lines that do not match are counted
 * (a log has many lines that are not about the lock). Words of the log's own can stand for the
 * kinds (`acquired=acquire-granted`). Pure: the page's live preview and the worker share it.
 */
import type { HistoryEvent, HistoryKind, LineError, ParsedHistory } from './format'
import { emptyHeader, HISTORY_KINDS, MAX_HISTORY_EVENTS } from './format'
import { fieldMessage, LineErrors, lines, readEvent } from './parse'

export type LineMapping =
  | { kind: 'regex'; pattern: string; kinds?: Record<string, HistoryKind> }
  | {
      kind: 'csv'
      /** Field name of each column in order; '' skips a column. */
      columns: string[]
      separator: string
      /** The first line names the columns: skipped. */
      header: boolean
      kinds?: Record<string, HistoryKind>
    }

/** The fields a group or column may fill (history format v1's event fields). */
export const MAPPABLE_FIELDS = [
  'time',
  'atMs',
  'actor',
  'kind',
  'client',
  'by',
  'resource',
  'token',
  'value',
  'leaseMs',
  'reason',
  'id',
  'clock',
] as const

const FIELDS: ReadonlySet<string> = new Set(MAPPABLE_FIELDS)
const NUMERIC: ReadonlySet<string> = new Set(['atMs', 'leaseMs'])

export const MAPPED_SOURCE = 'mapped'

/** One line of the preview: what each field became, the event, or why it is not one. */
export interface MappedLine {
  line: number
  fields: Record<string, string>
  event: HistoryEvent | null
  error: string | null
}

export interface MappingResult {
  parsed: ParsedHistory
  /** The first matched lines, for the live preview. */
  preview: MappedLine[]
  matched: number
  /** Lines (not blank) that the expression did not match, or CSV lines with too few columns. */
  unmatched: number
  firstUnmatched: number[]
}

/** What is wrong with a mapping as a whole (before any line is read), or null. */
export function mappingProblem(mapping: LineMapping): string | null {
  if (mapping.kind === 'regex') {
    const compiled = compile(mapping.pattern)
    if (typeof compiled === 'string') return compiled
    return missingFields(namedGroups(mapping.pattern))
  }
  if (mapping.separator.length !== 1) return 'the separator must be one character'
  const unknown = mapping.columns.filter((c) => c !== '' && !FIELDS.has(c))
  if (unknown.length > 0) {
    return `${unknown.map((c) => `"${c}"`).join(', ')} is not a field (fields: ${MAPPABLE_FIELDS.join(', ')})`
  }
  return missingFields(mapping.columns)
}

/** Reads `text` through `mapping`; `previewLines` bounds the preview kept. */
export function mapHistory(
  text: string,
  mapping: LineMapping,
  previewLines = 10,
): MappingResult | { problem: string } {
  const problem = mappingProblem(mapping)
  if (problem !== null) return { problem }
  const regex = mapping.kind === 'regex' ? (compile(mapping.pattern) as RegExp) : null
  const kinds = mapping.kinds ?? {}
  const errors = new LineErrors()
  const events: HistoryEvent[] = []
  const preview: MappedLine[] = []
  const firstUnmatched: number[] = []
  let matched = 0
  let unmatched = 0
  const all = lines(text)
  for (let i = mapping.kind === 'csv' && mapping.header ? 1 : 0; i < all.length; i++) {
    const raw = all[i] as string
    const line = i + 1
    if (raw.trim() === '') continue
    const fields = regex === null ? csvFields(raw, mapping as CsvMapping) : regexFields(raw, regex)
    if (fields === null) {
      unmatched++
      if (firstUnmatched.length < 10) firstUnmatched.push(line)
      continue
    }
    matched++
    let event: HistoryEvent | null = null
    let error: string | null = null
    try {
      event = readEvent(toObject(fields, kinds), line, {})
    } catch (problem) {
      error = fieldMessage(problem)
    }
    if (preview.length < previewLines) preview.push({ line, fields, event, error })
    if (error !== null) errors.add(line, error)
    else if (event !== null) {
      if (events.length >= MAX_HISTORY_EVENTS) {
        errors.add(
          line,
          `a history may have at most ${MAX_HISTORY_EVENTS} events; the rest is ignored`,
        )
        break
      }
      events.push(event)
    }
  }
  const lineErrors: LineError[] = errors.done()
  return {
    parsed: { source: MAPPED_SOURCE, header: emptyHeader(), events, errors: lineErrors },
    preview,
    matched,
    unmatched,
    firstUnmatched,
  }
}

/** Parses `word=kind` pairs (comma or newline separated), naming a kind that is not one. */
export function parseKinds(text: string): Record<string, HistoryKind> | string {
  const kinds: Record<string, HistoryKind> = {}
  for (const pair of text.split(/[,\n]/)) {
    if (pair.trim() === '') continue
    const at = pair.indexOf('=')
    const word = pair.slice(0, at).trim()
    const kind = pair.slice(at + 1).trim()
    if (at < 1 || word === '') return `"${pair.trim()}" must be word=kind`
    if (!(HISTORY_KINDS as readonly string[]).includes(kind)) {
      return `"${kind}" is not a kind (kinds: ${HISTORY_KINDS.join(', ')})`
    }
    kinds[word] = kind as HistoryKind
  }
  return kinds
}

type CsvMapping = Extract<LineMapping, { kind: 'csv' }>

function compile(pattern: string): RegExp | string {
  if (pattern.trim() === '') return 'the regular expression is empty'
  try {
    return new RegExp(pattern)
  } catch (error) {
    return `the regular expression is invalid: ${error instanceof Error ? error.message : String(error)}`
  }
}

function namedGroups(pattern: string): string[] {
  return [...pattern.matchAll(/\(\?<([A-Za-z][A-Za-z0-9]*)>/g)].map((m) => m[1] as string)
}

function missingFields(names: readonly string[]): string | null {
  const unknown = names.filter((n) => n !== '' && !FIELDS.has(n))
  if (unknown.length > 0) {
    return `${unknown.map((n) => `"${n}"`).join(', ')} is not a field (fields: ${MAPPABLE_FIELDS.join(', ')})`
  }
  const has = new Set(names)
  const missing = [
    has.has('time') || has.has('atMs') ? null : 'time (or atMs)',
    has.has('actor') ? null : 'actor',
    has.has('kind') ? null : 'kind',
  ].filter((m): m is string => m !== null)
  return missing.length === 0 ? null : `the mapping needs ${missing.join(', ')}`
}

function regexFields(raw: string, regex: RegExp): Record<string, string> | null {
  const m = regex.exec(raw)
  if (m === null) return null
  const fields: Record<string, string> = {}
  for (const [name, value] of Object.entries(m.groups ?? {})) {
    if (value !== undefined && value !== '') fields[name] = value
  }
  return fields
}

function csvFields(raw: string, mapping: CsvMapping): Record<string, string> | null {
  const cells = splitCsv(raw, mapping.separator)
  if (cells.length < mapping.columns.length) return null
  const fields: Record<string, string> = {}
  mapping.columns.forEach((name, i) => {
    const cell = (cells[i] ?? '').trim()
    if (name !== '' && cell !== '') fields[name] = cell
  })
  return fields
}

/** One CSV line's cells: quotes may hold the separator, and `""` is a quote. */
function splitCsv(raw: string, separator: string): string[] {
  const cells: string[] = []
  let cell = ''
  let quoted = false
  for (let i = 0; i < raw.length; i++) {
    const c = raw[i] as string
    if (quoted) {
      if (c === '"' && raw[i + 1] === '"') {
        cell += '"'
        i++
      } else if (c === '"') quoted = false
      else cell += c
    } else if (c === '"' && cell.trim() === '') {
      quoted = true
      cell = ''
    } else if (c === separator) {
      cells.push(cell)
      cell = ''
    } else cell += c
  }
  cells.push(cell)
  return cells
}

/** The matched text as the native reader's event object: numbers where the format wants them. */
function toObject(
  fields: Record<string, string>,
  kinds: Record<string, HistoryKind>,
): Record<string, unknown> {
  const o: Record<string, unknown> = { ...fields }
  if (fields.kind !== undefined) o.kind = kinds[fields.kind] ?? fields.kind
  for (const name of NUMERIC) {
    const v = fields[name]
    if (v !== undefined && /^-?\d+(\.\d+)?$/.test(v)) o[name] = Number(v)
  }
  const time = fields.time
  if (time !== undefined) {
    if (/^\d{10}(\.\d+)?$/.test(time)) o.atMs = Math.round(Number(time) * 1000)
    else if (/^\d{13}$/.test(time)) o.atMs = Number(time)
    // "2026-12-03 16:00:00.123" (a space for the T) is how many logs write ISO 8601.
    else o.time = time.replace(/^(\d{4}-\d\d-\d\d) (\d)/, '$1T$2')
    if (o.atMs !== undefined) delete o.time
  }
  const token = fields.token
  if (token !== undefined && /^\d{1,15}$/.test(token)) o.token = Number(token)
  return o
}
