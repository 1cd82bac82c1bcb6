/**
 * A link's inflated JSON read back into a validated scenario, whole (`scenarioFromJson`: the
 * command line, the embeds) or a piece at a time (`scenarioFromJsonInPieces`: the lab page, which
 * reads a long link between tasks). Both give the same result and the same sentence for every
 * text: they share their reading, and the pieces are sim's parseScenarioInPieces, which returns
 * what parseScenario returns.
 */
import type { ParseResult } from '../sim'
import { parseScenario, SCENARIO_FORMAT } from '../sim'
// Not through sim's index: imported from there, the first screen's chunk would carry it too.
import { parseScenarioInPieces } from '../sim/scenarioPieces'
import { clip } from './params'
import type { DecodeResult, Failure } from './payload'
import { fail } from './payload'

/** The inflated JSON text read back into a validated scenario. */
export function scenarioFromJson(text: string): DecodeResult {
  const read = readScenarioObject(text)
  return 'ok' in read ? read : checked(parseScenario(read.input))
}

/**
 * scenarioFromJson in pieces: pauses after reading the JSON and after each piece of the
 * scenario's check (parseScenarioInPieces), so a page can read a long link between tasks.
 */
export function* scenarioFromJsonInPieces(text: string): Generator<void, DecodeResult, void> {
  const read = readScenarioObject(text)
  if ('ok' in read) return read
  yield
  return checked(yield* parseScenarioInPieces(read.input))
}

/** The JSON text as an object of this format, or what is wrong with it. */
function readScenarioObject(text: string): { input: object } | Failure {
  let input: unknown
  try {
    input = JSON.parse(text)
  } catch {
    return fail('the scenario in the link is not valid JSON (the link may be cut short)')
  }
  if (typeof input !== 'object' || input === null || Array.isArray(input)) {
    return fail('the link does not hold a scenario object')
  }
  const format = (input as { format?: unknown }).format
  if (format === undefined) {
    return fail(`the scenario in the link has no "format" (expected "${SCENARIO_FORMAT}")`)
  }
  if (format !== SCENARIO_FORMAT) {
    return fail(
      `the link was made for scenario format ${clip(describeValue(format), 40)}; this lab reads "${SCENARIO_FORMAT}"`,
    )
  }
  return { input }
}

function checked(parsed: ParseResult): DecodeResult {
  if (!parsed.ok) return fail(`the scenario in the link is invalid — ${lowerFirst(parsed.message)}`)
  return { ok: true, scenario: parsed.scenario }
}

/** A JSON value in a few words: strings and numbers as written, anything else by its kind. */
function describeValue(value: unknown): string {
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') {
    return JSON.stringify(value)
  }
  if (value === null) return 'null'
  return Array.isArray(value) ? 'a list' : 'an object'
}

function lowerFirst(text: string): string {
  return text.charAt(0).toLowerCase() + text.slice(1)
}
