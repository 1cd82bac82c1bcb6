/**
 * A diagram drawn at build time for a first screen: the live diagram is laid out for its
 * container's width, which only the reader's browser knows, so a first screen carries it drawn
 * at a few widths, and the height the live layout takes at every width, so a stylesheet
 * (container queries, scripts/prerender.ts) shows the nearer drawing in a box of exactly the
 * height the app will draw — nothing moves when the app takes over.
 */
import { renderToStaticMarkup } from 'react-dom/server'
import type { CheckResult, Run } from '../../src/sim'
import type { LabStore } from '../../src/store'
import type { Spans } from '../../src/timeline'
import type { Future } from '../../src/viz/Cursor'
import { layoutDiagram } from '../../src/viz/layout'
import { SpaceTimeDiagram } from '../../src/viz/SpaceTimeDiagram'

/** One drawing of a diagram, shown in containers from `fromPx` wide up to the next. */
export interface Drawing {
  widthPx: number
  fromPx: number
  markup: string
}

/** Where the live diagram's height changes: from `fromPx` up (to the next band) it is `heightPx`. */
export interface HeightBand {
  fromPx: number
  heightPx: number
}

/** What the app's diagram is drawn from at its first frame. */
export interface DiagramSource {
  run: Run
  findings: CheckResult
  spans: Spans
  cursorMs: number
  future: Future
  title: string
}

/** What a lab store's diagram is drawn from now (the page's and the embed's first screens). */
export function storeDiagramSource(store: LabStore, title: string): DiagramSource {
  const s = store.getState()
  const { run, findings, spans } = s.lab
  return { run, findings, spans, cursorMs: s.cursorMs, future: s.futureMode, title }
}

/**
 * `widthsPx`: the container widths to draw at, each shown where it is the nearest. `maxWidthPx`:
 * the widest container the page can give the diagram. `idPrefix` keeps the drawings' SVG ids
 * apart from each other and from the app's.
 */
export function drawDiagram(
  source: DiagramSource,
  widthsPx: readonly number[],
  maxWidthPx: number,
  idPrefix: string,
): { drawings: Drawing[]; bands: HeightBand[] } {
  const sorted = [...widthsPx].sort((a, b) => a - b)
  const drawings = sorted.map((widthPx, i) => ({
    widthPx,
    // Each drawing serves the widths nearer to it than to the next narrower one.
    fromPx: i === 0 ? 0 : Math.ceil(((sorted[i - 1] ?? 0) + widthPx) / 2),
    markup: renderToStaticMarkup(
      <SpaceTimeDiagram
        run={source.run}
        findings={source.findings}
        spans={source.spans}
        cursorMs={source.cursorMs}
        future={source.future}
        widthPx={widthPx}
        idPrefix={`${idPrefix}${i}`}
        title={source.title}
        onScrub={() => {}}
        time="auto"
      />,
    ),
  }))
  const heightAt = (widthPx: number) =>
    layoutDiagram({
      run: source.run,
      findings: source.findings,
      spans: source.spans,
      widthPx,
      options: { time: 'auto' },
    }).heightPx
  return { drawings, bands: heightBands(heightAt, maxWidthPx) }
}

/** Sampled this far apart, then every px between two samples that differ (a layout costs ms). */
const SAMPLE_PX = 8

/** Where `heightAt` changes over 1…maxWidthPx. */
export function heightBands(
  heightAt: (widthPx: number) => number,
  maxWidthPx: number,
): HeightBand[] {
  const bands: HeightBand[] = [{ fromPx: 1, heightPx: heightAt(1) }]
  let previous = bands[0]!.heightPx
  for (let from = 1; from < maxWidthPx; from += SAMPLE_PX) {
    const to = Math.min(from + SAMPLE_PX, maxWidthPx)
    const end = heightAt(to)
    if (end === previous) continue
    for (let widthPx = from + 1; widthPx <= to; widthPx++) {
      const heightPx = widthPx === to ? end : heightAt(widthPx)
      if (heightPx !== previous) bands.push({ fromPx: widthPx, heightPx })
      previous = heightPx
    }
  }
  return bands
}
