/**
 * The lab page's address read in one go: the scenario it opens, the cursor, the view, and the
 * notice for the reader. Never throws: a broken link opens the default scenario with a notice.
 */
import { decodeScenario } from './decode'
import type { LinkView } from './parts'
import { readLinkParts, readLinkView } from './parts'
import type { LinkSource } from './start'
import { linkNotice, settleLink } from './start'

export interface LabStart {
  source: LinkSource
  cursorMs: number | null
  view: LinkView
  /** What was wrong with the address, for the reader; null when it was fine. */
  notice: string | null
}

export function readLabAddress(search: string, hash: string): LabStart {
  const parts = readLinkParts(search, hash)
  const decoded = parts.ref.kind === 'encoded' ? decodeScenario(parts.ref.encoded) : null
  const start = settleLink(parts, decoded)
  const { view, problems } = readLinkView(search, hash)
  return {
    source: start.source,
    cursorMs: start.cursorMs,
    view,
    notice: linkNotice(start, problems),
  }
}
