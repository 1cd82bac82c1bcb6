/**
 * A link's `s=` payload around its inflation: the checks before (length, base64url) and the size
 * after (the JSON, its format and schema are scenarioJson.ts's), shared by the two inflaters: decode.ts (fflate, synchronous: the
 * lab page, the iframe embed, the command line) and the one-file embeds' platform stream
 * (src/embed/decodeNative.ts). Both give the same result and the same sentence for every payload.
 */
import type { Scenario } from '../sim'
import { fromBase64Url } from './base64url'

/** Longest `s=` value we try to read (a generated 5,000-event scenario takes about 1,000). */
export const MAX_ENCODED_CHARS = 200_000
/** Largest scenario JSON we inflate: a link cannot make the page allocate more than this. */
export const MAX_JSON_BYTES = 4_000_000
/**
 * Inflaters are fed this many bytes at a time: deflate expands at most ~1032×, so one push cannot
 * produce much beyond the limit before the inflater is stopped.
 */
export const INFLATE_CHUNK_BYTES = 256

export type DecodeResult = { ok: true; scenario: Scenario } | { ok: false; message: string }
export type Failure = { ok: false; message: string }

export const DAMAGED: Failure = fail('the compressed scenario is damaged (cut short or garbled)')
export const TOO_LARGE: Failure = fail('the scenario in the link is too large')

export function fail(message: string): Failure {
  return { ok: false, message }
}

/** The deflated bytes of an `s=` value, or what is wrong with it. */
export function payloadBytes(encoded: string): Uint8Array<ArrayBuffer> | Failure {
  if (encoded.length === 0) return fail('the link has an empty scenario (s=)')
  if (encoded.length > MAX_ENCODED_CHARS) {
    return fail(`the scenario in the link is too long (${encoded.length} characters)`)
  }
  const bytes = fromBase64Url(encoded)
  return typeof bytes === 'string' ? fail(bytes) : bytes
}

/** The inflated chunks joined, or DAMAGED when there were none (an empty stream). */
export function joinChunks(chunks: readonly Uint8Array[], total: number): Uint8Array | Failure {
  if (total === 0) return DAMAGED
  const out = new Uint8Array(total)
  let offset = 0
  for (const chunk of chunks) {
    out.set(chunk, offset)
    offset += chunk.length
  }
  return out
}
