/**
 * loadOnDemand.ts for the one-file builds (vite.embed.config.ts): everything is in the one file
 * already, so the parts are imported statically and handed over as resolved promises (every preset
 * too: nothing to load). The
 * decoder is the platform-stream one (decodeNative.ts): fflate would be inlined whole.
 */
import * as panels from '../ui/Panels'
import * as decode from './decodeNative'
import type { Decoder } from './loadOnDemand'

export const loadDecoder = (): Promise<Decoder> => Promise.resolve(decode)
export const loadPanels = () => Promise.resolve(panels)
/** Every preset is in the one file already. */
export const loadLinkedPresets = (): Promise<void> => Promise.resolve()
export const loadTourPresets = (): Promise<void> => Promise.resolve()
