/**
 * A standalone SVG document of a run — styles embedded, one theme — for export, RSS, print and
 * the CLI (`--format svg`). Same layout and same mark components as the live diagram, drawn inert
 * (no focusable marks; a <title> on each for hover) and serialised by `renderStatic`, so it is
 * synchronous in Node and in the browser and costs the bundle no server renderer.
 */
import type { JSX } from 'react'
import type { CheckResult, Run } from '../sim'
import { formatMs, xmlSafe } from '../sim'
import { FutureVeil, Playhead } from './Cursor'
import { DIAGRAM_CSS } from './diagramStyles'
import { StaticFindings, StaticMessages } from './Interactive'
import type { DangerWindowInput, DiagramModel, TimeMode } from './layout'
import { layoutDiagram } from './layout'
import { Defs, LaneMarks, patternId, Scaffold } from './Marks'
import { renderStatic } from './staticMarkup'

export interface SvgOptions {
  widthPx?: number
  theme?: 'light' | 'dark'
  /** Draws the playhead there and fades what comes after; no playhead when absent (the default). */
  cursorMs?: number
  title?: string
  /** The time axis (default 'auto'). */
  time?: TimeMode
  /** A real system's danger windows in this run, drawn as labelled bands (see src/systems). */
  dangerWindows?: readonly DangerWindowInput[]
}

const ID_PREFIX = 'fl'

function verdictLine(findings: CheckResult): string {
  const v = findings.violations.length
  const w = findings.warnings.length
  const count = (n: number, word: string) => `${n === 0 ? 'no' : n} ${word}${n === 1 ? '' : 's'}`
  const verdict = { safe: 'Safe', unsafe: 'Unsafe', inconclusive: 'Inconclusive' }[findings.verdict]
  const cut = findings.truncated
  const truncated = cut === null ? '' : ` · run cut at its event limit, ${formatMs(cut.atMs)}`
  return `${verdict} · ${count(v, 'violation')} · ${count(w, 'warning')}${truncated}`
}

/** The standalone figure as React elements (serialised by `renderDiagramSvg`). */
export function StandaloneSvg({
  model,
  title,
  theme,
  cursorMs,
}: {
  model: DiagramModel
  title: string
  theme: 'light' | 'dark'
  cursorMs: number | undefined
}): JSX.Element {
  const classes = `fl-diagram${model.compact ? ' fl-compact' : ''}${model.dense ? ' fl-dense' : ''}`
  return (
    <svg
      xmlns="http://www.w3.org/2000/svg"
      className={classes}
      data-theme={theme}
      role="img"
      aria-labelledby={`${ID_PREFIX}-title ${ID_PREFIX}-desc`}
      width={model.widthPx}
      height={model.heightPx}
      viewBox={`0 0 ${model.widthPx} ${model.heightPx}`}
    >
      <title id={`${ID_PREFIX}-title`}>{title}</title>
      <desc id={`${ID_PREFIX}-desc`}>{model.description}</desc>
      <style>{DIAGRAM_CSS}</style>
      <Defs model={model} idPrefix={ID_PREFIX} />
      <Scaffold model={model} idPrefix={ID_PREFIX} />
      {cursorMs === undefined ? null : <Playhead model={model} cursorMs={cursorMs} />}
      <LaneMarks model={model} idPrefix={ID_PREFIX} />
      <StaticFindings model={model} />
      <StaticMessages model={model} clipId={patternId(ID_PREFIX, 'clip')} />
      {cursorMs === undefined ? null : (
        <FutureVeil model={model} cursorMs={cursorMs} future="fade" />
      )}
    </svg>
  )
}

export function standaloneModel(
  run: Run,
  findings: CheckResult,
  options: SvgOptions,
): { model: DiagramModel; title: string } {
  const title = options.title ?? run.scenario.title ?? run.scenario.id ?? 'Fencing Lab run'
  const model = layoutDiagram({
    run,
    findings,
    widthPx: options.widthPx ?? 960,
    options: {
      header: { title, subtitle: verdictLine(findings) },
      time: options.time ?? 'auto',
      ...(options.dangerWindows === undefined ? {} : { dangerWindows: options.dangerWindows }),
    },
  })
  return { model, title }
}

export function renderDiagramSvg(
  run: Run,
  findings: CheckResult,
  options: SvgOptions = {},
): string {
  const { model, title } = standaloneModel(run, findings, options)
  const markup = renderStatic(
    <StandaloneSvg
      model={model}
      title={title}
      theme={options.theme ?? 'light'}
      cursorMs={options.cursorMs}
    />,
  )
  // Well-formed whatever the scenario's text holds (a control character would make it unreadable).
  return xmlSafe(`<?xml version="1.0" encoding="UTF-8"?>\n${markup}\n`)
}
