/**
 * `--format png|gif|webm` end to end, in-process with the real rasteriser and encoders: the
 * bytes are parsed back (PNG chunks, the GIF's screen descriptor and image blocks, the WebM's
 * EBML elements) to check sizes and frame counts, not just that something was written.
 * WebM needs Debian's ffmpeg (.ci/run installs it); without it that test says why it skips.
 */
import { describe, expect, it } from 'vitest'
import { scenarioFromPng, pngChunks } from '../link/figureScenario'
import { findPreset, parseScenario, run, check } from '../sim'
import { resolveCaptions } from '../timeline'
import { renderDiagramSvg } from '../viz'
import { readGif, readWebm } from '../testing/media'
import { EXIT_INVALID, EXIT_OK, runCli } from './cli'
import { chooseFonts, encodeWebm, hasFfmpeg, rasterize } from './media'

function media(...argv: string[]) {
  const chunks: Uint8Array[] = []
  let err = ''
  const code = runCli(argv, {
    out: () => {
      throw new Error('binary formats write no text')
    },
    err: (t) => (err += t),
    renderSvg: renderDiagramSvg,
    outBytes: (bytes) => chunks.push(bytes),
    media: { chooseFonts: () => chooseFonts(), rasterize, encodeWebm },
  })
  const bytes = new Uint8Array(chunks.reduce((n, c) => n + c.length, 0))
  let at = 0
  for (const c of chunks) {
    bytes.set(c, at)
    at += c.length
  }
  return { code, bytes, err }
}

/** The story's line count for gc-pause: one frame each, plus the whole story at the end. */
function gcPauseLines(): number {
  const parsed = parseScenario(findPreset('gc-pause')!.scenario)
  if (!parsed.ok) throw new Error(parsed.message)
  return resolveCaptions(run(parsed.scenario), parsed.scenario.narration).length
}

describe('npm run sim -- --format png|gif|webm', () => {
  it('png: a 2× figure that carries the scenario, which reads back to the same run', () => {
    const { code, bytes, err } = media(
      'gc-pause',
      '--format',
      'png',
      '--theme',
      'dark',
      '--width',
      '400',
    )
    expect(err).toBe('')
    expect(code).toBe(EXIT_OK)
    const header = pngChunks(bytes)![0]!
    const view = new DataView(header.data.buffer, header.data.byteOffset)
    expect(view.getUint32(0)).toBe(800)
    expect(view.getUint32(4)).toBeGreaterThan(400)
    const carried = JSON.parse(scenarioFromPng(bytes)!) as { id: string; format: string }
    expect(carried.id).toBe('gc-pause')
    expect(carried.format).toBe('fencing-lab/scenario@1')
    // Deterministic: the same command gives the same bytes.
    expect(media('gc-pause', '--format', 'png', '--theme', 'dark', '--width', '400').bytes).toEqual(
      bytes,
    )
  })

  it('gif: one frame per line of the story and one for the whole story, captions held to be read', () => {
    const lines = gcPauseLines()
    const { code, bytes, err } = media('gc-pause', '--format', 'gif', '--width', '400')
    expect(err).toBe('')
    expect(code).toBe(EXIT_OK)
    const gif = readGif(bytes)
    expect(gif.frames).toBe(lines + 1)
    expect(gif.widthPx).toBe(400)
    expect(gif.heightPx % 2).toBe(0)
    expect(Math.min(...gif.delays)).toBeGreaterThanOrEqual(2200)
    // A range of steps: only those lines, and no closing frame before the story's end.
    expect(
      readGif(media('gc-pause', '--format', 'gif', '--width', '400', '--steps', '2-4').bytes)
        .frames,
    ).toBe(3)
  })

  it.skipIf(!hasFfmpeg())('webm: VP9 at the figure’s size, one frame per story frame', () => {
    const lines = gcPauseLines()
    const { code, bytes, err } = media(
      'gc-pause',
      '--format',
      'webm',
      '--width',
      '400',
      '--steps',
      `1-${lines}`,
    )
    expect(err).toBe('')
    expect(code).toBe(EXIT_OK)
    const webm = readWebm(bytes)
    expect(webm.docType).toBe('webm')
    expect(webm.widthPx).toBe(400)
    expect(webm.heightPx).toBe(
      readGif(media('gc-pause', '--format', 'gif', '--width', '400').bytes).heightPx,
    )
    // The concat demuxer repeats the last frame to give it its duration.
    expect(webm.frames).toBe(lines + 2)
  })

  it('refuses a terminal, a story-less scenario and steps outside the story, naming what is wrong', () => {
    const tty = runCli(['gc-pause', '--format', 'png'], {
      out: () => {},
      err: (t) => expect(t).toContain('redirect it to a file'),
      outBytes: () => {
        throw new Error('nothing may be written to a terminal')
      },
      stdoutIsTerminal: true,
      media: { chooseFonts: () => chooseFonts(), rasterize, encodeWebm },
    })
    expect(tty).toBe(EXIT_INVALID)
    expect(media('gc-pause', '--format', 'gif', '--steps', '5-99').err).toMatch(
      /within the story's \d+ lines/,
    )
    expect(media('gc-pause', '--format', 'gif', '--steps', 'x').err).toContain('--steps must be')
    expect(media('gc-pause', '--format', 'png', '--scale', '9').err).toContain('--scale must be')
    const parsed = parseScenario({ clients: [{ id: 'A', script: [{ do: 'acquire' }] }] })
    if (!parsed.ok) throw new Error(parsed.message)
    const result = run(parsed.scenario)
    expect(check(result).verdict).toBeDefined()
    expect(chooseFonts({ FENCING_LAB_FONTS: '/no/such/font.ttf' })).toEqual({
      ok: false,
      message: 'FENCING_LAB_FONTS names a file that does not exist: /no/such/font.ttf',
    })
  })
})
