/**
 * A story as frames, for the animated exports (GIF, WebM): one frame per narration line, the
 * figure at that line's moment (playhead there, what follows faded) with the line burned in
 * below it, held as long as the lab's "play the story" holds it; then the whole story with what
 * the checker found. Deterministic: the same run gives the same frames, durations and pixels on
 * any machine with the same rasteriser and font.
 *
 * The caption band is drawn with presentation attributes only (no stylesheet), so it survives
 * every rasteriser; its text is wrapped by an estimate of the glyphs' width (no font metrics
 * here), generous enough for DejaVu Sans and the browsers' system fonts.
 */
import type { CheckResult, Run } from '../sim'
import { figureAlt } from '../sim/figureAlt'
import type { Caption } from '../timeline'
import { readingMs, resolveCaptions } from '../timeline'
import { THEMES } from './diagramStyles'
import type { SvgOptions } from './standalone'
import { renderDiagramSvg } from './standalone'

export interface AnimationFrame {
  /** The frame's figure: a standalone SVG with its caption band. */
  svg: string
  /** How long the frame shows (ms). */
  holdMs: number
  /** The caption burned in. */
  caption: string
}

/** Which of the story's lines to animate: 1-based and inclusive, as `--steps 2-5` says. */
export interface StepRange {
  from: number
  to: number
}

/** The final frame (the whole story and its verdict) shows this long. */
export const FINAL_HOLD_MS = 4000
const CAPTION_FONT_PX = 15
const LINE_HEIGHT_PX = 21
const BAND_PADDING_PX = 14
/** Average advance of a glyph, as a share of the font size (DejaVu Sans is about 0.55). */
const GLYPH_EM = 0.58

export type AnimationPlan =
  | { ok: true; frames: AnimationFrame[]; widthPx: number; heightPx: number }
  | { ok: false; message: string }

/**
 * The frames of `run`'s story (its scenario's narration), `steps` narrowing them. Every frame has
 * the same size: the tallest caption band sets it.
 */
export function storyFrames(
  run: Run,
  findings: CheckResult,
  options: Pick<SvgOptions, 'widthPx' | 'theme' | 'title'> & {
    steps?: StepRange | null
    /** The story as the lab tells it (an edited run's lines); default: the scenario's narration. */
    captions?: readonly Caption[]
  },
): AnimationPlan {
  const captions = options.captions ?? resolveCaptions(run, run.scenario.narration)
  if (captions.length === 0) {
    return {
      ok: false,
      message:
        'the scenario has no story to animate (no "narration" lines happen in this run): give one with narration, or export a still figure (--format svg or png)',
    }
  }
  const steps = options.steps ?? null
  if (steps !== null && (steps.from < 1 || steps.to < steps.from || steps.to > captions.length)) {
    return {
      ok: false,
      message: `the steps must lie within the story's ${captions.length} lines (1-${captions.length}), not ${steps.from}-${steps.to}`,
    }
  }
  const chosen: Array<{ caption: Caption; number: number }> = captions
    .map((caption, i) => ({ caption, number: i + 1 }))
    .filter(({ number }) => steps === null || (number >= steps.from && number <= steps.to))
  const theme = options.theme ?? 'light'
  const widthPx = options.widthPx ?? 960
  const title = options.title ?? run.scenario.title ?? run.scenario.id ?? 'Fencing Lab run'
  const base = { widthPx, theme, title }
  const texts = chosen.map(({ caption, number }) => ({
    text: `${number}/${captions.length} · ${caption.text}`,
    cursorMs: caption.atMs,
    holdMs: readingMs(caption.text),
  }))
  // The whole story, only when the range reaches the end: a range is a part of the story.
  const whole = steps === null || steps.to === captions.length
  const alt = figureAlt(run, findings, title)
  const lines = [
    ...texts.map((t) => wrapCaption(t.text, widthPx)),
    ...(whole ? [wrapCaption(alt, widthPx)] : []),
  ]
  const bandPx = Math.max(...lines.map((l) => l.length)) * LINE_HEIGHT_PX + 2 * BAND_PADDING_PX
  const frames: AnimationFrame[] = texts.map((t, i) => ({
    svg: withCaptionBand(
      renderDiagramSvg(run, findings, { ...base, ...insideRun(t.cursorMs, run) }),
      lines[i] ?? [],
      bandPx,
      theme,
    ),
    holdMs: t.holdMs,
    caption: t.text,
  }))
  if (whole) {
    frames.push({
      svg: withCaptionBand(
        renderDiagramSvg(run, findings, base),
        lines[lines.length - 1] ?? [],
        bandPx,
        theme,
      ),
      holdMs: FINAL_HOLD_MS,
      caption: alt,
    })
  }
  const first = frames[0]
  if (first === undefined) return { ok: false, message: 'no frame to draw' }
  const size = rootSize(first.svg)
  return { ok: true, frames, ...size }
}

