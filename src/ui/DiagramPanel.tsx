/**
 * Where the space-time diagram is mounted: one diagram, or two in compare mode (fencing on and
 * off, side by side, stacked on narrow screens) with the outcomes that differ in words. Each
 * diagram gets the width of its container (ResizeObserver) and the lab's cursor. The time axis
 * is folded where to scale would be unreadable; "To scale" shows true proportions. Zoom and pan
 * (keys, Ctrl/⌘ + wheel or pinch, drag when zoomed) work in every panel; the controls under the
 * diagram are the caller's (`ZoomControls`: the lab page's buttons and overview strip), ZoomFit's
 * way back to the whole run when none are given (the embeds, which must stay small).
 */
import type { ComponentType, ReactNode } from 'react'
import { memo, useCallback, useId, useMemo, useRef, useState } from 'react'
import type { Finding, Truncation } from '../sim'
import { formatCount, formatMs } from '../sim'
import type { Highlight, LabRun } from '../store'
import type { LabStore } from '../store'
import { shownDangerWindows, storyEventAtCursor, useLab, useLabAction, useLabStore } from '../store'
import type { DangerWindowSpan } from '../timeline'
import type { CursorFeed } from '../viz/cursorFeed'
import type { TimeMode } from '../viz/layout'
import { SpaceTimeDiagram } from '../viz/SpaceTimeDiagram'
import { useElementWidth } from './hooks'
import { useMarkDrawn } from './drawnSignal'
import { useFirstWidth } from './firstWidth'
import { useWheelZoom } from './useWheelZoom'
import { ZoomFit } from './ZoomFit'

const NO_EVENTS: readonly number[] = []
const NO_WINDOWS: readonly DangerWindowSpan[] = []

function useCompare() {
  return useLab((s) => s.compare)
}

/**
 * `ZoomControls` is a component, not an element: its element is made anew at each render. An
 * element kept across renders (made by the caller, passed as a prop) keeps a pointer to the tree
 * it was first placed in, and with it that render's run (preact), for as long as the panel lives.
 */
export function DiagramPanel({ ZoomControls = ZoomFit }: { ZoomControls?: ComponentType }) {
  const compare = useCompare()
  const lab = useLab((s) => s.lab)
  const selectMessage = useLabAction('selectMessage')
  const id = useSafeId()
  const [toScale, setToScale] = useState(false)
  const time: TimeMode = toScale ? 'to-scale' : 'auto'
  const panel = useRef<HTMLDivElement>(null)
  useWheelZoom(panel)
  const timeSwitch = (
    <div className="fl-time-row">
      <label className="fl-time-switch">
        <input type="checkbox" checked={toScale} onChange={(e) => setToScale(e.target.checked)} />
        To scale
      </label>
      <ZoomControls />
    </div>
  )
  if (compare === null) {
    return (
      <div className="fl-diagram-panel" ref={panel}>
        <DiagramView
          lab={lab}
          title={`Space-time diagram: ${lab.scenario.title ?? 'custom scenario'}`}
          onMessageActivate={selectMessage}
          time={time}
          story
          dangerWindows
        />
        {timeSwitch}
      </div>
    )
  }
  const { outcome } = compare
  return (
    <div ref={panel}>
      <CompareView compare={compare} outcome={outcome} id={id} time={time}>
        {timeSwitch}
      </CompareView>
    </div>
  )
}

/**
 * The two compare figures share lanes and time axis (each aligned with the other), and both draw
 * the real system's danger windows: the window is the lock's timing, the same on both sides; what
 * fencing changes is what a write made inside it does.
 */
function CompareView({
  compare,
  outcome,
  id,
  time,
  children,
}: {
  compare: NonNullable<ReturnType<typeof useCompare>>
  outcome: NonNullable<ReturnType<typeof useCompare>>['outcome']
  id: string
  time: TimeMode
  children: ReactNode
}) {
  const alignFenced = useMemo(() => [compare.unfenced], [compare.unfenced])
  const alignUnfenced = useMemo(() => [compare.fenced], [compare.fenced])
  return (
    <div className="fl-diagram-panel fl-compare">
      <div className="fl-compare-outcome">
        {outcome.differences.length === 0 ? (
          <p>Fencing makes no difference to this run: both make the same decisions.</p>
        ) : (
          outcome.differences.map((sentence) => <p key={sentence}>{sentence}</p>)
        )}
      </div>
      <div className="fl-compare-grid">
        <section className="fl-compare-side" aria-labelledby={`${id}-on`}>
          <CompareHeading
            id={`${id}-on`}
            title="Fencing on"
            detail="atomic check"
            summary={outcome.fencedSummary}
          />
          <div className="fl-compare-figure">
            <DiagramView
              lab={compare.fenced}
              title="Space-time diagram with fencing on"
              highlight={outcome.fenced}
              alignWith={alignFenced}
              time={time}
              dangerWindows
            />
          </div>
        </section>
        <section className="fl-compare-side" aria-labelledby={`${id}-off`}>
          <CompareHeading
            id={`${id}-off`}
            title="Fencing off"
            detail="no check"
            summary={outcome.unfencedSummary}
          />
          <div className="fl-compare-figure">
            <DiagramView
              lab={compare.unfenced}
              title="Space-time diagram with fencing off"
              highlight={outcome.unfenced}
              alignWith={alignUnfenced}
              time={time}
              dangerWindows
            />
          </div>
        </section>
      </div>
      {children}
    </div>
  )
}

