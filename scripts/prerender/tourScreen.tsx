/**
 * tour.html's first screen: the tour page as `tour.html` opens it (the first chapter's first
 * step), rendered at build time from the tour's own components; its diagram is drawn from what
 * the step shows (stepView: the cursor at the step's moment, the future faded or hidden), as
 * StepStage draws it.
 */
import { renderToStaticMarkup } from 'react-dom/server'
import { formatMs } from '../../src/sim'
import { readTourLink, tourHash } from '../../src/link/tour'
import { TOUR } from '../../src/tour/chapters'
import { createRunCache } from '../../src/tour/runs'
import { pastOnly, pendingReveals, stepView } from '../../src/tour/stepView'
import { TourApp } from '../../src/tour/TourApp'
import { drawDiagram } from './drawings'
import type { FirstScreen } from './firstScreen'

export interface TourFirstScreen extends FirstScreen {
  /** The address the tour page writes for its first stop (`#<chapter>/<step>`): also the default. */
  hash: string
}

export function renderTourFirstScreen(
  widthsPx: readonly number[],
  maxWidthPx: number,
): TourFirstScreen {
  const link = readTourLink('', '', TOUR)
  const step = link.chapter.steps[link.step]
  if (step === undefined) throw new Error('prerender: the tour opens on no step')
  const body = renderToStaticMarkup(<TourApp initial={link} />)
  // TourApp's own root, marked so the page's script and the tests can tell the copy apart.
  const page = body.replace(/^<(\w+) /, '<$1 data-prerendered="" ')
  if (page === body) throw new Error('prerender: the tour page has no root element to mark')
  const lab = createRunCache()(step.scenario)
  const view = stepView(lab, step, false, pendingReveals(link.chapter, link.step, false))
  const drawn = view.future === 'hide' ? pastOnly(lab, view.cursorMs) : lab
  const source = {
    run: drawn.run,
    findings: drawn.findings,
    spans: drawn.spans,
    cursorMs: view.cursorMs,
    future: view.future,
    title: `Space-time diagram: ${lab.scenario.title ?? 'the run'}, at ${formatMs(view.cursorMs)}`,
  }
  return {
    page,
    hash: tourHash(link.chapter, link.step),
    ...drawDiagram(source, widthsPx, maxWidthPx, 'flpretour'),
  }
}
