/**
 * What the lab exports (loaded on first use, so the page's first load stays small): the scenario
 * as a JSON file, the run's report (the CLI's JSON), and the diagram as a standalone SVG figure
 * or a 2× PNG of it, at the lab's theme, width and cursor. Each returns what it saved, for the
 * reader's feedback. Both figures carry the scenario (link/figureScenario), so dropping one back
 * on the lab opens the same run.
 */
import type { LabRun } from '../../store'
import type { DangerWindowSpan } from '../../timeline'
import { pngWithScenario, scenarioJsonText, svgWithScenario } from '../../link/figureScenario'
import { renderDiagramSvg } from '../../viz/standalone'
import { saveFile, svgToPng, textBlob } from './download'
import { fileStem, reportFileText, scenarioFileText } from './scenarioFile'

export interface Saved {
  name: string
  bytes: number
}

export interface FigureOptions {
  theme: 'light' | 'dark'
  widthPx: number
  /** The lab's cursor. */
  cursorMs: number
  /**
   * Draw the playhead at the cursor and fade what follows (only inside the run). Off by default:
   * an exported figure shows the whole story, marks at full strength.
   */
  withCursor?: boolean
  /** The open system scenario's danger windows (store: shownDangerWindows), drawn as bands. */
  dangerWindows?: readonly DangerWindowSpan[]
}

/** Figures narrower than this would crowd their labels; wider ones waste a blog's column. */
const MIN_FIGURE_PX = 480
const MAX_FIGURE_PX = 1600

export function figureWidthPx(measuredPx: number | null): number {
  if (measuredPx === null || !Number.isFinite(measuredPx) || measuredPx <= 0) return 960
  return Math.round(Math.min(MAX_FIGURE_PX, Math.max(MIN_FIGURE_PX, measuredPx)))
}

/**
 * The standalone SVG: the whole story, with no playhead unless asked for (`withCursor`, and then
 * only strictly inside the run).
 */
export function figureSvg(lab: LabRun, options: FigureOptions): string {
  const inside =
    options.withCursor === true && options.cursorMs > 0 && options.cursorMs < lab.run.endMs
  const svg = renderDiagramSvg(lab.run, lab.findings, {
    widthPx: options.widthPx,
    theme: options.theme,
    ...(inside ? { cursorMs: options.cursorMs } : {}),
    ...(options.dangerWindows === undefined || options.dangerWindows.length === 0
      ? {}
      : { dangerWindows: options.dangerWindows }),
  })
  return svgWithScenario(svg, scenarioJsonText(lab.scenario))
}

export function exportScenario(lab: LabRun): Saved {
  return save(
    `${fileStem(lab.scenario)}.json`,
    textBlob(scenarioFileText(lab.scenario), 'application/json'),
  )
}

export function exportTrace(lab: LabRun): Saved {
  const text = reportFileText(lab.run, lab.findings)
  return save(`${fileStem(lab.scenario)}-trace.json`, textBlob(text, 'application/json'))
}

export function figureFileName(lab: LabRun, theme: 'light' | 'dark', ext: 'svg' | 'png'): string {
  return `${fileStem(lab.scenario)}${theme === 'dark' ? '-dark' : ''}.${ext}`
}

export function exportSvg(lab: LabRun, options: FigureOptions): Saved {
  const svg = figureSvg(lab, options)
  return save(figureFileName(lab, options.theme, 'svg'), textBlob(svg, 'image/svg+xml'))
}

export async function exportPng(lab: LabRun, options: FigureOptions): Promise<Saved> {
  const drawn = await svgToPng(figureSvg(lab, options), 2)
  const bytes = pngWithScenario(
    new Uint8Array(await drawn.arrayBuffer()),
    scenarioJsonText(lab.scenario),
  )
  const png = new Blob([bytes as Uint8Array<ArrayBuffer>], { type: 'image/png' })
  return save(figureFileName(lab, options.theme, 'png'), png)
}

function save(name: string, blob: Blob): Saved {
  saveFile(name, blob)
  return { name, bytes: blob.size }
}
