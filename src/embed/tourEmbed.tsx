/**
 * embed.html?tour=<chapter>[&step=<n|id|answer>][&theme=…][&id=…]: one chapter of the guided
 * tour in a blog post, with the embed's manners (no page chrome, no address or storage writes,
 * no focus taken, its height posted to the parent). Loaded only when `tour=` is present, so the
 * lab embed does not carry the tour's words.
 */
import { createRoot } from 'react-dom/client'
import { readTourLink } from '../link/tour'
import { TOUR } from '../tour/chapters'
import { TourApp } from '../tour/TourApp'
import '../tour/tour.css'
import { startResizeReporting } from './resize'

/** `id` is the embed's own `id` parameter (read by options.ts), echoed in resize messages. */
export function startTourEmbed(container: HTMLElement, search: string, id: string | null): void {
  const link = { ...readTourLink(search, '', TOUR), embed: true }
  document.documentElement.dataset.theme = link.theme
  document.title = `${link.chapter.title} · Fencing Lab tour`
  createRoot(container).render(<TourApp initial={link} />)
  startResizeReporting(window, id)
}
