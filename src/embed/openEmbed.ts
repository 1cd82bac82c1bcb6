/**
 * Opens an embed's lab from its options: one new store (an embed never shares state with another
 * on the page), the custom scenario decoded only when the link carries one (the decoder is loaded
 * on demand), the range resolved against the run, and every problem with the options gathered
 * into the link's notice (src/link/start.ts).
 *
 * A link whose run is estimated above the page's budget is refused: an embed sits in someone
 * else's article, and must not spend its reader's tab on seconds of work and a gigabyte of memory.
 * It opens the default scenario with a message giving the size, and its "Open in Fencing Lab"
 * link carries the large scenario to the lab, which asks its reader first.
 */
import { absoluteLabHref } from '../link/address'
import type { LinkStart } from '../link/start'
import { linkNotice, settleLink } from '../link/start'
import { estimateRun, formatCount, PAGE_EVENT_BUDGET } from '../sim'
import type { LabInit, LabStore } from '../store'
import { createLabStore, estimateWords } from '../store'
import type { EmbedOptions } from './options'
import { loadDecoder, loadLinkedPresets } from './loadOnDemand'
import { resolveRange } from './range'

export async function openEmbed(
  options: EmbedOptions,
  env: { reducedMotion: boolean },
): Promise<LabStore> {
  const parts = {
    ref: options.scenario,
    cursorMs: options.cursorMs,
    problems: options.problems,
    unknownScenario: options.unknownScenario,
  }
  let decoded = null
  if (parts.ref.kind === 'encoded') {
    const { decodeScenario } = await loadDecoder()
    decoded = await decodeScenario(parts.ref.encoded)
  }
  await loadLinkedPresets(parts.ref, decoded)
  const start = refuseLarge(settleLink(parts, decoded))
  const init: LabInit = {
    reducedMotion: env.reducedMotion,
    theme: options.theme,
    loop: options.loop,
    // The range is found in the run the store derives, so its problems come last in the notice.
    findRange: (timeline) => resolveRange(options.from, options.to, timeline),
    notice: (rangeProblems) => linkNotice(start, rangeProblems),
    ...scenarioInit(start),
    // An embed plays true time, as its author timed it (autoplay, a range, a loop); the reader
    // of the full controls can switch to the story.
    playMode: 'time',
  }
  const store = createLabStore(init)
  if (start.refused) refusedLinks.add(store)
  // The full controls open on the reader's tools first.
  if (options.controls === 'full') store.getState().setTab('break')
  return store
}

/** Embeds opened in place of a link whose run was too large (their lab link carries it still). */
const refusedLinks = new WeakSet<LabStore>()

/** The link's start, or the default scenario and why, when its run is above the page's budget. */
function refuseLarge(start: LinkStart): LinkStart & { refused: boolean } {
  if (start.source.kind !== 'custom') return { ...start, refused: false }
  const estimate = estimateRun(start.source.scenario)
  if (estimate.events <= PAGE_EVENT_BUDGET) return { ...start, refused: false }
  const title = start.source.scenario.title ?? 'This link’s scenario'
  return {
    source: { kind: 'default' },
    cursorMs: null,
    problems: [
      `“${title}” is too large for an embedded lab: ${estimateWords(estimate)} ` +
        `(an embed runs at most ${formatCount(PAGE_EVENT_BUDGET)}). ` +
        'Open it in Fencing Lab to run it there.',
      ...start.problems,
    ],
    fellBack: true,
    refused: true,
  }
}

function scenarioInit(start: LinkStart): Pick<LabInit, 'preset' | 'scenario' | 'cursorMs'> {
  const init: Pick<LabInit, 'preset' | 'scenario' | 'cursorMs'> = {}
  if (start.source.kind === 'preset') init.preset = start.source.id
  if (start.source.kind === 'custom') init.scenario = start.source.scenario
  if (start.cursorMs !== null) init.cursorMs = start.cursorMs
  return init
}

/**
 * The full lab's address for what the embed opened: `?scenario=<id>` for a preset, the link's
 * own `#s=` payload for a custom scenario (so nothing is re-encoded), relative to `labUrl` (the
 * directory that holds index.html). Null when `labUrl` is not a usable address.
 */
export function labHrefFor(store: LabStore, options: EmbedOptions, labUrl: string): string | null {
  const base = store.getState().base
  const carried = base.kind === 'custom' || refusedLinks.has(store)
  if (carried && options.scenario.kind === 'encoded') {
    return absoluteLabHref(labUrl, options.scenario)
  }
  return absoluteLabHref(
    labUrl,
    base.kind === 'preset' ? { kind: 'preset', id: base.preset.id } : null,
  )
}
