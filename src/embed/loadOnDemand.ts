/**
 * The embed's parts that wait until they are needed: the `#s=` decoder (only a custom scenario
 * needs it), the panels behind the full controls' disclosure, and any preset but the default.
 *
 * The one-file builds (the custom element, the classic fallback) inline every dynamic import,
 * and an inlined dynamic import still wraps each module it reaches in a lazy initialiser (about
 * 1.5 kB gzipped for these two). vite.embed.config.ts answers this file with loadOnDemand.inline.ts
 * in those builds: the same functions, the same promises, without the wrappers, and a decoder
 * that inflates with the platform's stream instead of fflate (decodeNative.ts), so its answer may
 * come later: callers await it.
 */
import type { DecodeResult } from '../link/decode'
import type { LinkRef } from '../link/parts'
import { ensureAllPresets, ensurePreset } from '../sim'

export interface Decoder {
  decodeScenario: (encoded: string) => DecodeResult | Promise<DecodeResult>
}

export const loadDecoder = (): Promise<Decoder> => import('../link/decode')
export const loadPanels = () => import('../ui/Panels')

/**
 * The presets an embed opens with: embed.html's build ships the default one only
 * (src/sim/presets/presetList.onDemand.ts), so the one a link names is loaded first, and so is
 * the preset a custom scenario was made from (its story is told against it).
 */
export async function loadLinkedPresets(ref: LinkRef, decoded: DecodeResult | null): Promise<void> {
  if (ref.kind === 'preset') await ensurePreset(ref.id)
  if (decoded?.ok === true && decoded.scenario.id !== undefined) {
    await ensurePreset(decoded.scenario.id)
  }
}

/** Every preset: a tour's chapter walks through several. */
export const loadTourPresets = (): Promise<void> => ensureAllPresets()
