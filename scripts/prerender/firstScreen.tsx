/**
 * The lab page's first screen as static HTML, rendered at build time by react-dom/server from the
 * same components the app mounts (scripts/prerender.ts puts it into dist/index.html). Loaded
 * through Vite's module runner, so the components' CSS imports resolve as in the build.
 */
import { renderToStaticMarkup } from 'react-dom/server'
import { DEFAULT_PRESET_ID } from '../../src/sim'
import { createLabStore, LabProvider } from '../../src/store'
import { createExploreSlot, ExploreSlotProvider } from '../../src/ui/explore/slot'
import { Lab } from '../../src/ui/Lab'
import type { Drawing, HeightBand } from './drawings'
import { drawDiagram, storeDiagramSource } from './drawings'

export type { Drawing, HeightBand }

export interface FirstScreen {
  /** The page, marked `data-prerendered`, with an empty diagram frame. */
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
  const source = storeDiagramSource(store, diagramTitle(store.getState().lab.scenario.title))
  return { page, ...drawDiagram(source, widthsPx, maxWidthPx, 'flpre') }
}
