/**
 * Measures the lab's stage while the page scrolls and docks it (`stageDock` decides how). A
 * docked stage keeps its place in the page: a spacer of the height it gave up follows it, so
 * the panels never jump and docking never flips back and forth. While docked, the page's scroll
 * padding keeps a control that takes focus clear of the pinned stage or bar (WCAG 2.4.11).
 */
import { useEffect, useLayoutEffect, useRef, useState } from 'react'
import type { RefObject } from 'react'
import type { StageDock } from './stageDock'
import { stageDock } from './stageDock'

/** The rows a pinned stage leaves out: the time switch and zoom, and the playback options. */
const OPTION_ROWS = '.fl-time-row, .fl-controls-options'
const NARROW = '(max-width: 720px)'
/** Room kept between a focused control and the pinned stage or bar. */
const FOCUS_ROOM_PX = 8

export function useStageDock(
  stage: RefObject<HTMLElement | null>,
  mark: RefObject<HTMLElement | null>,
): { dock: StageDock; spacerPx: number } {
  const [dock, setDock] = useState<StageDock>('none')
  const [spacerPx, setSpacerPx] = useState(0)
  const current = useRef<StageDock>('none')
  /** The stage's height in its place, and without its option rows: measured before docking. */
  const placed = useRef({ heightPx: 0, dockedPx: 0 })

  useEffect(() => {
    let frame = 0
    const update = () => {
      frame = 0
      const s = stage.current
      const m = mark.current
      if (s === null || m === null) return
      if (current.current === 'none') {
        let rows = 0
        for (const r of s.querySelectorAll<HTMLElement>(OPTION_ROWS)) rows += r.offsetHeight
        placed.current = { heightPx: s.offsetHeight, dockedPx: s.offsetHeight - rows }
      }
      const next = stageDock({
        stageTopPx: m.getBoundingClientRect().top,
        dockedHeightPx: placed.current.dockedPx,
        viewportHeightPx: window.innerHeight,
        narrow: typeof matchMedia === 'function' && matchMedia(NARROW).matches,
      })
      if (next !== current.current) {
        current.current = next
        setDock(next)
      }
    }
    const schedule = () => {
      if (frame === 0) frame = requestAnimationFrame(update)
    }
    // A new window size changes every height: measure the stage in its place again.
    const resized = () => {
      current.current = 'none'
      setDock('none')
      schedule()
    }
    // The spacer keeps the page still when the stage docks; the browser's scroll anchoring would
    // move it on top of that (in Chromium by ~300 px when the phone's bar docks).
    const page = document.documentElement.style
    page.overflowAnchor = 'none'
    window.addEventListener('scroll', schedule, { passive: true })
    window.addEventListener('resize', resized)
    schedule()
    return () => {
      page.overflowAnchor = ''
      window.removeEventListener('scroll', schedule)
      window.removeEventListener('resize', resized)
      if (frame !== 0) cancelAnimationFrame(frame)
    }
  }, [stage, mark])

  useLayoutEffect(() => {
    const s = stage.current
    if (dock === 'none' || s === null) {
      setSpacerPx(0)
      return
    }
    setSpacerPx(Math.max(0, placed.current.heightPx - s.offsetHeight))
    const root = document.documentElement.style
    if (dock === 'stage') {
      root.scrollPaddingTop = `${s.offsetHeight + FOCUS_ROOM_PX}px`
    } else {
      const bar = s.querySelector<HTMLElement>('.fl-controls')
      root.scrollPaddingBottom = `${(bar?.offsetHeight ?? 0) + FOCUS_ROOM_PX}px`
    }
    return () => {
      root.scrollPaddingTop = ''
      root.scrollPaddingBottom = ''
    }
  }, [dock, stage])

  return { dock, spacerPx }
}
