/**
 * Keeps the address bar in step with the lab (docs/contracts.md, “Pages and addresses”), with history.replaceState at
 * most every URL_SYNC_MS (and not while playing): a preset with no edits stays `?scenario=<id>&t=<ms>`, anything else
 * becomes a custom `#s=…&t=…` link; compare mode and the future mode follow when not the default.
 * The page's title follows the scenario.
 */
import type { Scenario } from '../sim'
import type { LabStore, LabStoreState } from '../store'
import type { LinkTarget, LinkView } from '../embed/urlCodec'
import { viewParams, writeLabLink } from '../embed/urlCodec'

export const URL_SYNC_MS = 250

export function linkTarget(s: LabStoreState): LinkTarget {
  if (s.base.kind === 'preset' && !s.edited) return { kind: 'preset', id: s.base.preset.id }
  return { kind: 'custom', scenario: s.lab.scenario }
}

/** The view options a link keeps. */
export function linkView(s: LabStoreState): LinkView {
  return { compare: s.compareMode, future: s.futureMode }
}

/** Starts syncing; returns the function that stops it. */
export function startUrlSync(store: LabStore): () => void {
  // Encoding a big scenario costs a few ms: do it once per scenario, not once per cursor move.
  const encoded = new WeakMap<Scenario, string>()
  let timer: ReturnType<typeof setTimeout> | null = null
  let title = ''

  const write = () => {
    timer = null
    const s = store.getState()
    const target = linkTarget(s)
    let link: { search: string; hash: string }
    if (target.kind === 'custom') {
      const t = Math.max(0, Math.round(s.cursorMs))
      let hash = encoded.get(target.scenario)
      if (hash === undefined) {
        hash = writeLabLink(target, 0).hash
        encoded.set(target.scenario, hash)
      }
      link = { search: '', hash: `${hash}${t > 0 ? `&t=${t}` : ''}${viewParams(linkView(s))}` }
    } else {
      link = writeLabLink(target, s.cursorMs, linkView(s))
    }
    const url = `${location.pathname}${link.search}${link.hash}`
    if (url !== `${location.pathname}${location.search}${location.hash}`) {
      history.replaceState(history.state, '', url)
    }
    const nextTitle = `${s.lab.scenario.title ?? 'Custom scenario'} · Fencing Lab`
    if (nextTitle !== title) {
      title = nextTitle
      document.title = nextTitle
    }
  }

  const unsubscribe = store.subscribe((s, previous) => {
    const moved = s.cursorMs !== previous.cursorMs || s.playing !== previous.playing
    const viewed = s.compareMode !== previous.compareMode || s.futureMode !== previous.futureMode
    if (!moved && !viewed && s.lab === previous.lab && s.base === previous.base) return
    // While playing the address would only chase the cursor: it is written when playback stops.
    if (s.playing && s.lab === previous.lab) return
    timer ??= setTimeout(write, URL_SYNC_MS)
  })
  write()
  return () => {
    unsubscribe()
    if (timer !== null) clearTimeout(timer)
  }
}
