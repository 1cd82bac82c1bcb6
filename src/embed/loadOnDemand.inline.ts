/**
 * loadOnDemand.ts for the one-file builds (vite.embed.config.ts): everything is in the one file
 * already, so the parts are imported statically and handed over as resolved promises.
 */
import * as decode from '../link/decode'
import * as panels from '../ui/Panels'

export const loadDecoder = () => Promise.resolve(decode)
export const loadPanels = () => Promise.resolve(panels)
