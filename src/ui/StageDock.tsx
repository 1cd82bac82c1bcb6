/**
 * The lab page's story bar: once the reader has scrolled the stage away to read the panels or the
 * event log, a compact bar at the top of the window keeps the caption line, Previous / Play /
 * Next, the run's progress and a way back up to the diagram (dockRule.ts decides when).
 *
 * It is a second, visual-only copy of controls the stage already has, so it stays out of the tab
 * order and of the accessibility tree (aria-hidden, tabIndex -1, and a click does not take the
 * focus): a keyboard or screen-reader reader meets every control once, in the stage, and the
 * page's keys (Space, ←/→) work wherever they are. Nothing a reader can focus ends up under it:
 * while it fits the window, the page's scroll padding keeps a focused control clear of the bar
 * and of the panel tabs, which stick just under it (labPage.css).
 */
import { useEffect, useRef, useState } from 'react'
import type { MouseEvent, RefObject } from 'react'
import { cursorBoundsOf, useLab, useLabAction } from '../store'
import { BEFORE_STORY, storyMeta, storyWhen, useStoryLine } from './Caption'
import { clockText } from './format'
import { PauseIcon, PlayIcon } from './icons'
import { dockHeight } from './dockHeight'
import { dockFits, dockShown } from './dockRule'

/** Room kept between a focused control and the bar (or the tabs under it). */
const FOCUS_ROOM_PX = 8

export function StageDock({ stage }: { stage: RefObject<HTMLElement | null> }) {
  const dock = useRef<HTMLDivElement>(null)
  const shown = useDockShown(stage, dock)
  const reducedMotion = useLab((s) => s.reducedMotion)
  const { captions, index, caption, hasNext, hasPrevious, nextStory, previousStory } =
    useStoryLine()
  const playing = useLab((s) => s.playing)
  const togglePlay = useLabAction('togglePlay')

  const backToStage = () => {
    const s = stage.current
    if (s === null) return
    s.focus({ preventScroll: true })
    const top = s.getBoundingClientRect().top + window.scrollY - FOCUS_ROOM_PX
    window.scrollTo({ top, behavior: reducedMotion ? 'auto' : 'smooth' })
  }

  return (
    <div ref={dock} className="fl-dock" data-shown={shown ? '' : undefined} aria-hidden="true">
      <div className="fl-dock-bar">
        <div className="fl-dock-transport">
          {captions.length > 0 && (
            <DockButton label="Previous moment" disabled={!hasPrevious} onClick={previousStory}>
              ‹
            </DockButton>
          )}
          <DockButton label={playing ? 'Pause' : 'Play'} onClick={togglePlay} play>
            {playing ? <PauseIcon /> : <PlayIcon />}
          </DockButton>
          {captions.length > 0 && (
            <DockButton label="Next moment" disabled={!hasNext} onClick={nextStory}>
              ›
            </DockButton>
          )}
        </div>
        <div className="fl-dock-caption">
          {captions.length > 0 && (
            <p className="fl-dock-meta">
              {caption === undefined ? (
                storyMeta(captions, index)
              ) : (
                <>
                  {`Story ${index + 1} of ${captions.length}`}
                  {/* A phone's line has room for the line's number only. */}
                  <span className="fl-dock-meta-more">{storyWhen(caption)}</span>
                </>
              )}
            </p>
          )}
          <p className="fl-dock-text" data-story-line={index}>
            {caption?.text ?? (captions.length > 0 ? BEFORE_STORY : shown ? <DockClock /> : null)}
          </p>
        </div>
        <DockButton label="Back to the diagram" onClick={backToStage} back>
          ↑ <span className="fl-dock-back-label">Diagram</span>
        </DockButton>
      </div>
      {/* The parts that change at every frame of playback are drawn only while the bar shows:
          hidden, they were restyled and laid out at every frame for nobody. */}
      {shown ? <DockProgress /> : <div className="fl-dock-progress" />}
    </div>
  )
}

/**
 * A button of the bar: never focused (a click leaves the focus where the reader had it), so the
 * bar stays out of the tab order; its title names it for pointer readers.
 */
