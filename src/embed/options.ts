/**
 * An embed's options, read from its own address (embed.html's query and hash) or from a custom
 * element's attributes: which scenario, how many controls, the theme, autoplay and loop, a range
 * (`from`/`to`, in ms or as `step:N`) and the start time. The names and their value readers are
 * the embed address's (src/link/embed.ts), and both readers share them, so `controls=big` and `controls="big"` get the same sentence. Anything wrong becomes a
 * sentence in `problems` next to a sensible default; nothing here throws, whatever the input.
 */
import type { Theme } from '../store'
import { readCursor } from '../link/cursor'
import type { EmbedControls, EmbedParam, RangeMark } from '../link/embed'
import {
  EMBED_CONTROLS,
  EMBED_THEMES,
  readChoice,
  readEmbedAddress,
  readFlag,
  readRangeMark,
} from '../link/embed'
import { clip } from '../link/params'
import type { LinkParts, LinkRef } from '../link/parts'
import { readLinkParts, readPresetName } from '../link/parts'
import { pastedAddress } from '../link/pasted'

export type ControlsMode = EmbedControls
export type { RangeMark }
export { MAX_STEP, readRangeMark } from '../link/embed'

export const CONTROLS_MODES = EMBED_CONTROLS
export const THEMES: readonly Theme[] = EMBED_THEMES
export const DEFAULT_CONTROLS: ControlsMode = 'minimal'

export interface EmbedOptions {
  scenario: LinkRef
  controls: ControlsMode
  theme: Theme
  autoplay: boolean
  loop: boolean
  from: RangeMark | null
  to: RangeMark | null
  /** The start time (`t`), or null for the start of the range. */
  cursorMs: number | null
  /** Echoed in resize messages, so a host with several embeds can tell them apart. */
  id: string | null
  /** What was wrong, in sentences for the reader (shown in the embed); empty when all is well. */
  problems: string[]
  /** The options named a preset that does not exist (the default one opens instead). */
  unknownScenario: boolean
}

/** Where the values come from: the embed page's parameters or the element's attributes. */
type Source = 'parameter' | 'attribute'

const MAX_ID_CHARS = 100

/** The embed page: `embed.html?scenario=…&controls=…#s=…&t=…` (hash values win for s and t). */
export function readEmbedParams(search: string, hash: string): EmbedOptions {
  const address = readEmbedAddress(search, hash)
  return readOptions(address.parts, address.get, 'parameter')
}

/** The attributes the custom element reads (and observes). */
export const ELEMENT_ATTRIBUTES = [
  'scenario',
  'link',
  'controls',
  'data-controls',
  'theme',
  'autoplay',
  'loop',
  'from',
  'to',
  't',
  'lab',
] as const satisfies ReadonlyArray<EmbedParam | 'scenario' | 'link' | 't' | 'data-controls' | 'lab'>

/**
 * The element's `lab` attribute: where the full lab lives, for its "Open in Fencing Lab" link,
 * when the script is not served from the lab (an author who self-hosts the package's
 * fencing-lab.js). An absolute http(s) address; its directory is the lab's. Null with no
 * attribute; a sentence for the reader when it is not such an address.
 */
export function readLabAttribute(
  value: string | null,
): { ok: true; url: string | null } | { ok: false; problem: string } {
  if (value === null || value.trim() === '') return { ok: true, url: null }
  let url: URL
  try {
    url = new URL(value.trim())
  } catch {
    url = new URL('about:blank')
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    return {
      ok: false,
      problem: `lab="${clip(value, 40)}" is not the lab's address: give one like https://LAB-HOST/.`,
    }
  }
  // A page's address (…/index.html) names its directory; a bare path (…/fencing) is one.
  const last = url.pathname.slice(url.pathname.lastIndexOf('/') + 1)
  const directory = last === '' || last.includes('.') ? url.pathname : `${url.pathname}/`
  return { ok: true, url: new URL('./', `${url.origin}${directory}`).href }
}

/**
 * The custom element: `<fencing-lab scenario="gc-pause" controls="minimal" autoplay loop>`.
 * `link` holds a lab link (a full address, or just `#s=…&t=…` or `?scenario=…`) for a custom
 * scenario; it wins over `scenario`, and a `t` attribute wins over the link's time.
 */
