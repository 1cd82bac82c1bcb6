/**
 * Pieces every lab root shares, the page's and the embed's: the root's behaviour (playback loop,
 * reduced motion, keyboard shortcuts bound on the root — never on window), the dismissible
 * notice and the one polite live region.
 */
import { useEffect } from 'react'
import type { ReactNode } from 'react'
import type { KeyboardEvent } from 'react'
import type { Theme } from '../store'
import { startPlayback, useLab, useLabStore } from '../store'
import { useMediaQuery } from './hooks'
import { CloseIcon } from './icons'
import type { KeyAction } from './keys'
import { keyAction } from './keys'

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

/** `children`: what the page offers beside the message (the lab page: copy a broken link). */
export function Notice({ children }: { children?: ReactNode }) {
  const notice = useLab((s) => s.notice)
  const dismiss = useLab((s) => s.dismissNotice)
  if (notice === null) return null
  return (
    <div className="fl-notice" role="alert">
      <div className="fl-notice-body">
        <p>{notice}</p>
        {children}
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
