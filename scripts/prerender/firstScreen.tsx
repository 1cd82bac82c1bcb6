/**
 * The lab page's first screen as static HTML, rendered at build time by react-dom/server from the
 * same components the app mounts (scripts/prerender.ts puts it into dist/index.html). Loaded
 * through Vite's module runner, so the components' CSS imports resolve as in the build.
 *
 * The live diagram is laid out for its container's width, which only the reader's browser knows:
 * the first screen carries it drawn at a wide and a narrow width, and the height the live layout
 * takes at every width, so a stylesheet (container queries) shows the nearer drawing in a box of
 * exactly the height the app will draw — nothing moves when the app takes over.
 */
import { renderToStaticMarkup } from 'react-dom/server'
import { DEFAULT_PRESET_ID } from '../../src/sim'
import { createLabStore, LabProvider } from '../../src/store'
import { createExploreSlot, ExploreSlotProvider } from '../../src/ui/explore/slot'
import { Lab } from '../../src/ui/Lab'
import { DIAGRAM_CSS } from '../../src/viz/diagramStyles'
import { layoutDiagram } from '../../src/viz/layout'
import { SpaceTimeDiagram } from '../../src/viz/SpaceTimeDiagram'

export { DIAGRAM_CSS }

/** One drawing of the default diagram, shown in containers from `fromPx` wide up to the next. */
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

export interface FirstScreen {
  /** The page (`<main class="fl-page" data-prerendered>`) with an empty diagram frame. */
  page: string
  drawings: Drawing[]
  bands: HeightBand[]
}

/** The label the page's DiagramPanel gives the diagram (kept in step by the e2e test). */
function diagramTitle(title: string | undefined): string {
  return `Space-time diagram: ${title ?? 'custom scenario'}`
}

/**
 * `widthsPx`: the container widths to draw at, each shown where it is the nearest. `maxWidthPx`: the widest container the page can give the diagram.
 */
export function renderFirstScreen(widthsPx: readonly number[], maxWidthPx: number): FirstScreen {
  const store = createLabStore({ preset: DEFAULT_PRESET_ID })
  const page = renderToStaticMarkup(
    <main className="fl-page" data-prerendered="">
      <LabProvider store={store}>
        <ExploreSlotProvider slot={createExploreSlot()}>
          <Lab />
        </ExploreSlotProvider>
      </LabProvider>
    </main>,
  )
  const s = store.getState()
  const sorted = [...widthsPx].sort((a, b) => a - b)
  const drawings = sorted.map((widthPx, i) => ({
    widthPx,
    // Each drawing serves the widths nearer to it than to the next narrower one.
    fromPx: i === 0 ? 0 : Math.ceil(((sorted[i - 1] ?? 0) + widthPx) / 2),
    markup: renderToStaticMarkup(
      <SpaceTimeDiagram
        run={s.lab.run}
        findings={s.lab.findings}
        spans={s.lab.spans}
        cursorMs={s.cursorMs}
        future={s.futureMode}
        widthPx={widthPx}
        idPrefix={`flpre${i}`}
        title={diagramTitle(s.lab.scenario.title)}
        onScrub={() => {}}
        time="auto"
      />,
    ),
  }))
  const heightAt = (widthPx: number) =>
    layoutDiagram({
      run: s.lab.run,
      findings: s.lab.findings,
      spans: s.lab.spans,
      widthPx,
      options: { time: 'auto' },
    }).heightPx
  return { page, drawings, bands: heightBands(heightAt, maxWidthPx) }
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
