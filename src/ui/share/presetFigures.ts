/**
 * The static figures the build publishes for every preset (scripts/publishFigures.ts), and the
 * snippets the README shows: both from the same code the Embed dialog uses, so what a reader
 * copies from the README is what the dialog would give them (a unit test compares them).
 * Pure: no DOM; it runs in Node at build time.
 */
import { scenarioJsonText, svgWithScenario } from '../../link/figureScenario'
import { presetFigurePath } from '../../link/figures'
import type { Preset } from '../../sim'
import { check, findPreset, parseScenario, run } from '../../sim'
import { figureAlt } from '../../sim/figureAlt'
import { renderDiagramSvg } from '../../viz/standalone'
import { svgSize } from './download'
import type { Snippets } from './snippets'
import { presetEmbedHeightPx } from './embedHeights'
import { buildSnippets } from './snippets'

/** A blog column's width: the width of every published figure. */
export const FIGURE_WIDTH_PX = 960

export interface PresetFigure {
  id: string
  title: string
  /** What happens, in words (alt text, caption): from the checker's findings. */
  alt: string
  /** Standalone SVG documents, one per theme, each carrying the preset's scenario. */
  light: string
  dark: string
  widthPx: number
  heightPx: number
}

/** The whole story of a preset (no playhead: every mark at full strength), in both themes. */
export function presetFigure(preset: Preset): PresetFigure {
  const parsed = parseScenario(preset.scenario)
  if (!parsed.ok) throw new Error(`preset ${preset.id}: ${parsed.message}`)
  const result = run(parsed.scenario)
  const findings = check(result)
  const title = parsed.scenario.title ?? preset.id
  // Each carries its scenario: dropped on the lab, a published figure opens its preset's run.
  const carried = scenarioJsonText(parsed.scenario)
  const light = svgWithScenario(
    renderDiagramSvg(result, findings, { widthPx: FIGURE_WIDTH_PX, theme: 'light' }),
    carried,
  )
  const dark = svgWithScenario(
    renderDiagramSvg(result, findings, { widthPx: FIGURE_WIDTH_PX, theme: 'dark' }),
    carried,
  )
  return {
    id: preset.id,
    title,
    alt: figureAlt(result, findings, title),
    light,
    dark,
    ...svgSize(light),
  }
}

/** The lab's address in the README: authors put their own host in its place. */
export const README_LAB = 'https://LAB-HOST/'

/** The README's example embed: gc-pause, minimal controls, the reader's theme. */
export function readmeSnippets(baseUrl: string = README_LAB): Snippets {
  const preset = findPreset('gc-pause')
  if (preset === undefined) throw new Error('the gc-pause preset is missing')
  return presetSnippets(preset, presetFigure(preset), baseUrl)
}

/**
 * A preset's snippets as published (the README, oEmbed): minimal controls, the reader's theme,
 * the preset's own measured height (its tallest, in any column of 360 px or more), and the
 * published figure as the no-JavaScript fallback.
 */
export function presetSnippets(preset: Preset, figure: PresetFigure, baseUrl: string): Snippets {
  return buildSnippets(
    {
      baseUrl,
      pageUrl: baseUrl,
      target: { kind: 'preset', id: preset.id },
      title: figure.title,
      figure: {
        lightFile: `${baseUrl}${presetFigurePath(preset.id, 'light')}`,
        darkFile: `${baseUrl}${presetFigurePath(preset.id, 'dark')}`,
        widthPx: figure.widthPx,
        heightPx: figure.heightPx,
        alt: figure.alt,
      },
    },
    {
      controls: 'minimal',
      theme: 'auto',
      autoplay: false,
      loop: false,
      cursorMs: null,
      range: null,
      name: '',
      heightPx: presetEmbedHeightPx(preset.id, 'minimal'),
    },
  )
}
