/**
 * embed.html's first screen (issue 18: the embed sits inside someone else's article, so its first
 * paint matters most): the default embed — the default scenario with the minimal controls, as
 * `embed.html` and `embed.html?scenario=<default>` open — rendered at build time from the
 * components and the store opening the live embed uses (EmbedLab, openEmbed).
 */
import { renderToStaticMarkup } from 'react-dom/server'
import { LabProvider } from '../../src/store'
import { EmbedLab } from '../../src/embed/EmbedLab'
import { labHrefFor, openEmbed } from '../../src/embed/openEmbed'
import { readEmbedParams } from '../../src/embed/options'
import { drawDiagram, storeDiagramSource } from './drawings'
import type { FirstScreen } from './firstScreen'

/** Where the lab's link points before the app knows its own address (it then writes it whole). */
const SOMEWHERE = 'https://prerender.invalid/'

export async function renderEmbedFirstScreen(
  widthsPx: readonly number[],
  maxWidthPx: number,
): Promise<FirstScreen> {
  const options = readEmbedParams('', '')
  if (options.problems.length > 0) throw new Error(`prerender: ${options.problems.join(' ')}`)
  const store = await openEmbed(options, { reducedMotion: false })
  const href = labHrefFor(store, options, SOMEWHERE)?.replace(SOMEWHERE, './') ?? null
  const page = renderToStaticMarkup(
    <div data-prerendered="" className="fl-embed-first">
      <LabProvider store={store}>
        <EmbedLab controls={options.controls} autoplay={false} labHref={href} />
      </LabProvider>
    </div>,
  )
  const title = store.getState().lab.scenario.title ?? 'custom scenario'
  const source = storeDiagramSource(store, `Space-time diagram: ${title}`)
  return { page, ...drawDiagram(source, widthsPx, maxWidthPx, 'flpreembed') }
}
