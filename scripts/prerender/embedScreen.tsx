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
import { drawDiagram } from './drawings'
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
  const s = store.getState()
  const source = {
    run: s.lab.run,
    findings: s.lab.findings,
    spans: s.lab.spans,
    cursorMs: s.cursorMs,
    future: s.futureMode,
    title: `Space-time diagram: ${s.lab.scenario.title ?? 'custom scenario'}`,
  }
  return { page, ...drawDiagram(source, widthsPx, maxWidthPx, 'flpreembed') }
}
