/**
 * Pieces every lab root shares, the page's and the embed's: the root's behaviour (playback loop,
 * reduced motion, keyboard shortcuts bound on the root — never on window), the dismissible
 * notice and the one polite live region.
 */
import { useEffect, useState } from 'react'
import type { KeyboardEvent } from 'react'
import type { Theme } from '../store'
import { startPlayback, useLab, useLabStore } from '../store'
import { useMediaQuery } from './hooks'
import { CloseIcon } from './icons'
import type { KeyAction } from './keys'
import { keyAction } from './keys'
import { copyText } from './share/clipboard'

export interface LabRoot {
  theme: Theme
  reducedMotion: boolean
  /** For the lab's root element: the shortcuts work while focus is inside the lab. */
  onKeyDown: (e: KeyboardEvent<HTMLElement>) => void
}

/** Runs the lab's playback loop and follows reduced motion while mounted. */
export function useLabRoot(): LabRoot {
  const store = useLabStore()
  const theme = useLab((s) => s.theme)
  const reducedMotion = useMediaQuery('(prefers-reduced-motion: reduce)')

  useEffect(() => store.getState().setReducedMotion(reducedMotion), [store, reducedMotion])
  useEffect(() => startPlayback(store), [store])

  const onKeyDown = (e: KeyboardEvent<HTMLElement>) => {
    if (e.defaultPrevented || e.nativeEvent.isComposing) return
    const action = keyAction(e, e.target instanceof Element ? e.target : null)
    if (action === null) return
    e.preventDefault()
    const s = store.getState()
    const actions: Record<KeyAction, () => void> = {
      'toggle-play': s.togglePlay,
      'step-forward': s.stepForward,
      'step-back': s.stepBack,
      'jump-start': s.jumpStart,
      'jump-end': s.jumpEnd,
      'next-problem': s.nextProblem,
      'previous-problem': s.previousProblem,
      undo: s.undo,
      redo: s.redo,
    }
    actions[action]()
  }

  return { theme, reducedMotion, onKeyDown }
}

/** A link the page could not open as written, and the notice that says what was wrong. */
export interface BrokenLink {
  notice: string
  href: string
}

export function Notice({ brokenLink = null }: { brokenLink?: BrokenLink | null }) {
  const notice = useLab((s) => s.notice)
  const dismiss = useLab((s) => s.dismissNotice)
  if (notice === null) return null
  return (
    <div className="fl-notice" role="alert">
      <div className="fl-notice-body">
        <p>{notice}</p>
        {brokenLink !== null && brokenLink.notice === notice ? (
          <CopyBrokenLink href={brokenLink.href} />
        ) : null}
      </div>
      <button
        type="button"
        className="fl-button fl-icon-button fl-button--quiet"
        aria-label="Dismiss this message"
        onClick={dismiss}
      >
        <CloseIcon />
      </button>
    </div>
  )
}

/** The one polite live region: what a manual step, jump or edit did (never every frame). */
export function LiveRegion() {
  const announcement = useLab((s) => s.announcement)
  return (
    <div className="fl-visually-hidden" aria-live="polite" aria-atomic="true">
      {announcement.text}
    </div>
  )
}

/** Offers the link the reader opened, as they opened it, for a bug report. */
function CopyBrokenLink({ href }: { href: string }) {
  const [status, setStatus] = useState<'idle' | 'copied' | 'blocked'>('idle')
  const copy = async () => setStatus((await copyText(href)) ? 'copied' : 'blocked')
  return (
    <div className="fl-notice-tools">
      <button type="button" className="fl-button fl-button--quiet" onClick={() => void copy()}>
        Copy this link for a bug report
      </button>
      <span className="fl-notice-status" role="status">
        {status === 'copied' ? 'Link copied.' : null}
        {status === 'blocked'
          ? 'Copying was blocked: the link is still in the address bar, copy it from there.'
          : null}
      </span>
    </div>
  )
}
