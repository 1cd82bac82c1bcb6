/**
 * decode.ts's decodeScenario in pieces, for the lab page: it pauses after each chunk it inflates,
 * after reading the JSON and after each piece of the scenario's check (some hundred script lines),
 * so the page reads a long link between tasks (ui/App.tsx, decodedAhead) and never holds the page
 * for the whole of it. A module of its own, so that the embeds, which read links whole, do not carry it.
 */
import { strFromU8 } from 'fflate'
import { inflatedInPieces } from './decode'
import type { DecodeResult } from './payload'
import { scenarioFromJsonInPieces } from './scenarioJson'

export function* decodeScenarioInPieces(encoded: string): Generator<void, DecodeResult, void> {
  const json = yield* inflatedInPieces(encoded)
  if ('ok' in json) return json
  return yield* scenarioFromJsonInPieces(strFromU8(json))
}
