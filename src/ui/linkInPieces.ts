/**
 * The lab page's reader of the address's own scenario (App.tsx, decodedAhead), loaded only for a
 * custom scenario's link: inflated by the platform's stream where there is one (inflateNative.ts:
 * native code, where fflate took 100–130 ms of a cold page's main thread for a long link), then
 * checked a piece at a time (link/decodeInPieces.ts), which also inflates it, a chunk a task,
 * where the platform cannot.
 */
import type { DecodeResult } from '../link/decode'
import { decodeScenarioInPieces } from '../link/decodeInPieces'
import type { Steps } from '../viz/layout'
import { inflatedNatively, inflatesNatively } from './inflateNative'

/** Reads `encoded` in pieces: the steps to run for it (any other text is read from scratch). */
export async function linkInPieces(
  encoded: string,
): Promise<(text: string) => Steps<DecodeResult>> {
  const inflated = inflatesNatively() ? await inflatedNatively(encoded) : undefined
  return (text) => decodeScenarioInPieces(text, text === encoded ? inflated : undefined)
}
