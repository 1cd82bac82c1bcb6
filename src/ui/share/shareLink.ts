/**
 * The lab's own addresses, for links and snippets. The app is built with `base: './'`, so it may
 * live under any path: everything is derived from the page's address, never from a fixed host.
 */
import type { LinkView } from '../../link/parts'
import type { LinkTarget } from '../../link/write'
import { labHref } from '../../link/write'

export interface LabLocation {
  /** The lab's directory, ending in '/' (embed.html, fencing-lab.js and embed-host.js are here). */
  baseUrl: string
  /** The lab page without query or hash. */
  pageUrl: string
}

export function labLocation(href: string): LabLocation {
  const page = new URL(href)
  page.search = ''
  page.hash = ''
  return { baseUrl: new URL('./', page).href, pageUrl: page.href }
}

/** The absolute link that reopens a lab state: scenario, cursor and view. */
export function shareUrl(
  pageUrl: string,
  target: LinkTarget,
  cursorMs: number,
  view: LinkView = {},
): string {
  return labHref(pageUrl, target, cursorMs, view)
}
