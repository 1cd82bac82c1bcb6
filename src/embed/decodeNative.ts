/**
 * decodeScenario for the one-file embeds (the custom element and the classic fallback, through
 * loadOnDemand.inline.ts): the checks and sentences of src/link/decode.ts (payload.ts, scenarioJson.ts),
 * inflating with the platform's DecompressionStream (ui/inflateNative.ts) instead of fflate, which
 * would cost every host page about 2.5 kB gzipped of script for a feature most embeds never use.
 * A browser without the stream gets a sentence, and the default scenario.
 */
import type { DecodeResult } from '../link/payload'
import { inflatedNatively } from '../ui/inflateNative'
import { scenarioFromJson } from '../link/scenarioJson'

export async function decodeScenario(encoded: string): Promise<DecodeResult> {
  const json = await inflatedNatively(encoded)
  return 'ok' in json ? json : scenarioFromJson(new TextDecoder().decode(json))
}
