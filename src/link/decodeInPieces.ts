/**
 * decode.ts's decodeScenario in pieces, for the lab page: it pauses after each chunk it inflates,
 * after reading the JSON and after each piece of the scenario's check (some hundred script lines),
 * so the page reads a long link between tasks (ui/App.tsx, decodedAhead) and never holds the page
 * for the whole of it. A module of its own, so that the embeds, which read links whole, do not carry it.
 *
 * Where the platform inflates (its DecompressionStream, native code: ui/linkInPieces.ts), the
 * link's JSON comes inflated and only its check is left in pieces: fflate's pieces were 100–130 ms
 * of the page's main thread for a 4 kB link of 25,000 script lines.
 */
import { strFromU8 } from 'fflate'
import { inflatedInPieces } from './decode'
import type { DecodeResult, Failure } from './payload'
import { scenarioFromJsonInPieces } from './scenarioJson'

/** `inflated`: the payload's JSON (or why there is none) when inflated already. */
export function* decodeScenarioInPieces(
  encoded: string,
  inflated?: Uint8Array | Failure,
): Generator<void, DecodeResult, void> {
  const json = inflated ?? (yield* inflatedInPieces(encoded))
  if ('ok' in json) return json
  return yield* scenarioFromJsonInPieces(strFromU8(json))
}
