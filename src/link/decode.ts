/**
 * Reads a link's `s=` payload (base64url of the deflated scenario JSON) back into a validated
 * scenario. Links come from anywhere, so this never throws: the inflater stops at a size limit (a
 * deflate bomb cannot make the page allocate much), the JSON is parsed once, and every failure is
 * a phrase that names what is wrong (payload.ts). The iframe embed loads this file only for a
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
  const bytes = payloadBytes(encoded)
  return 'ok' in bytes ? bytes : inflateLimited(bytes)
}

function inflateLimited(bytes: Uint8Array): Uint8Array | Failure {
  const chunks: Uint8Array[] = []
  let total = 0
  let tooBig = false
  const inflate = new Inflate((chunk) => {
    total += chunk.length
    if (total > MAX_JSON_BYTES) tooBig = true
    else chunks.push(chunk)
  })
  try {
    for (let i = 0; i < bytes.length && !tooBig; i += INFLATE_CHUNK_BYTES) {
      inflate.push(
        bytes.subarray(i, i + INFLATE_CHUNK_BYTES),
        i + INFLATE_CHUNK_BYTES >= bytes.length,
      )
    }
  } catch {
    return DAMAGED
  }
  return tooBig ? TOO_LARGE : joinChunks(chunks, total)
}