export function readElementAttributes(get: (name: string) => string | null): EmbedOptions {
  const link = get('link')
  let parts: LinkParts
  if (link !== null) {
    const address = pastedAddress(link)
    parts = readLinkParts(address.search, address.hash)
    if (parts.ref.kind === 'default' && parts.problems.length === 0) {
      parts.problems.push(
        `link="${clip(link, 40)}" holds no scenario: paste a lab link with ?scenario= or #s= in it.`,
      )
    }
  } else {
    const scenario = get('scenario')
    parts =
      scenario === null
        ? { ref: { kind: 'default' }, cursorMs: null, problems: [], unknownScenario: false }
        : readPresetName(scenario)
  }
  const t = get('t')
  if (t !== null) {
    const read = readCursor(t.trim())
    if (!read.ok) parts.problems.push(`t="${clip(t, 20)}" ${read.why}.`)
    else if (!parts.unknownScenario) parts.cursorMs = read.ms
  }
  // `data-controls` is `controls` under a name no engine rewrites (Astro's JSX reads a bare
  // `controls` as the media element's boolean attribute); it wins when both are there.
  return readOptions(
    parts,
    (name) => (name === 'controls' ? (get('data-controls') ?? get(name)) : get(name)),
    'attribute',
  )
}

function readOptions(
  parts: LinkParts,
  get: (name: EmbedParam) => string | null,
  source: Source,
): EmbedOptions {
  const problems = [...parts.problems]
  const say = (name: string, value: string) =>
    source === 'parameter' ? `${name}=${clip(value, 30)}` : `${name}="${clip(value, 30)}"`

  const controls = oneOf(get('controls'), CONTROLS_MODES, DEFAULT_CONTROLS, (value) =>
    problems.push(`${say('controls', value)} is not one of full, minimal or none; using minimal.`),
  )
  const theme = oneOf(get('theme'), THEMES, 'auto', (value) =>
    problems.push(`${say('theme', value)} is not one of auto, light or dark; using auto.`),
  )
  const flag = (name: 'autoplay' | 'loop') =>
    flagOf(get(name), (value) =>
      problems.push(
        source === 'parameter'
          ? `${say(name, value)} is not 0 or 1; ${name} is off.`
          : `${say(name, value)} is not a yes or no (leave the attribute out for no); ${name} is off.`,
      ),
    )
  const autoplay = flag('autoplay')
  const loop = flag('loop')

  const mark = (name: 'from' | 'to') => {
    const value = get(name)
    if (value === null) return null
    const read = readRangeMark(value)
    if (read === null) {
      problems.push(
        `${say(name, value)} is neither a time in milliseconds (${name}=2000) nor a step (${name}=step:3); the range is ignored.`,
      )
    }
    return read
  }
  let from = mark('from')
  let to = mark('to')
  if (from !== null && to !== null && from.kind === to.kind && startOf(from) > startOf(to)) {
    problems.push(`The range ends before it starts (from is after to); the range is ignored.`)
    from = null
    to = null
  }
  // One bad end makes the whole range meaningless.
  if ((get('from') !== null && from === null) || (get('to') !== null && to === null)) {
    from = null
    to = null
  }

  const rawId = source === 'parameter' ? get('id') : null
  const id = rawId === null ? null : rawId.slice(0, MAX_ID_CHARS)

  return {
    scenario: parts.ref,
    controls,
    theme,
    autoplay,
    loop,
    from,
    to,
    cursorMs: parts.cursorMs,
    id,
    problems,
    unknownScenario: parts.unknownScenario,
  }
}

function startOf(mark: RangeMark): number {
  return mark.kind === 'ms' ? mark.ms : mark.step
}

function oneOf<T extends string>(
  value: string | null,
  allowed: readonly T[],
  fallback: T,
  complain: (value: string) => void,
): T {
  if (value === null) return fallback
  const found = readChoice(value, allowed)
  if (found !== null) return found
  complain(value)
  return fallback
}

function flagOf(value: string | null, complain: (value: string) => void): boolean {
  if (value === null) return false
  const on = readFlag(value)
  if (on !== null) return on
  complain(value)
  return false
}