function DockButton({
  label,
  onClick,
  disabled = false,
  play = false,
  back = false,
  children,
}: {
  label: string
  onClick: () => void
  disabled?: boolean
  play?: boolean
  back?: boolean
  children: React.ReactNode
}) {
  const keepFocus = (e: MouseEvent) => e.preventDefault()
  return (
    <button
      type="button"
      tabIndex={-1}
      className={`fl-button fl-dock-button${play ? ' fl-dock-play' : ''}${back ? ' fl-dock-back' : ''}`}
      title={label}
      data-dock-action={label}
      disabled={disabled}
      onMouseDown={keepFocus}
      onClick={onClick}
    >
      {children}
    </button>
  )
}

/** Where the cursor is in the run, as a thin line along the bar's foot. */
function DockProgress() {
  const share = useLab((s) => {
    const { startMs, endMs } = cursorBoundsOf(s)
    return endMs > startMs ? (s.cursorMs - startMs) / (endMs - startMs) : 0
  })
  return (
    <div className="fl-dock-progress">
      <span style={{ width: `${Math.min(100, Math.max(0, share * 100))}%` }} />
    </div>
  )
}

/** A run without narration: the bar says where the cursor is instead. */
function DockClock() {
  const cursorMs = useLab((s) => Math.round(s.cursorMs))
  return <>{`At ${clockText(cursorMs)}`}</>
}

/**
 * Measures the stage and the bar while the page scrolls or resizes, and says whether the bar
 * shows. While the bar fits the window, the page's scroll padding keeps room for it and the
 * panel tabs under it, so a control that takes focus scrolls clear of both (WCAG 2.4.11).
 */
function useDockShown(
  stage: RefObject<HTMLElement | null>,
  dock: RefObject<HTMLElement | null>,
): boolean {
  const [shown, setShown] = useState(false)
  useEffect(() => {
    const root = document.documentElement.style
    const barHeight = dockHeight(document)
    let frame = 0
    let current = false
    const update = () => {
      frame = 0
      const s = stage.current
      const d = dock.current
      if (s === null || d === null) return
      const dockPx = d.offsetHeight
      const viewportPx = window.innerHeight
      const tabsPx = s.closest('.fl-lab')?.querySelector<HTMLElement>('.fl-tablist')?.offsetHeight
      // Written only when they change: the bar's height to the tabs' own rule (dockHeight.ts), the
      // scroll padding to the root (a style on the root restyles the page).
      barHeight.write(`${dockPx}px`)
      const padding = dockFits(viewportPx, dockPx)
        ? `${dockPx + (tabsPx ?? 0) + FOCUS_ROOM_PX}px`
        : ''
      if (root.scrollPaddingTop !== padding) root.scrollPaddingTop = padding
      const next = dockShown({
        stageBottomPx: s.getBoundingClientRect().bottom,
        dockHeightPx: dockPx,
        viewportHeightPx: viewportPx,
      })
      if (next !== current) {
        current = next
        setShown(next)
      }
    }
    const schedule = () => {
      if (frame === 0) frame = requestAnimationFrame(update)
    }
    window.addEventListener('scroll', schedule, { passive: true })
    window.addEventListener('resize', schedule)
    // The stage grows with the compare view, the bar with a long caption; the tabs load late.
    const resized = typeof ResizeObserver === 'function' ? new ResizeObserver(schedule) : null
    if (stage.current !== null) resized?.observe(stage.current)
    if (dock.current !== null) resized?.observe(dock.current)
    const panels = stage.current?.closest('.fl-lab')
    const added = typeof MutationObserver === 'function' ? new MutationObserver(schedule) : null
    if (panels) added?.observe(panels, { childList: true })
    schedule()
    return () => {
      window.removeEventListener('scroll', schedule)
      window.removeEventListener('resize', schedule)
      resized?.disconnect()
      added?.disconnect()
      if (frame !== 0) cancelAnimationFrame(frame)
      root.scrollPaddingTop = ''
      barHeight.remove()
    }
  }, [stage, dock])
  return shown
}
