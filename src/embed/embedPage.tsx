/**
 * embed.html's start: reads the frame's own address and renders the embed into the container
 * (or, with `tour=<chapter>`, that chapter of the tour). Shared by the module entry (main.tsx)
 * and the one-file classic script (classic.tsx) that a frame with an opaque origin falls back to.
 */
import { createRoot } from 'react-dom/client'
import type { LabStore, Theme } from '../store'
import { LabProvider } from '../store'
import { EmbedLab } from './EmbedLab'
import { readEmbedAddress } from '../link/embed'
import { labHrefFor, openEmbed } from './openEmbed'
import { loadTourPresets } from './loadOnDemand'
import { readEmbedParams } from './options'
import { followHostTheme } from './hostTheme'
import { startResizeReporting } from './resize'
import { nextTimerTask } from '../ui/whenIdle'
import { FirstWidthContext, firstWidthOf } from '../ui/firstWidth'

async function start(container: HTMLElement): Promise<void> {
  // The default embed's static diagram width, for the app's first render (ui/firstWidth.ts):
  // read before anything here changes the page.
  const firstWidth = firstWidthOf(
    container,
    document.documentElement.classList.contains('fl-default'),
  )
  const options = readEmbedParams(location.search, location.hash)
  // The host's theme (its dark-mode toggle) wins over the parameter from now on; heard before
  // anything loads, so a host that posts on the frame's load event is not missed.
  let store: LabStore | null = null
  followHostTheme(window, (theme) => {
    document.documentElement.dataset.theme = theme
    store?.getState().setTheme(theme)
  })
  if (readEmbedAddress(location.search, location.hash).tour) {
    const [{ startTourEmbed }] = await Promise.all([import('./tourEmbed'), loadTourPresets()])
    container.replaceChildren()
    startTourEmbed(container, location.search, options.id)
    return
  }
  // The parameter wins over the reader's system preference (an iframe cannot see the host's).
  document.documentElement.dataset.theme = options.theme
  const reducedMotion = matchMedia('(prefers-reduced-motion: reduce)').matches
  const opened = await openEmbed(options, { reducedMotion })
  // A theme the host posted while the lab was loading.
  const hostTheme = document.documentElement.dataset.theme
  if (hostTheme !== options.theme) opened.getState().setTheme(hostTheme as Theme)
  store = opened
  document.title = `${opened.getState().lab.scenario.title ?? 'Custom scenario'} · Fencing Lab`
  // The lab (its store: the run derived) was opened in this task, its first render is the next:
  // one task for both held the frame's thread, and often the host page's, for their sum.
  await nextTimerTask()
  // What embed.html holds until now — its words, or the default embed's first screen
  // (scripts/prerender.ts) — stays until the app draws in this same task: no frame between
  // the two shows an empty frame, and nothing moves.
  container.replaceChildren()
  createRoot(container).render(
    <LabProvider store={opened}>
      <FirstWidthContext.Provider value={firstWidth}>
        <EmbedLab
          controls={options.controls}
          autoplay={options.autoplay}
          labHref={labHrefFor(opened, options, new URL('./', location.href).href)}
        />
      </FirstWidthContext.Provider>
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
