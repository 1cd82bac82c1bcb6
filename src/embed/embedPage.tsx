/**
 * embed.html's start: reads the frame's own address and renders the embed into the container
 * (or, with `tour=<chapter>`, that chapter of the tour). Shared by the module entry (main.tsx)
 * and the one-file classic script (classic.tsx) that a frame with an opaque origin falls back to.
 */
import { createRoot } from 'react-dom/client'
import { LabProvider } from '../store'
import { EmbedLab } from './EmbedLab'
import { readEmbedAddress } from '../link/embed'
import { labHrefFor, openEmbed } from './openEmbed'
import { readEmbedParams } from './options'
import { startResizeReporting } from './resize'

async function start(container: HTMLElement): Promise<void> {
  // The static words embed.html holds until now (React then owns the container).
  container.replaceChildren()
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

/** Starts the embed in embed.html's #root; never a blank frame. */
export function startEmbedPage(container: HTMLElement): void {
  start(container).catch((error: unknown) => {
    // Never a blank frame: say what went wrong (as text, whatever the error holds).
    container.textContent = `The lab could not start: ${error instanceof Error ? error.message : String(error)}`
  })
}
