/**
 * The lab page's address read in one go: the scenario it opens, the cursor, the view, and the
 * notice for the reader. Never throws: a broken link opens the default scenario with a notice.
 *
 * The decoder of a custom scenario's payload (decode.ts, with the inflater) is passed in: the lab
 * page loads it only for an address that holds one (`holdsScenario`), so its first screen does
 * without about 4 kB gzipped of script.
 */
import type { DecodeResult } from './payload'
import { fail } from './payload'
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

/** Reads an `s=` payload (decode.ts's decodeScenario). */
export type DecodeLink = (encoded: string) => DecodeResult

/** True when the address holds a custom scenario, which needs the decoder to open. */
export function holdsScenario(search: string, hash: string): boolean {
  return encodedScenarioOf(search, hash) !== null
}

/** The custom scenario the address holds, as encoded in it; null when it holds none. */
export function encodedScenarioOf(search: string, hash: string): string | null {
  const { ref } = readLinkParts(search, hash)
  return ref.kind === 'encoded' ? ref.encoded : null
}

/**
 * `decode` null: the decoder could not be loaded (offline after an update, say); a custom
 * scenario then opens as a broken link would, with a notice that says so.
 */
export function readLabAddress(search: string, hash: string, decode: DecodeLink | null): LabStart {
  const parts = readLinkParts(search, hash)
  const decoded =
    parts.ref.kind !== 'encoded'
      ? null
      : decode === null
        ? fail('the page could not load the part that reads custom scenarios (reload to try again)')
        : decode(parts.ref.encoded)
  const start = settleLink(parts, decoded)
  const { view, problems } = readLinkView(search, hash)
  return {
    source: start.source,
    cursorMs: start.cursorMs,
    view,
    notice: linkNotice(start, problems),
  }
}
