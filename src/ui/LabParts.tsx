/**
 * Pieces every lab root shares, the page's and the embed's: the root's behaviour (playback loop,
 * reduced motion, keyboard shortcuts), the dismissible notice and the one polite live region.
 */
import { useEffect } from 'react'
import type { ReactNode } from 'react'
import type { KeyboardEvent } from 'react'
import type { LabStore, Theme } from '../store'
import { startFollowing, startPlayback, useLab, useLabAction, useLabStore } from '../store'
import { useMediaQuery } from './hooks'
import { CloseIcon } from './icons'
import type { KeyAction } from './keys'
import { keyAction } from './keys'

export interface LabRoot {
  theme: Theme
  reducedMotion: boolean
  /** For an embed's root element: the shortcuts work while focus is inside it. */
  onKeyDown: (e: KeyboardEvent<HTMLElement>) => void
}

/**
 * Runs the lab's playback loop, keeps a zoomed view on the cursor (follow.ts) and follows reduced
 * motion while mounted. Where the keys listen: a lab that is the page ('page') takes them from
 * the whole document from the first load, so Space plays rather than scrolls without a click
 * first; an embed ('root') only while focus is inside it, so a blog post hosting it keeps its own
 * keys (WCAG 2.1.4).
 */
export function useLabRoot(scope: 'page' | 'root' = 'root'): LabRoot {
  const store = useLabStore()
  const theme = useLab((s) => s.theme)
  const reducedMotion = useMediaQuery('(prefers-reduced-motion: reduce)')

  useEffect(() => store.getState().setReducedMotion(reducedMotion), [store, reducedMotion])
  useEffect(() => startPlayback(store), [store])
  // A zoomed view pans to keep the cursor in view as it moves.
  useEffect(() => startFollowing(store), [store])

  useEffect(() => {
    if (scope !== 'page') return
    const listener = (e: globalThis.KeyboardEvent) => {
      // A modal dialog keeps its keys (Space on its buttons, arrows in its fields).
      const target = e.target instanceof Element ? e.target : null
      if (target?.closest('dialog[open]')) return
      // A heavy link's run not shown yet: the default scenario the store holds meanwhile is
      // hidden (Lab.tsx), and keys must not play or step it unseen.
      if (store.getState().pendingRun?.opening === true) return
      handleKey(store, e, target)
    }
    document.addEventListener('keydown', listener)
    return () => document.removeEventListener('keydown', listener)
  }, [scope, store])

  const onKeyDown = (e: KeyboardEvent<HTMLElement>) => {
    if (scope === 'page') return
    handleKey(store, e.nativeEvent, e.target instanceof Element ? e.target : null)
  }

  return { theme, reducedMotion, onKeyDown }
}

function handleKey(store: LabStore, e: globalThis.KeyboardEvent, target: Element | null): void {
  if (e.defaultPrevented || e.isComposing) return
  const action = keyAction(e, target)
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
    'zoom-in': s.zoomIn,
    'zoom-out': s.zoomOut,
  }
  actions[action]()
}

/** `children`: what the page offers beside the message (the lab page: copy a broken link). */
export function Notice({ children }: { children?: ReactNode }) {
  const notice = useLab((s) => s.notice)
  const dismiss = useLabAction('dismissNotice')
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
