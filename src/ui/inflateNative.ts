/**
 * A link's payload inflated by the platform's DecompressionStream('deflate-raw') instead of
 * fflate: native code, so a long link's JSON costs the page's main thread almost nothing (a 4 kB
 * link of 25,000 script lines inflates to about 500 kB, which fflate took 100–130 ms of a cold
 * page's main thread to do). The one-file embeds inflate with it (embed/decodeNative.ts: fflate
 * would add about 2.5 kB to every host page), and the lab page reads a long link's address with it
 * (linkInPieces.ts). Same checks and sentences as link/decode.ts (payload.ts), asynchronous as a
 * stream is. Without the stream (before Safari 16.4, Firefox 113, Chrome 103): a sentence. A
 * browser API, so on the shell's side of the layering, not in the pure src/link.
 */
import type { Failure } from '../link/payload'
import {
  DAMAGED,
  fail,
  INFLATE_CHUNK_BYTES,
  joinChunks,
  MAX_JSON_BYTES,
  payloadBytes,
  TOO_LARGE,
} from '../link/payload'
import { zlibBody } from '../link/zlibBody'

/** True where the platform has the stream. */
export const inflatesNatively = (): boolean => typeof DecompressionStream === 'function'

/** The scenario JSON's bytes of a link's `s=` payload, or why there are none. */
export async function inflatedNatively(encoded: string): Promise<Uint8Array | Failure> {
  const bytes = payloadBytes(encoded)
  if ('ok' in bytes) return bytes
  const raw = await inflateLimited(bytes)
  // A link deflated with the zlib wrapper (zlibBody.ts).
  const body = raw === DAMAGED ? zlibBody(bytes) : null
  return body === null ? raw : inflateLimited(body)
}

async function inflateLimited(bytes: Uint8Array<ArrayBuffer>): Promise<Uint8Array | Failure> {
  let stream: DecompressionStream
  try {
    stream = new DecompressionStream('deflate-raw')
  } catch {
    return fail('this browser cannot unpack a custom scenario (it has no DecompressionStream)')
  }
  const writer = stream.writable.getWriter()
  const reader = stream.readable.getReader()
  // Fed a small chunk at a time: a write waits until the output before it has been read, so the
  // stream never runs more than a chunk's worth (at most ~260 kB) ahead of the size check.
  const writing = (async () => {
    for (let i = 0; i < bytes.length; i += INFLATE_CHUNK_BYTES) {
      await writer.write(bytes.subarray(i, i + INFLATE_CHUNK_BYTES))
    }
    await writer.close()
  })()
  // Its failures are the reader's too (a damaged stream errors both sides).
  writing.catch(() => {})
  const chunks: Uint8Array[] = []
  let total = 0
  try {
    for (;;) {
      const { done, value } = await reader.read()
      if (done) break
      total += value.length
      if (total > MAX_JSON_BYTES) {
        await reader.cancel().catch(() => {})
        return TOO_LARGE
      }
      chunks.push(value)
    }
  } catch {
    return DAMAGED
  }
  return joinChunks(chunks, total)
}
