/**
 * How tall each preset's embed is, for each controls mode: the height embed.html posts to its
 * host (its document's, in px), measured in Chromium with the lab's fonts (Debian's chromium and
 * DejaVu Sans, as CI runs it). The story's caption holds its longest line (src/embed/
 * SteadyCaption.tsx), so an embed's height depends on the column's width, never on the moment.
 *
 * e2e/embedHeights.spec.ts keeps the figures true (and writes them afresh, sweeping the column
 * from 360 to 1280 px): at the width where each was found, the embed is that tall, and at the
 * widths where the layouts change it is no taller. Another browser's fonts may differ by a few
 * pixels; `embed-host.js` or the React component sizes the frame to what it actually takes.
 */
import type { PresetId } from '../../sim/presets/ids'
import { isPresetId } from '../../sim/presets/ids'
import { MEASURED } from './embedHeights.measured'
import type { ControlsMode } from './snippets'
import { RESERVED_HEIGHT_PX } from './snippets'

/** The README's wide column (a desktop blog's): this width and more. */
export const EMBED_HEIGHTS_WIDE_PX = 640

export interface EmbedHeight {
  /** The tallest in any column of 360 px or more: what an iframe's fixed height must hold. */
  anyPx: number
  /** The column width where it was that tall. */
  anyAtPx: number
  /** The tallest in a column of 640 px or more (a page's stylesheet may reserve it there). */
  widePx: number
  wideAtPx: number
}

export const EMBED_HEIGHTS: Record<PresetId, Record<ControlsMode, EmbedHeight>> = MEASURED

/**
 * The height a preset's iframe reserves: its tallest in any column of 360 px or more. Anything
 * that is not a preset gets the generic reservation (snippets.ts), which holds the default one.
 */
export function presetEmbedHeightPx(id: string, controls: ControlsMode): number {
  return isPresetId(id) ? EMBED_HEIGHTS[id][controls].anyPx : RESERVED_HEIGHT_PX[controls]
}
