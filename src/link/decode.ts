/**
 * Reads a link's `s=` payload (base64url of the deflated scenario JSON) back into a validated
 * scenario. Links come from anywhere, so this never throws: the inflater stops at a size limit (a
 * deflate bomb cannot make the page allocate much), the JSON is parsed once, and every failure is
 * a phrase that names what is wrong. The embed loads this file only for a custom scenario.
 */
import { Inflate, strFromU8 } from 'fflate'
import type { Scenario } from '../sim'
import { parseScenario, SCENARIO_FORMAT } from '../sim'
import { fromBase64Url } from './base64url'
import { clip } from './params'

/** Longest `s=` value we try to read (a generated 5,000-event scenario takes about 1,000). */
export const MAX_ENCODED_CHARS = 200_000
/** Largest scenario JSON we inflate: a link cannot make the page allocate more than this. */
export const MAX_JSON_BYTES = 4_000_000

export type DecodeResult = { ok: true; scenario: Scenario } | { ok: false; message: string }

/** Reads an `s=` value back into a validated scenario. */
export function decodeScenario(encoded: string): DecodeResult {
  if (encoded.length === 0) return fail('the link has an empty scenario (s=)')
  if (encoded.length > MAX_ENCODED_CHARS) {
    return fail(`the scenario in the link is too long (${encoded.length} characters)`)
  }
  const bytes = fromBase64Url(encoded)
  if (typeof bytes === 'string') return fail(bytes)
  const json = inflateLimited(bytes)
  if (!json.ok) return json
  let input: unknown
  try {
    input = JSON.parse(json.text)
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
  const parsed = parseScenario(input)
  if (!parsed.ok) return fail(`the scenario in the link is invalid — ${lowerFirst(parsed.message)}`)
  return { ok: true, scenario: parsed.scenario }
}

function fail(message: string): DecodeResult {
  return { ok: false, message }
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

function inflateLimited(
  bytes: Uint8Array,
): { ok: true; text: string } | { ok: false; message: string } {
  const chunks: Uint8Array[] = []
  let total = 0
  let tooBig = false
  const inflate = new Inflate((chunk) => {
    total += chunk.length
    if (total > MAX_JSON_BYTES) tooBig = true
    else chunks.push(chunk)
  })
  // Small input chunks bound what one push can produce (deflate expands at most ~1032×), so a
  // crafted link cannot make us allocate much beyond the limit before we stop.
  const CHUNK = 256
  try {
    for (let i = 0; i < bytes.length && !tooBig; i += CHUNK) {
      inflate.push(bytes.subarray(i, i + CHUNK), i + CHUNK >= bytes.length)
    }
  } catch {
    return { ok: false, message: 'the compressed scenario is damaged (cut short or garbled)' }
  }
  if (tooBig) return { ok: false, message: 'the scenario in the link is too large' }
  const out = new Uint8Array(total)
  let offset = 0
  for (const chunk of chunks) {
    out.set(chunk, offset)
    offset += chunk.length
  }
  if (out.length === 0) {
    return { ok: false, message: 'the compressed scenario is damaged (cut short or garbled)' }
  }
  return { ok: true, text: strFromU8(out) }
}
