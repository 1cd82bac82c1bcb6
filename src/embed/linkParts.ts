/**
 * The light half of reading a lab link (DESIGN.md section 5): which scenario it names (a preset
 * id, or an `s=` payload still encoded) and its cursor `t=`, with a sentence for anything wrong.
 * Decoding `s=` needs the inflater and the schema, so it lives in urlCodec.ts; the embed loads
 * that only when a link carries a custom scenario. Never throws.
 */
import type { PresetId } from '../sim'
import { clip, isPresetId } from '../sim'

/** The latest cursor a link may ask for (the longest scenario lasts one day). */
export const MAX_CURSOR_MS = 86_400_000

export type LinkRef =
  | { kind: 'preset'; id: PresetId }
  /** A custom scenario, still base64url(deflate-raw(JSON)). */
  | { kind: 'encoded'; encoded: string }
  /** No scenario in the link (or a broken one): the default preset opens. */
  | { kind: 'default' }

export interface LinkParts {
  ref: LinkRef
  /** The cursor the link asks for, or null. */
  cursorMs: number | null
  /** What was wrong, in sentences for the reader. */
  problems: string[]
  /** The link named a scenario that does not exist (so its `t` means nothing either). */
  unknownScenario: boolean
}

/** Reads `?scenario=` / `#scenario=`, `#s=` and `t=` (the hash's `t` wins over the query's). */
export function readLinkParts(search: string, hash: string): LinkParts {
  const query = safeParams(search.replace(/^\?/, ''))
  const fragment = safeParams(hash.replace(/^#/, ''))
  const problems: string[] = []

  let ref: LinkRef = { kind: 'default' }
  let unknownScenario = false
  const encoded = fragment.get('s')
  const presetId = query.get('scenario') ?? fragment.get('scenario')
  if (encoded !== null) ref = { kind: 'encoded', encoded }
  else if (presetId !== null) {
    if (isPresetId(presetId)) ref = { kind: 'preset', id: presetId }
    else {
      problems.push(`There is no scenario called “${clip(presetId, 60)}”.`)
      unknownScenario = true
    }
  }

  let cursorMs: number | null = null
  const t = fragment.get('t') ?? query.get('t')
  if (t !== null) {
    cursorMs = readMs(t)
    if (cursorMs === null) {
      problems.push(`The time t=${clip(t, 20)} is not a whole number of milliseconds.`)
    }
  }
  return { ref, cursorMs: unknownScenario ? null : cursorMs, problems, unknownScenario }
}

/** A whole number of milliseconds from 0 to a day, or null. */
export function readMs(text: string): number | null {
  if (!/^\d{1,9}$/.test(text)) return null
  const ms = Number(text)
  return ms <= MAX_CURSOR_MS ? ms : null
}

export function safeParams(text: string): URLSearchParams {
  try {
    return new URLSearchParams(text)
  } catch {
    return new URLSearchParams()
  }
}

/** Shortens text quoted back to the reader (a link can be anything, of any length). */
export { clip }