function CompareHeading({
  id,
  title,
  detail,
  summary,
}: {
  id: string
  title: string
  detail: string
  summary: string
}) {
  return (
    <header className="fl-compare-heading">
      <h3 id={id}>
        {title} <span className="fl-compare-detail">({detail})</span>
      </h3>
      <p>{summary.replace(/^With(out)? fencing: /, '')}</p>
    </header>
  )
}

function useSafeId(): string {
  return useId().replace(/[^A-Za-z0-9_-]/g, '')
}

const DiagramView = memo(function DiagramView({
  lab,
  title,
  highlight,
  onMessageActivate,
  alignWith,
  time,
  story = false,
  dangerWindows = false,
}: {
  lab: LabRun
  title: string
  highlight?: Highlight
  onMessageActivate?: (msg: number) => void
  alignWith?: readonly LabRun[]
  time: TimeMode
  /** Highlight the marks the story line at the cursor talks about (the lab's own run only). */
  story?: boolean
  /** Draw the open system scenario's danger windows (the lab's own run only). */
  dangerWindows?: boolean
}) {
  // Where the page's static first screen had this diagram, its width then (firstWidth.ts).
  const [ref, widthPx] = useElementWidth<HTMLDivElement>(useFirstWidth())
  // The cursor reaches the diagram's playhead through a feed, not a render: playing re-renders
  // the playhead, the veil and the pill, never this view nor the diagram's marks.
  const store = useLabStore()
  const cursor = useMemo(() => cursorFeedOf(store), [store])
  const view = useLab((s) => s.timeView)
  const future = useLab((s) => s.futureMode)
  const setCursor = useLabAction('setCursor')
  const setTimeView = useLabAction('setTimeView')
  const pause = useLabAction('pause')
  const idPrefix = `fl${useSafeId()}`
  // A number from the store, so the array (and the diagram's focus layer) only changes when the
  // story moves to another event, not on every cursor move.
  const storyEvent = useLab((s) => (story ? storyEventAtCursor(s) : -1))
  const focusEvents = useMemo(() => (storyEvent < 0 ? NO_EVENTS : [storyEvent]), [storyEvent])
  const windows = useLab((s) => (dangerWindows ? shownDangerWindows(s) : NO_WINDOWS))
  const onScrub = useCallback((ms: number) => setCursor(ms), [setCursor])
  const markDrawn = useMarkDrawn()
  // Under a heavy link's prompt the page's first task stays short: the marks come after.
  const linkPending = useLab((s) => s.pendingRun !== null)
  const onFindingActivate = useCallback(
    (finding: Finding) => {
      pause()
      setCursor(finding.atMs, { announce: true })
    },
    [pause, setCursor],
  )
  return (
    <>
      {lab.findings.truncated !== null && <TruncatedNotice cut={lab.findings.truncated} />}
      <div ref={ref} className="fl-diagram-frame">
        {widthPx > 0 && (
          <SpaceTimeDiagram
            run={lab.run}
            findings={lab.findings}
            spans={lab.spans}
            cursorMs={cursor.getMs()}
            cursor={cursor}
            future={future}
            widthPx={widthPx}
            idPrefix={idPrefix}
            title={title}
            onScrub={onScrub}
            onFindingActivate={onFindingActivate}
            {...(onMessageActivate === undefined ? {} : { onMessageActivate })}
            {...(highlight === undefined ? {} : { highlight })}
            {...(alignWith === undefined ? {} : { alignWith })}
            time={time}
            focusEvents={focusEvents}
            view={view}
            onPan={setTimeView}
            dangerWindows={windows}
            {...(markDrawn === undefined ? {} : { onDrawn: markDrawn })}
            marksAfterPaint={linkPending}
          />
        )}
      </div>
    </>
  )
})

/** The store's cursor as a diagram's cursor feed: its subscribers hear only cursor changes. */
export function cursorFeedOf(store: LabStore): CursorFeed {
  return {
    subscribe: (onChange) =>
      store.subscribe((state, previous) => {
        if (state.cursorMs !== previous.cursorMs) onChange()
      }),
    getMs: () => store.getState().cursorMs,
  }
}

/**
 * A run cut at the engine's event limit has no verdict to trust: say so beside the diagram, in
 * the lab and in every embed, with where it was cut.
 */
function TruncatedNotice({ cut }: { cut: Truncation }) {
  return (
    <p className="fl-truncated" role="status">
      <strong>Run cut short.</strong> It reached the engine’s limit of {formatCount(cut.eventCount)}{' '}
      events at {formatMs(cut.atMs)}; nothing after that was simulated, so the verdict is
      inconclusive unless a violation came first. Shorten <code>durationMs</code> or slow the
      renewals.
    </p>
  )
}
