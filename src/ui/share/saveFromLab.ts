/**
 * What the Share bar's download and import buttons do, loaded on first use (ui/share/ShareBar):
 * the lab's first load carries only the buttons. Each takes the lab's state as it is at the click.
 */
import type { LabStoreState } from '../../store'
import { shownDangerWindows } from '../../store'
import type { Progress } from './animate'
import type { Saved } from './exports'
import { exportPng, exportScenario, exportSvg, exportTrace, figureWidthPx } from './exports'
import type { ScenarioTextResult } from './scenarioFile'
import { fileSizeProblem, readScenarioFile } from './scenarioFile'

export type ExportKind = 'scenario' | 'trace' | 'svg' | 'png' | 'gif' | 'webm'

/** Saves the run as `kind`; `root` is inside the lab (its diagram's width sizes the figure). */
export async function saveFromLab(
  kind: ExportKind,
  s: LabStoreState,
  root: HTMLElement | null,
  onProgress: Progress,
): Promise<Saved> {
  const theme = resolvedTheme(s.theme)
  const widthPx = figureWidthPx(diagramWidthPx(root))
  switch (kind) {
    case 'scenario':
      return exportScenario(s.lab)
    case 'trace':
      return exportTrace(s.lab)
    case 'svg':
    case 'png': {
      const figure = { theme, widthPx, cursorMs: s.cursorMs, dangerWindows: shownDangerWindows(s) }
      return kind === 'svg' ? exportSvg(s.lab, figure) : exportPng(s.lab, figure)
    }
    case 'gif':
    case 'webm': {
      // The encoders are heavier still: they load only for an animation.
      const { exportAnimation } = await import('./animate')
      return exportAnimation(s.lab, { format: kind, theme, widthPx }, onProgress)
    }
  }
}

/** A dropped or picked file read as a scenario (or a figure carrying one), with a sentence if not. */
export async function readImportedFile(file: File): Promise<ScenarioTextResult> {
  const tooBig = fileSizeProblem(file.size)
  return tooBig ?? readScenarioFile(new Uint8Array(await file.arrayBuffer()))
}

/** A message as a sentence, for the notices that follow it with more words. */
export function sentence(text: string): string {
  return /[.!?)]$/.test(text) ? text : `${text}.`
}

function resolvedTheme(theme: 'auto' | 'light' | 'dark'): 'light' | 'dark' {
  if (theme !== 'auto') return theme
  return typeof matchMedia !== 'undefined' && matchMedia('(prefers-color-scheme: dark)').matches
    ? 'dark'
    : 'light'
}

/** The width the lab gives its diagram now (both diagrams' row in compare mode). */
function diagramWidthPx(from: HTMLElement | null): number | null {
  const panel = from?.closest('.fl-lab')?.querySelector<HTMLElement>('.fl-diagram-panel')
  return panel == null ? null : panel.clientWidth
}
