/**
 * The chrome-less lab that embed.html and <fencing-lab> render: a one-line header (the scenario
 * and a link to the full lab), the caption, the diagram and the controls the embed asked for:
 *   full    — the lab's transport, speed, future and compare controls; the break-things tools,
 *             the state inspector and the event log behind a disclosure (loaded when opened);
 *   minimal — step back, play/pause, step forward and the scrubber;
 *   none    — the diagram and the caption, with one play/pause button (so an autoplaying embed
 *             can always be stopped: WCAG 2.2.2).
 * It never takes focus and binds its shortcuts on its own root, so they work only while the
 * reader is inside it. Autoplay waits until the embed is on screen and is off with reduced motion.
 */
import { lazy, memo, Suspense, useEffect, useRef, useState } from 'react'
import type { RefObject } from 'react'
import { useLab, useLabAction, useLabStore } from '../store'
import { SteadyCaption } from './SteadyCaption'
import { Controls, IconButton, PlayButton, Scrubber, useStepEnds } from '../ui/Controls'
import { DiagramPanel } from '../ui/DiagramPanel'
import { StepBackIcon, StepForwardIcon } from '../ui/icons'
import { LiveRegion, Notice, useLabRoot } from '../ui/LabParts'
import { loadPanels } from './loadOnDemand'
import type { ControlsMode } from './options'

export interface EmbedLabProps {
  controls: ControlsMode
  autoplay: boolean
  /** The full lab's address for this scenario (opens in a new tab), or null for none. */
  labHref: string | null
  /** Draw a card (border and corners): the custom element does; an iframe's host frames it. */
  card?: boolean
}

export function EmbedLab({ controls, autoplay, labHref, card = false }: EmbedLabProps) {
  const { theme, reducedMotion, onKeyDown } = useLabRoot()
  const root = useRef<HTMLDivElement>(null)
  useAutoplay(root, autoplay && !reducedMotion)
  return (
    <div
      ref={root}
      className={card ? 'fl-lab fl-embed fl-embed-card' : 'fl-lab fl-embed'}
      data-controls={controls}
      data-theme={theme}
      data-motion={reducedMotion ? 'reduced' : 'full'}
      onKeyDown={onKeyDown}
      tabIndex={-1}
    >
      <EmbedBody controls={controls} labHref={labHref} />
    </div>
  )
}

/**
 * What the embed shows, made once: a change of theme renders only the root around it (preact
 * keeps the tree an element was last rendered with, and with it the run then shown: ui/Lab.tsx).
 */
const EmbedBody = memo(function EmbedBody({
  controls,
  labHref,
}: Pick<EmbedLabProps, 'controls' | 'labHref'>) {
  return (
    <>
      <Notice />
      <EmbedHeader labHref={labHref} />
      <section className="fl-stage" aria-label="Timeline">
        {controls === 'none' ? (
          <div className="fl-embed-caption-row">
            <SteadyCaption />
            <PlayButton />
          </div>
        ) : controls === 'minimal' ? (
          <SteadyCaption />
        ) : (
          <SteadyCaption nav />
        )}
        <DiagramPanel />
        {controls === 'minimal' && <MinimalControls />}
        {controls === 'full' && <Controls />}
      </section>
      {controls === 'full' && <MorePanels />}
      <LiveRegion />
    </>
  )
})

function EmbedHeader({ labHref }: { labHref: string | null }) {
  const title = useLab((s) => s.lab.scenario.title ?? 'Custom scenario')
  return (
    <header className="fl-embed-head">
      <p className="fl-embed-title">{title}</p>
      {labHref !== null && (
        <a className="fl-embed-open" href={labHref} target="_blank" rel="noopener">
          Open in Fencing Lab
          <span className="fl-visually-hidden"> (opens in a new tab)</span>
        </a>
      )}
    </header>
  )
}

export function MinimalControls() {
  const stepBack = useLabAction('stepBack')
  const stepForward = useLabAction('stepForward')
  const { atStart, atEnd } = useStepEnds()
  return (
    <div className="fl-controls fl-embed-controls">
      <div className="fl-transport" role="group" aria-label="Playback">
        <IconButton label="Step back" onClick={stepBack} disabled={atStart}>
          <StepBackIcon />
        </IconButton>
        <PlayButton />
        <IconButton label="Step forward" onClick={stepForward} disabled={atEnd}>
          <StepForwardIcon />
        </IconButton>
      </div>
      <Scrubber />
    </div>
  )
}

/** The lab page's panels, loaded on first open: nothing of them is needed for the first paint. */
const Panels = lazy(() =>
  loadPanels().then(
    (module) => ({ default: module.Panels }),
    (error: unknown) => ({
      default: function PanelsUnavailable() {
        return (
          <p className="fl-notice" role="alert">
            The panels could not be loaded ({error instanceof Error ? error.message : 'unknown'}).
            Reload the page to try again.
          </p>
        )
      },
    }),
  ),
)

function MorePanels() {
  const [open, setOpen] = useState(false)
  return (
    <details className="fl-embed-more" open={open} onToggle={(e) => setOpen(e.currentTarget.open)}>
      <summary>Break things, state and event log</summary>
      {open && (
        <Suspense fallback={<p className="fl-hint">Loading…</p>}>
          <Panels />
        </Suspense>
      )}
    </details>
  )
}

/** Starts playback once, when the embed is first on screen. */
function useAutoplay(root: RefObject<HTMLElement | null>, on: boolean): void {
  const store = useLabStore()
  useEffect(() => {
    const element = root.current
    if (!on || element === null) return
    if (typeof IntersectionObserver === 'undefined') {
      store.getState().play()
      return
    }
    const observer = new IntersectionObserver((entries) => {
      if (!entries.some((entry) => entry.isIntersecting)) return
      observer.disconnect()
      store.getState().play()
    })
    observer.observe(element)
    return () => observer.disconnect()
  }, [store, on, root])
}