/** A playhead at the run's very start or end says nothing: draw the figure whole there. */
function insideRun(cursorMs: number, run: Run): { cursorMs?: number } {
  return cursorMs > 0 && cursorMs < run.endMs ? { cursorMs } : {}
}

/** The caption's lines, broken at spaces to fit the figure's width. */
export function wrapCaption(text: string, widthPx: number): string[] {
  const perLine = Math.max(
    20,
    Math.floor((widthPx - 2 * BAND_PADDING_PX) / (CAPTION_FONT_PX * GLYPH_EM)),
  )
  const lines: string[] = []
  let line = ''
  for (const word of text.split(/\s+/).filter(Boolean)) {
    if (line === '') line = word
    else if (line.length + 1 + word.length <= perLine) line += ` ${word}`
    else {
      lines.push(line)
      line = word
    }
    while (line.length > perLine) {
      lines.push(line.slice(0, perLine))
      line = line.slice(perLine)
    }
  }
  if (line !== '') lines.push(line)
  return lines
}

function escapeText(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;')
}

function rootSize(svg: string): { widthPx: number; heightPx: number } {
  const root = /<svg\b[^>]*>/.exec(svg)?.[0] ?? ''
  return {
    widthPx: Number(/\swidth="([\d.]+)"/.exec(root)?.[1]),
    heightPx: Number(/\sheight="([\d.]+)"/.exec(root)?.[1]),
  }
}

/** The figure made `bandPx` taller, the caption's lines drawn in the new space at its foot. */
export function withCaptionBand(
  svg: string,
  lines: readonly string[],
  bandPx: number,
  theme: 'light' | 'dark',
): string {
  const root = /<svg\b[^>]*>/.exec(svg)
  if (root === null) throw new Error('the figure has no <svg> element')
  const { widthPx, heightPx } = rootSize(svg)
  // Even, as video encoders (4:2:0 chroma) need.
  const total = heightPx + bandPx + ((heightPx + bandPx) % 2)
  const palette = THEMES[theme]
  const resized = root[0]
    .replace(/\sheight="[\d.]+"/, ` height="${total}"`)
    .replace(/\sviewBox="[^"]*"/, ` viewBox="0 0 ${widthPx} ${total}"`)
  const text = lines
    .map(
      (line, i) =>
        `<text x="${BAND_PADDING_PX}" y="${heightPx + BAND_PADDING_PX + (i + 0.75) * LINE_HEIGHT_PX}" font-size="${CAPTION_FONT_PX}" fill="${palette.ink}">${escapeText(line)}</text>`,
    )
    .join('')
  const band =
    `<g class="fl-caption-band"><rect x="0" y="${heightPx}" width="${widthPx}" height="${total - heightPx}" fill="${palette.bg}"/>` +
    `<line x1="0" x2="${widthPx}" y1="${heightPx + 0.5}" y2="${heightPx + 0.5}" stroke="${palette.line}"/>${text}</g>`
  const end = svg.lastIndexOf('</svg>')
  return (
    svg.slice(0, root.index) +
    resized +
    svg.slice(root.index + root[0].length, end) +
    band +
    svg.slice(end)
  )
}
