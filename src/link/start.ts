/**
 * What a link opens, once its `s=` payload (if any) is decoded: the scenario, the cursor, and the
 * sentences that tell the reader what was wrong. A link that named a scenario we could not open
 * falls back to the default preset and says so; its cursor, chosen for another run, is dropped.
 * The lab page, the embed page and the custom element all build their notice here.
 */
import type { PresetId, Scenario } from '../sim'
import { DEFAULT_PRESET_ID, findPreset } from '../sim'
import type { DecodeResult } from './decode'
import type { LinkParts } from './parts'

export type LinkSource =
  | { kind: 'preset'; id: PresetId }
  | { kind: 'custom'; scenario: Scenario }
  /** No scenario in the link (or one we could not open): the page opens its default preset. */
  | { kind: 'default' }

export interface LinkStart {
  source: LinkSource
  /** The cursor the link asks for, or null. */
  cursorMs: number | null
  /** What was wrong with the scenario or the time, in sentences for the reader. */
  problems: string[]
  /** The link named a scenario that could not be opened: the default one opens instead. */
  fellBack: boolean
}

/** `decoded` is the decoded `s=` payload when `parts.ref` is encoded, else null. */
export function settleLink(parts: LinkParts, decoded: DecodeResult | null): LinkStart {
  const start: LinkStart = {
    source: { kind: 'default' },
    cursorMs: parts.cursorMs,
    problems: [...parts.problems],
    fellBack: parts.unknownScenario,
  }
  if (parts.ref.kind === 'preset') start.source = parts.ref
  if (parts.ref.kind === 'encoded' && decoded !== null) {
    if (decoded.ok) start.source = { kind: 'custom', scenario: decoded.scenario }
    else {
      start.problems.unshift(`This link’s scenario could not be opened: ${decoded.message}.`)
      // A cursor chosen for a scenario we could not open means nothing in the default one.
      start.cursorMs = null
      start.fellBack = true
    }
  }
  return start
}

/**
 * The one notice for a link: what was wrong with its scenario and time, which scenario opened
 * instead, then anything else the page found wrong (`more`: view or embed options). Null when
 * all was well.
 */
export function linkNotice(start: LinkStart, more: readonly string[] = []): string | null {
  const sentences = [...start.problems]
  if (start.fellBack) sentences.push(`Showing the default scenario, “${defaultTitle()}”.`)
  sentences.push(...more)
  return sentences.length > 0 ? sentences.join(' ') : null
}

function defaultTitle(): string {
  return findPreset(DEFAULT_PRESET_ID)?.scenario.title ?? DEFAULT_PRESET_ID
}
