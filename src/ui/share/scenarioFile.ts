/**
 * Scenarios and traces as files: reading a scenario from text or bytes someone hands us (a file,
 * a drop, the editor) and writing the current scenario and its run's report. Reading never
 * throws: every failure is a sentence naming what is wrong and, where it can, the path and line.
 */
import {
  isPng,
  scenarioFromPng,
  scenarioFromSvg,
  scenarioJsonText,
} from '../../link/figureScenario'
import { decodeText } from '../../history/decode'
import type { CheckResult, Run, Scenario, ScenarioInput } from '../../sim'
import { parseScenario, toReport } from '../../sim'
import type { TextLocation } from './jsonLocations'
import { lineStarts, locateJson, locatePath, locationAt } from './jsonLocations'

/** Largest file we read (the link decoder's limit too). */
export const MAX_FILE_BYTES = 4_000_000

export interface TextProblem {
  /** The schema's path (`clients[1].script[2].do`); '' for the whole text. */
  path: string
  message: string
  /** Where it is in the text, when it can be placed. */
  at: TextLocation | null
}

export type ScenarioTextResult =
  { ok: true; scenario: Scenario } | { ok: false; message: string; problems: TextProblem[] }

/** Validates scenario JSON text (the editor's draft, a file's contents). Never throws. */
export function checkScenarioText(input: string): ScenarioTextResult {
  const text = input.replace(/^\uFEFF/, '')
  if (text.trim() === '') {
    return failure('the text is empty; a scenario is a JSON object with "clients"', '', null)
  }
  let value: unknown
  try {
    value = JSON.parse(text)
  } catch {
    const place = locateJson(text)
    const at = place.ok ? locationAt(lineStarts(text), 0) : place.at
    const why = place.ok ? 'it is not valid JSON' : place.message
    return failure(`not valid JSON: ${why} (line ${at.line}, column ${at.column})`, '', at)
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    return failure(
      `not a scenario: the JSON holds ${kindOf(value)}, and a scenario is an object with "clients"`,
      '',
      locationAt([0], 0),
    )
  }
  if ('verdict' in value && 'events' in value && !('clients' in value)) {
    return failure(
      'this is a run’s trace (a report with "verdict" and "events"), not a scenario: open the scenario’s JSON instead',
      '',
      null,
    )
  }
  const parsed = parseScenario(value)
  if (parsed.ok) return { ok: true, scenario: parsed.scenario }
  const located = locateJson(text)
  const problems = parsed.issues.map((issue) => ({
    path: issue.path,
    message: issue.message,
    at: located.ok ? locatePath(located.paths, issue.path) : null,
  }))
  return { ok: false, message: describeProblems(problems), problems }
}

/**
 * Reads a scenario file's bytes: UTF-8 JSON, or a figure the lab exported (SVG or PNG), which
 * carries its scenario. Never throws.
 */
export function readScenarioFile(bytes: Uint8Array): ScenarioTextResult {
  return fileSizeProblem(bytes.length) ?? readScenarioBytes(bytes)
}

/** A file too large to be a scenario, judged before reading it; null if its size is fine. */
export function fileSizeProblem(size: number): ScenarioTextResult | null {
  if (size <= MAX_FILE_BYTES) return null
  const mb = (size / 1e6).toFixed(1)
  return failure(`the file is too large (${mb} MB; a scenario file is at most 4 MB)`, '', null)
}

function readScenarioBytes(bytes: Uint8Array): ScenarioTextResult {
  if (isPng(bytes)) {
    const carried = scenarioFromPng(bytes)
    return carried === null
      ? failure(NO_SCENARIO('PNG image'), '', null)
      : checkScenarioText(carried)
  }
  let text: string
  // A byte-order mark decides the encoding (Windows PowerShell 5 writes UTF-16); without one it
  // must be valid UTF-8.
  try {
    text = decodeText(bytes, { fatal: true })
  } catch {
    return failure('the file is not UTF-8 text, so it cannot be scenario JSON', '', null)
  }
  if (/^\uFEFF?\s*</.test(text)) {
    if (!/<svg\b/.test(text)) {
      return failure('the file is markup, not scenario JSON or an SVG figure', '', null)
    }
    const carried = scenarioFromSvg(text)
    return carried === null
      ? failure(NO_SCENARIO('SVG image'), '', null)
      : checkScenarioText(carried)
  }
  return checkScenarioText(text)
}

function NO_SCENARIO(what: string): string {
  return `this ${what} carries no scenario: only figures the lab or its command line exported (Download SVG or PNG, --format svg or png) do`
}

/** "Invalid scenario: clients[1].script[2].do (line 14): must be one of …; …" */
export function describeProblems(problems: readonly TextProblem[]): string {
  const shown = problems.slice(0, 5).map((p) => {
    const line = p.at === null || p.path === '' ? '' : ` (line ${p.at.line})`
    return p.path === '' ? p.message : `${p.path}${line}: ${p.message}`
  })
  const more = problems.length > 5 ? ` (and ${problems.length - 5} more)` : ''
  return `Invalid scenario: ${shown.join('; ')}${more}`
}

/** The scenario as a file: pretty JSON, `format` first, a final newline. */
export function scenarioFileText(scenario: Scenario | ScenarioInput): string {
  return scenarioJsonText(scenario)
}

/** The run's report, exactly as `npm run sim -- … --format json` prints it. */
export function reportFileText(run: Run, findings: CheckResult): string {
  return `${JSON.stringify(toReport(run, findings), null, 2)}\n`
}

/** A file name stem from the scenario's id, else its title: "gc-pause", "my-lease-story". */
export function fileStem(scenario: Pick<Scenario, 'id' | 'title'>): string {
  const from = scenario.id ?? scenario.title ?? ''
  const slug = from
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60)
    .replace(/-+$/, '')
  return slug === '' ? 'scenario' : slug
}

function failure(message: string, path: string, at: TextLocation | null): ScenarioTextResult {
  const sentence = message.charAt(0).toUpperCase() + message.slice(1)
  return { ok: false, message: sentence, problems: [{ path, message: sentence, at }] }
}

function kindOf(value: unknown): string {
  if (Array.isArray(value)) return 'a list'
  if (value === null) return 'null'
  if (typeof value === 'string') return 'a string'
  if (typeof value === 'number') return 'a number'
  if (typeof value === 'boolean') return 'true or false'
  return 'something else'
}
