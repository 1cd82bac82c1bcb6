/**
 * decodeScenario for the one-file embeds (the custom element and the classic fallback, through
 * loadOnDemand.inline.ts): the checks and sentences of src/link/decode.ts (payload.ts, scenarioJson.ts),
 * inflating with the platform's DecompressionStream('deflate-raw') instead of fflate, which would
 * cost every host page about 2.5 kB gzipped of script for a feature most embeds never use.
 * Asynchronous, as a stream is. A browser without the stream (before Safari 16.4, Firefox 113,
 * Chrome 103) gets a sentence, and the default scenario.
 */
import type { DecodeResult, Failure } from '../link/payload'
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
import { scenarioFromJson } from '../link/scenarioJson'

export async function decodeScenario(encoded: string): Promise<DecodeResult> {
  const bytes = payloadBytes(encoded)
  if ('ok' in bytes) return bytes
  const raw = await inflateLimited(bytes)
  // A link deflated with the zlib wrapper (zlibBody.ts).
  const body = raw === DAMAGED ? zlibBody(bytes) : null
  const json = body === null ? raw : await inflateLimited(body)
  return 'ok' in json ? json : scenarioFromJson(new TextDecoder().decode(json))
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
