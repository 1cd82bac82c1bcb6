/**
 * embed.html: the chrome-less lab for an iframe (docs/contracts.md). Its own address is the
 * whole configuration; it never writes it (nor the host's), never stores anything, never takes
 * focus, and posts its height to the parent. Built with preact/compat (vite.embed.config.ts).
 * With `tour=<chapter>` it shows that chapter of the guided tour instead (tourEmbed.tsx).
 */
import { createRoot } from 'react-dom/client'
import { LabProvider } from '../store'
import '../ui/lab.css'
import './embed.css'
import { EmbedLab } from './EmbedLab'
import { readEmbedAddress } from '../link/embed'
import { labHrefFor, openEmbed } from './openEmbed'
import { readEmbedParams } from './options'
import { startResizeReporting } from './resize'

async function start(container: HTMLElement): Promise<void> {
  const options = readEmbedParams(location.search, location.hash)
  if (readEmbedAddress(location.search, location.hash).tour) {
    const { startTourEmbed } = await import('./tourEmbed')
    startTourEmbed(container, location.search, options.id)
    return
  }
  // The parameter wins over the reader's system preference (an iframe cannot see the host's).
  document.documentElement.dataset.theme = options.theme
  const reducedMotion = matchMedia('(prefers-reduced-motion: reduce)').matches
  const store = await openEmbed(options, { reducedMotion })
  document.title = `${store.getState().lab.scenario.title ?? 'Custom scenario'} · Fencing Lab`
  createRoot(container).render(
    <LabProvider store={store}>
      <EmbedLab
        controls={options.controls}
        autoplay={options.autoplay}
        labHref={labHrefFor(store, options, new URL('./', location.href).href)}
      />
    </LabProvider>,
  )
  startResizeReporting(window, options.id)
  // A host that changes the frame's hash gets the embed it asked for.
  window.addEventListener('hashchange', () => location.reload())
}

const container = document.getElementById('root')
if (container !== null) {
  start(container).catch((error: unknown) => {
    // Never a blank frame: say what went wrong (as text, whatever the error holds).
    container.textContent = `The lab could not start: ${error instanceof Error ? error.message : String(error)}`
  })
}
