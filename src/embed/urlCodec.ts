/**
 * Lab links (docs/contracts.md): `?scenario=<preset-id>` opens a preset, `#s=<base64url(
 * deflate-raw(scenario JSON))>` opens a custom scenario, and `t=<ms>` (query or hash) sets the
 * cursor; `compare=1` and `future=show|fade|hide` keep the view (absent = the default view). Links
 * come from anywhere, so reading one never throws: every function here returns a
 * result that names what is wrong, and the page shows that sentence next to the default scenario.
 */
import { deflateSync, Inflate, strFromU8, strToU8 } from 'fflate'
import type { PresetId, Scenario, ScenarioInput } from '../sim'
import { parseScenarioJson, SCENARIO_FORMAT } from '../sim'
import { clip, readLinkParts, safeParams } from './linkParts'

/** Longest `s=` value we try to read (a generated 5,000-event scenario takes about 1,000). */
export const MAX_ENCODED_CHARS = 200_000
/** Largest scenario JSON we inflate: a link cannot make the page allocate more than this. */
export const MAX_JSON_BYTES = 4_000_000

export type DecodeResult = { ok: true; scenario: Scenario } | { ok: false; message: string }

export type LinkSource =
  | { kind: 'preset'; id: PresetId }
  | { kind: 'custom'; scenario: Scenario }
  /** No scenario in the link (or a broken one): the page opens its default preset. */
  | { kind: 'default' }

export interface LabLink {
  source: LinkSource
  /** The cursor the link asks for, or null. */
  cursorMs: number | null
  /** What was wrong with the link, in words for the reader; null when it was fine. */
  problem: string | null
}

/** A scenario as the `s=` value of a link: the JSON, with its format first, deflated and base64url. */
export function encodeScenario(scenario: ScenarioInput | Scenario): string {
  const { format: _format, ...rest } = scenario
  const json = JSON.stringify({ format: SCENARIO_FORMAT, ...rest })
  return toBase64Url(deflateSync(strToU8(json), { level: 9 }))
}

/** Reads an `s=` value back into a validated scenario. Never throws. */
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
  const parsed = parseScenarioJson(json.text)
  if (!parsed.ok) return fail(`the scenario in the link is invalid — ${lowerFirst(parsed.message)}`)
  return { ok: true, scenario: parsed.scenario }
}

/** Reads a page address (`location.search`, `location.hash`). Never throws. */
export function readLabLink(search: string, hash: string): LabLink {
  const parts = readLinkParts(search, hash)
  const problems = [...parts.problems]
  let source: LinkSource = { kind: 'default' }
  let cursorMs = parts.cursorMs
  if (parts.ref.kind === 'preset') source = parts.ref
  if (parts.ref.kind === 'encoded') {
    const decoded = decodeScenario(parts.ref.encoded)
    if (decoded.ok) source = { kind: 'custom', scenario: decoded.scenario }
    else {
      problems.unshift(`This link’s scenario could not be opened: ${decoded.message}.`)
      // A cursor chosen for a scenario we could not open means nothing in the default one.
      cursorMs = null
    }
  }
  return { source, cursorMs, problem: problems.length > 0 ? problems.join(' ') : null }
}

export type LinkTarget = { kind: 'preset'; id: string } | { kind: 'custom'; scenario: Scenario }

export type FutureView = 'show' | 'fade' | 'hide'
const FUTURE_VIEWS: readonly FutureView[] = ['show', 'fade', 'hide']

/** How the lab shows a run, as a link keeps it; an absent field is the default view. */
export interface LinkView {
  /** Fencing on and off side by side (`compare=1`). */
  compare?: boolean
  /** What the diagram and the log do with events after the cursor (`future=`; default fade). */
  future?: FutureView
}

/**
 * The address of a lab state: a preset stays `?scenario=<id>&t=…`; anything else is `#s=…&t=…`.
 * View options that differ from the default follow the cursor.
 */
export function writeLabLink(
  target: LinkTarget,
  cursorMs: number,
  view: LinkView = {},
): { search: string; hash: string } {
  const t = Math.max(0, Math.round(cursorMs))
  const rest = `${t > 0 ? `&t=${t}` : ''}${viewParams(view)}`
  if (target.kind === 'preset') {
    return { search: `?scenario=${encodeURIComponent(target.id)}${rest}`, hash: '' }
  }
  return { search: '', hash: `#s=${encodeScenario(target.scenario)}${rest}` }
}

/** `&compare=1&future=hide` for a view that differs from the default; '' for the default view. */
export function viewParams(view: LinkView): string {
  const compare = view.compare === true ? '&compare=1' : ''
  const future = view.future !== undefined && view.future !== 'fade' ? `&future=${view.future}` : ''
  return `${compare}${future}`
}

/** Reads the view options of a page address (query or hash). Never throws. */
export function readLinkView(
  search: string,
  hash: string,
): { view: LinkView; problem: string | null } {
  const query = safeParams(search.replace(/^\?/, ''))
  const fragment = safeParams(hash.replace(/^#/, ''))
  const view: LinkView = {}
  const problems: string[] = []
  const compare = fragment.get('compare') ?? query.get('compare')
  if (compare !== null) {
    if (compare === '1' || compare === '0') view.compare = compare === '1'
    else problems.push(`The option compare=${clip(compare, 20)} is not 0 or 1.`)
  }
  const future = fragment.get('future') ?? query.get('future')
  if (future !== null) {
    const known = FUTURE_VIEWS.find((f) => f === future)
    if (known !== undefined) view.future = known
    else problems.push(`The option future=${clip(future, 20)} is not show, fade or hide.`)
  }
  return { view, problem: problems.length > 0 ? problems.join(' ') : null }
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

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_'
const LOOKUP = new Map([...ALPHABET].map((c, i) => [c, i]))

/** RFC 4648 §5 base64url, without padding. */
export function toBase64Url(bytes: Uint8Array): string {
  let out = ''
  for (let i = 0; i < bytes.length; i += 3) {
    const a = bytes[i] ?? 0
    const b = bytes[i + 1] ?? 0
    const c = bytes[i + 2] ?? 0
    const n = (a << 16) | (b << 8) | c
    const left = bytes.length - i
    out += ALPHABET[(n >> 18) & 63]
    out += ALPHABET[(n >> 12) & 63]
    if (left > 1) out += ALPHABET[(n >> 6) & 63]
    if (left > 2) out += ALPHABET[n & 63]
  }
  return out
}

/** Decodes base64url (padding tolerated); returns a sentence when the text is not base64url. */
export function fromBase64Url(text: string): Uint8Array | string {
  const clean = text.replace(/=+$/, '')
  if (clean.length % 4 === 1) return 'the scenario in the link is cut short (its length is wrong)'
  const out = new Uint8Array(Math.floor((clean.length * 3) / 4))
  let bits = 0
  let value = 0
  let o = 0
  for (let i = 0; i < clean.length; i++) {
    const ch = clean.charAt(i)
    const digit = LOOKUP.get(ch)
    if (digit === undefined) {
      return `the scenario in the link has a character that does not belong (“${clip(ch, 4)}” at position ${i + 1})`
    }
    value = ((value << 6) | digit) & 0x3fff
    bits += 6
    if (bits >= 8) {
      bits -= 8
      out[o++] = (value >> bits) & 0xff
    }
  }
  return out.subarray(0, o)
}
