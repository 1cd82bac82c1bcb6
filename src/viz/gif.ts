/**
 * Frames of pixels → an animated GIF (gifenc: LZW and a palette quantiser in plain JavaScript),
 * in the browser and in Node alike. Each frame gets its own 256-colour palette, so anti-aliased
 * text keeps its shades; the animation loops forever, as slides and chat previews expect.
 * Deterministic: the same pixels give the same bytes.
 */
import * as gifencModule from 'gifenc'

type Gifenc = typeof gifencModule
// gifenc ships ESM for bundlers (Vite, Vitest) and CommonJS for Node, whose ESM loader (the
// command line) offers CommonJS exports only as `default`.
const gifenc: Gifenc =
  'GIFEncoder' in gifencModule
    ? gifencModule
    : (gifencModule as unknown as { default: Gifenc }).default

export interface PixelFrame {
  /** RGBA, 4 bytes a pixel, row by row. */
  rgba: Uint8Array | Uint8ClampedArray
  widthPx: number
  heightPx: number
  holdMs: number
}

/** GIF delays count hundredths of a second. */
const GIF_TICK_MS = 10

/** A GIF written frame by frame (the lab draws the next frame while the page shows progress). */
export function gifWriter(): { add: (frame: PixelFrame) => void; finish: () => Uint8Array } {
  const { GIFEncoder, quantize, applyPalette } = gifenc
  const encoder = GIFEncoder()
  return {
    add(frame) {
      const palette = quantize(frame.rgba, 256)
      const index = applyPalette(frame.rgba, palette)
      encoder.writeFrame(index, frame.widthPx, frame.heightPx, {
        palette,
        delay: Math.round(frame.holdMs / GIF_TICK_MS) * GIF_TICK_MS,
        repeat: 0,
      })
    },
    finish() {
      encoder.finish()
      return encoder.bytes()
    },
  }
}

export function encodeGif(frames: readonly PixelFrame[]): Uint8Array {
  const writer = gifWriter()
  for (const frame of frames) writer.add(frame)
  return writer.finish()
}
