/**
 * The embed's parts that wait until they are needed: the `#s=` decoder (only a custom scenario
 * needs it) and the panels behind the full controls' disclosure.
 *
 * The one-file builds (the custom element, the classic fallback) inline every dynamic import,
 * and an inlined dynamic import still wraps each module it reaches in a lazy initialiser (about
 * 1.5 kB gzipped for these two). vite.embed.config.ts answers this file with loadOnDemand.inline.ts
 * in those builds: the same functions, the same promises, without the wrappers, and a decoder
 * that inflates with the platform's stream instead of fflate (decodeNative.ts), so its answer may
 * come later: callers await it.
 */
import type { DecodeResult } from '../link/decode'

export interface Decoder {
  decodeScenario: (encoded: string) => DecodeResult | Promise<DecodeResult>
}

export const loadDecoder = (): Promise<Decoder> => import('../link/decode')
export const loadPanels = () => import('../ui/Panels')
