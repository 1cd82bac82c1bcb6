/**
 * Keeps the address bar in step with the lab (docs/contracts.md, “Pages and addresses”), once the
 * lab has been still for URL_SYNC_MS and the page is idle (and not while playing):
 * a preset with no edits stays `?scenario=<id>&t=<ms>`, anything else becomes a custom
 * `#s=…&t=…` link; compare mode and the future mode follow when not the default (src/link writes
 * the address). Opening another scenario adds a history entry, so Back returns to the one before;
 * moving the cursor or editing replaces the current entry. The page's title follows the scenario.
 * A change not yet written when the page goes away (`pagehide`: a reload, a closed tab, a
 * navigation, right after an edit) is written then, so a reload never loses it.
 *
 * A custom scenario's payload needs the deflater (link/encode.ts with fflate, about 5 kB
 * gzipped), which the first screen does without: it is loaded as soon as the lab shows a custom
 * scenario, long before the first write after the quiet time, so even a `pagehide` right after
 * an edit finds it.
 */
import type { AddressRef } from '../link/address'
import { writeAddress } from '../link/address'
import type { LinkTarget } from '../link/write'
import type { LinkView } from '../link/parts'
import type { LabStore, LabStoreState } from '../store'
import { whenIdle } from './whenIdle'

export const URL_SYNC_MS = 250

export function linkTarget(s: LabStoreState): LinkTarget {
  if (s.base.kind === 'preset' && !s.edited) return { kind: 'preset', id: s.base.preset.id }
  return { kind: 'custom', scenario: s.lab.scenario }
}

/** The view options a link keeps. */
export function linkView(s: LabStoreState): LinkView {
  return { compare: s.compareMode, future: s.futureMode }
}

export interface UrlSyncOptions {
  /**
   * Leave the address as it is until the reader changes something: a link with a problem stays
   * in the address bar, where the reader can see and copy what they opened.
   */
  keepAddress?: boolean
}

type Encode = (scenario: Extract<LinkTarget, { kind: 'custom' }>['scenario']) => string

let encode: Encode | null = null
let loading: Promise<Encode | null> | null = null

/** The deflater, loaded once per page; null when it could not be loaded (tried again next time). */
function encoder(): Promise<Encode | null> {
  loading ??= import('../link/encode').then(
    (m) => (encode = m.encodeScenario),
    () => {
      loading = null
      return null
    },
  )
  return loading
}

/** Starts syncing; returns the function that stops it. */
export function startUrlSync(store: LabStore, options: UrlSyncOptions = {}): () => void {
  // Loads the deflater (once per page), then writes what waited for it.
  const loadEncoder = () => {
    void encoder().then((loaded) => {
      if (loaded !== null && unwritten && pending === null && !stopped) write()
    })
  }
  let stopped = false
  // The address of a state, or null while a custom scenario waits for the deflater.
  const refOf = (target: LinkTarget): AddressRef | null => {
    if (target.kind === 'preset') return target
    if (encode === null) {
      loadEncoder()
      return null
    }
    return { kind: 'encoded', encoded: encode(target.scenario) }
  }
  // Cancels the write that waits (for URL_SYNC_MS, then an idle moment), if one does.
  let pending: (() => void) | null = null
  // A change the address does not show yet (waiting for the timer, or for playback to stop).
  let unwritten = false
  let title = ''
  // The scenario the current history entry shows: opening another one pushes a new entry.
  let shownBase = store.getState().base

  const writeTitle = () => {
    const s = store.getState()
    const nextTitle = `${s.lab.scenario.title ?? 'Custom scenario'} · Fencing Lab`
    if (nextTitle !== title) {
      title = nextTitle
      document.title = nextTitle
    }
  }

  const write = () => {
    pending?.()
    pending = null
    const s = store.getState()
    // A real history is not put in the address: nothing of it leaves the page that opened it.
    if (s.base.kind === 'history') {
      unwritten = false
      writeTitle()
      return
    }
    // A heavy run being asked about or computed: the address keeps what the reader opened (a
    // reload asks again) until the run is shown.
    if (s.pendingRun !== null) {
      unwritten = true
      return
    }
    const ref = refOf(linkTarget(s))
    if (ref === null) {
      unwritten = true
      return
    }
    unwritten = false
    const link = writeAddress(ref, s.cursorMs, linkView(s))
    const url = `${location.pathname}${link.search}${link.hash}`
    if (s.base !== shownBase) {
      shownBase = s.base
      history.pushState(null, '', url)
    } else if (url !== `${location.pathname}${location.search}${location.hash}`) {
      history.replaceState(history.state, '', url)
    }
    writeTitle()
  }

  const unsubscribe = store.subscribe((s, previous) => {
    const moved = s.cursorMs !== previous.cursorMs || s.playing !== previous.playing
    const viewed = s.compareMode !== previous.compareMode || s.futureMode !== previous.futureMode
    if (!moved && !viewed && s.lab === previous.lab && s.base === previous.base) return
    unwritten = true
    if (encode === null && linkTarget(s).kind === 'custom' && s.base.kind !== 'history') {
      loadEncoder()
    }
    // While playing the address would only chase the cursor: it is written when playback stops.
    if (s.playing && s.lab === previous.lab) return
    // Each change restarts the wait: a scrub writes the address where the cursor comes to rest,
    // not every URL_SYNC_MS along the way (a long custom link took a frame's time to write).
    // Then an idle moment: never while the reader's next click waits for its frame.
    pending?.()
    pending = whenIdle(write, URL_SYNC_MS)
  })
  const onPageHide = () => {
    if (!unwritten) return
    write()
  }
  window.addEventListener('pagehide', onPageHide)
  if (options.keepAddress === true) writeTitle()
  else write()
  return () => {
    stopped = true
    unsubscribe()
    window.removeEventListener('pagehide', onPageHide)
    pending?.()
  }
}
