/**
 * The light half of reading a lab link: which scenario it names (a preset id, or an `s=` payload
 * still encoded), its cursor `t=` and its view options (`compare=`, `future=`), with a sentence
 * for anything wrong. Decoding `s=` needs the inflater and the schema (decode.ts), which the
 * embed loads only when a link carries a custom scenario. Never throws.
 *
 * `?scenario=<id>` (or `#scenario=`) names a preset, `#s=` (or `?s=`) a custom scenario (it wins
 * over a preset); `s`, `t`, `compare` and `future` may sit in the query or the hash, and the hash
 * wins.
 */
import type { PresetId } from '../sim'
import { isPresetId } from '../sim'
import { readCursor } from './cursor'
import { clip, paramsOf } from './params'

export type LinkRef =
  | { kind: 'preset'; id: PresetId }
  /** A custom scenario, still base64url(deflate-raw(JSON)). */
  | { kind: 'encoded'; encoded: string }
  /** No scenario in the link: the default preset opens. */
  | { kind: 'default' }

export type FutureView = 'show' | 'fade' | 'hide'
export const FUTURE_VIEWS: readonly FutureView[] = ['show', 'fade', 'hide']

/** How the lab shows a run, as a link keeps it; an absent field is the default view. */
export interface LinkView {
  /** Fencing on and off side by side (`compare=1`). */
  compare?: boolean
  /** What the diagram and the log do with events after the cursor (`future=`; default fade). */
  future?: FutureView
}

export interface LinkParts {
  ref: LinkRef
  /** The cursor the link asks for, or null. */
  cursorMs: number | null
  /** What was wrong with the scenario or the time, in sentences for the reader. */
  problems: string[]
  /** The link named a preset that does not exist (so its `t` means nothing either). */
  unknownScenario: boolean
}

/** Reads the scenario and the cursor of an address. */
export function readLinkParts(search: string, hash: string): LinkParts {
  const query = paramsOf(search)
  const fragment = paramsOf(hash)
  const problems: string[] = []

  let ref: LinkRef = { kind: 'default' }
  let unknownScenario = false
  // `?s=` too: a link whose `#` became `?` on its way (the lab writes `#s=`, which no server sees).
  const encoded = fragment.get('s') ?? query.get('s')
  const presetId = query.get('scenario') ?? fragment.get('scenario')
  if (encoded !== null) ref = { kind: 'encoded', encoded }
  else if (presetId !== null) {
    const named = readPresetName(presetId)
    ref = named.ref
    unknownScenario = named.unknownScenario
    problems.push(...named.problems)
  }

  let cursorMs: number | null = null
  const t = fragment.get('t') ?? query.get('t')
  if (t !== null) {
    const read = readCursor(t)
    if (read.ok) cursorMs = read.ms
    else problems.push(`The time t=${clip(t, 20)} ${read.why}.`)
  }
  return { ref, cursorMs: unknownScenario ? null : cursorMs, problems, unknownScenario }
}

/** A preset named on its own (`scenario="gc-pause"`): no time, and a sentence if it is unknown. */
export function readPresetName(name: string): LinkParts {
  if (isPresetId(name)) {
    return {
      ref: { kind: 'preset', id: name },
      cursorMs: null,
      problems: [],
      unknownScenario: false,
    }
  }
  return {
    ref: { kind: 'default' },
    cursorMs: null,
    problems: [`There is no scenario called “${clip(name, 60)}”.`],
    unknownScenario: true,
  }
}

/** Reads the view options of an address. */
export function readLinkView(search: string, hash: string): { view: LinkView; problems: string[] } {
  const query = paramsOf(search)
  const fragment = paramsOf(hash)
  const view: LinkView = {}
  const problems: string[] = []
  const compare = fragment.get('compare') ?? query.get('compare')
  if (compare !== null) {
    if (compare === '1' || compare === '0') view.compare = compare === '1'
    else problems.push(`The option compare=${clip(compare, 20)} is not 0 or 1.`)
  }
  const future = fragment.get('future') ?? query.get('future')
  if (future !== null) {
    const known = FUTURE_VIEWS.find((f) => f === future)
    if (known !== undefined) view.future = known
    else problems.push(`The option future=${clip(future, 20)} is not show, fade or hide.`)
  }
  return { view, problems }
}
