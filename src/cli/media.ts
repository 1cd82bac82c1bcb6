/**
 * Pictures and videos for the command line (`--format png|gif|webm`) and the build's PNG
 * figures: the standalone SVG rasterised by resvg (a Rust renderer, prebuilt for each platform
 * on npm) after its stylesheet is applied inline (viz/flatStyles: resvg reads no custom
 * properties), and a story's frames encoded as a GIF (gifenc) or, through Debian's `ffmpeg`, as
 * WebM (VP9).
 *
 * Deterministic: resvg loads only the fonts named here, never the system's whole font set, so
 * the same figure gives the same pixels on every machine with the same font files; ffmpeg runs
 * single-threaded with its bit-exact flags (no encoder version or date in the file).
 */
import { spawnSync } from 'node:child_process'
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Resvg } from '@resvg/resvg-js'
import { flattenSvgStyles } from '../viz/flatStyles'
import type { PixelFrame } from '../viz/gif'

/** DejaVu Sans (Debian's fonts-dejavu-core), else Liberation Sans (fonts-liberation). */
const FONT_SETS: ReadonlyArray<{ family: string; files: string[] }> = [
  {
    family: 'DejaVu Sans',
    files: ['DejaVuSans.ttf', 'DejaVuSans-Bold.ttf', 'DejaVuSans-Oblique.ttf'].map(
      (name) => `/usr/share/fonts/truetype/dejavu/${name}`,
    ),
  },
  {
    family: 'Liberation Sans',
    files: [
      'LiberationSans-Regular.ttf',
      'LiberationSans-Bold.ttf',
      'LiberationSans-Italic.ttf',
    ].map((name) => `/usr/share/fonts/truetype/liberation/${name}`),
  },
]

export type FontChoice =
  { ok: true; family: string; files: string[] } | { ok: false; message: string }

/**
 * The fonts figures are drawn with: FENCING_LAB_FONTS (font files separated by ':', the first
 * one's family used for all text) when set, else the first of FONT_SETS whose regular face exists.
 */
export function chooseFonts(env: NodeJS.ProcessEnv = process.env): FontChoice {
  const given = env.FENCING_LAB_FONTS?.trim() ?? ''
  if (given !== '') {
    const files = given.split(':').filter((f) => f !== '')
    const missing = files.find((f) => !existsSync(f))
    if (missing !== undefined) {
      return {
        ok: false,
        message: `FENCING_LAB_FONTS names a file that does not exist: ${missing}`,
      }
    }
    return { ok: true, family: '', files }
  }
  for (const set of FONT_SETS) {
    const files = set.files.filter((f) => existsSync(f))
    if (files[0] === set.files[0]) return { ok: true, family: set.family, files }
  }
  return {
    ok: false,
    message:
      "no font to draw the figure's text with: install Debian's fonts-dejavu-core (or fonts-liberation), or set FENCING_LAB_FONTS to a .ttf file",
  }
}

export interface Raster {
  rgba: Uint8Array
  widthPx: number
  heightPx: number
  png: Uint8Array
}

/** Draws a standalone figure at `scale`× its size. */
export function rasterize(svg: string, scale: number, fonts: FontChoice & { ok: true }): Raster {
  const resvg = new Resvg(flattenSvgStyles(svg), {
    fitTo: { mode: 'zoom', value: scale },
    font: {
      loadSystemFonts: false,
      fontFiles: fonts.files,
      ...(fonts.family === ''
        ? {}
        : { defaultFontFamily: fonts.family, sansSerifFamily: fonts.family }),
    },
  })
  const image = resvg.render()
  return {
    rgba: new Uint8Array(image.pixels),
    widthPx: image.width,
    heightPx: image.height,
    png: new Uint8Array(image.asPng()),
  }
}

export type Encoded = { ok: true; bytes: Uint8Array } | { ok: false; message: string }

/** Is Debian's ffmpeg (or any ffmpeg with libvpx-vp9) on the PATH? */
export function hasFfmpeg(): boolean {
  const probe = spawnSync('ffmpeg', ['-hide_banner', '-encoders'], { encoding: 'utf8' })
  return probe.status === 0 && probe.stdout.includes('libvpx-vp9')
}

/**
 * The frames as a WebM (VP9) video: each frame's PNG shown for its `holdMs`, one video frame per
 * story frame (variable frame rate: a still caption costs one frame, not a second's worth).
 */
export function encodeWebm(frames: ReadonlyArray<PixelFrame & { png: Uint8Array }>): Encoded {
  if (!hasFfmpeg()) {
    return {
      ok: false,
      message:
        'WebM needs ffmpeg with VP9 (Debian: apt-get install ffmpeg), which is not on the PATH; --format gif needs nothing more',
    }
  }
  const dir = mkdtempSync(join(tmpdir(), 'fencing-lab-webm-'))
  try {
    const list: string[] = ['ffconcat version 1.0']
    frames.forEach((frame, i) => {
      const name = `frame-${String(i).padStart(4, '0')}.png`
      writeFileSync(join(dir, name), frame.png)
      list.push(`file ${name}`, `duration ${(frame.holdMs / 1000).toFixed(3)}`)
    })
    // The concat demuxer drops the last entry's duration unless the entry is named again.
    const last = frames.length - 1
    list.push(`file frame-${String(last).padStart(4, '0')}.png`)
    writeFileSync(join(dir, 'frames.txt'), `${list.join('\n')}\n`)
    const out = join(dir, 'story.webm')
    const result = spawnSync(
      'ffmpeg',
      [
        ...['-hide_banner', '-loglevel', 'error', '-nostdin', '-y'],
        ...['-f', 'concat', '-safe', '0', '-i', join(dir, 'frames.txt')],
        ...['-fps_mode', 'vfr', '-c:v', 'libvpx-vp9', '-pix_fmt', 'yuv420p'],
        ...['-crf', '30', '-b:v', '0', '-deadline', 'good', '-cpu-used', '4'],
        ...['-threads', '1', '-row-mt', '0', '-g', '9999'],
        ...['-fflags', '+bitexact', '-flags', '+bitexact', '-map_metadata', '-1'],
        ...['-f', 'webm', out],
      ],
      { encoding: 'utf8', timeout: 120_000 },
    )
    if (result.status !== 0) {
      const why = (result.stderr || result.error?.message || 'no message').trim().split('\n')[0]
      return { ok: false, message: `ffmpeg could not encode the video: ${why}` }
    }
    return { ok: true, bytes: new Uint8Array(readFileSync(out)) }
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}
