/**
 * Reads a link's `s=` payload (base64url of the deflated scenario JSON: raw deflate, or deflate
 * in its zlib wrapper) back into a validated scenario. Links come from anywhere, so this never
 * throws: the inflater stops at a size limit (a deflate bomb cannot make the page allocate much),
 * the JSON is parsed once, and every failure is a phrase that names what is wrong (payload.ts). The iframe embed loads this file only for a
 * custom scenario; the one-file embeds inflate with the platform instead (src/embed/decodeNative.ts).
 */
import { Inflate, strFromU8 } from 'fflate'
import type { DecodeResult, Failure } from './payload'
import {
  DAMAGED,
  INFLATE_CHUNK_BYTES,
  joinChunks,
  MAX_JSON_BYTES,
  payloadBytes,
  TOO_LARGE,
} from './payload'
import { zlibBody } from './zlibBody'
import { scenarioFromJson } from './scenarioJson'

export type { DecodeResult } from './payload'
export { MAX_ENCODED_CHARS, MAX_JSON_BYTES } from './payload'

/** Reads an `s=` value back into a validated scenario. */
export function decodeScenario(encoded: string): DecodeResult {
  const json = inflated(encoded)
  return 'ok' in json ? json : scenarioFromJson(strFromU8(json))
}

/** The JSON bytes of an `s=` value, or what is wrong with it. */
export function inflated(encoded: string): Uint8Array | Failure {
  const steps = inflatedInPieces(encoded)
  for (;;) {
    const next = steps.next()
    if (next.done === true) return next.value
  }
}

/**
 * `inflated`, pausing after each chunk fed to the inflater: a cold page took 100-115 ms to
 * inflate a 3 kB link to its 500 kB of JSON in one go (decodeInPieces.ts reads it between tasks).
 */
export function* inflatedInPieces(encoded: string): Generator<void, Uint8Array | Failure, void> {
  const bytes = payloadBytes(encoded)
  if ('ok' in bytes) return bytes
  const raw = yield* inflatedRaw(bytes)
  if (raw !== DAMAGED) return raw
  // A link deflated with the zlib wrapper (zlibBody.ts).
  const body = zlibBody(bytes)
  return body === null ? raw : yield* inflatedRaw(body)
}

function* inflatedRaw(bytes: Uint8Array): Generator<void, Uint8Array | Failure, void> {
  const chunks: Uint8Array[] = []
  let total = 0
  let tooBig = false
  const inflate = new Inflate((chunk) => {
    total += chunk.length
    if (total > MAX_JSON_BYTES) tooBig = true
    else chunks.push(chunk)
  })
  for (let i = 0; i < bytes.length && !tooBig; i += INFLATE_CHUNK_BYTES) {
    try {
      inflate.push(
        bytes.subarray(i, i + INFLATE_CHUNK_BYTES),
        i + INFLATE_CHUNK_BYTES >= bytes.length,
      )
    } catch {
      return DAMAGED
    }
    yield
  }
  return tooBig ? TOO_LARGE : joinChunks(chunks, total)
}
