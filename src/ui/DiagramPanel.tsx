/**
 * Where the space-time diagram is mounted: one diagram, or two in compare mode (fencing on and
 * off, side by side, stacked on narrow screens) with the outcomes that differ in words. Each
 * diagram gets the width of its container (ResizeObserver) and the lab's cursor.
 */
import { memo, useCallback, useId } from 'react'
import type { Finding, Truncation } from '../sim'
import { formatMs } from '../sim'
import type { Highlight, LabRun } from '../store'
import { useLab } from '../store'
import { SpaceTimeDiagram } from '../viz/SpaceTimeDiagram'
import { useElementWidth } from './hooks'

export function DiagramPanel() {
  const compare = useLab((s) => s.compare)
  const lab = useLab((s) => s.lab)
  const selectMessage = useLab((s) => s.selectMessage)
  const id = useSafeId()
  if (compare === null) {
    return (
      <div className="fl-diagram-panel">
        <DiagramView
          lab={lab}
          title={`Space-time diagram: ${lab.scenario.title ?? 'custom scenario'}`}
          onMessageActivate={selectMessage}
        />
      </div>
    )
  }
  const { outcome } = compare
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
          <DiagramView
            lab={compare.fenced}
            title="Space-time diagram with fencing on"
            highlight={outcome.fenced}
          />
        </section>
        <section className="fl-compare-side" aria-labelledby={`${id}-off`}>
          <CompareHeading
            id={`${id}-off`}
            title="Fencing off"
            detail="no check"
            summary={outcome.unfencedSummary}
          />
          <DiagramView
            lab={compare.unfenced}
            title="Space-time diagram with fencing off"
            highlight={outcome.unfenced}
          />
        </section>
      </div>
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
}: {
  lab: LabRun
  title: string
  highlight?: Highlight
  onMessageActivate?: (msg: number) => void
}) {
  const [ref, widthPx] = useElementWidth<HTMLDivElement>()
  const cursorMs = useLab((s) => s.cursorMs)
  const future = useLab((s) => s.futureMode)
  const setCursor = useLab((s) => s.setCursor)
  const pause = useLab((s) => s.pause)
  const idPrefix = `fl${useSafeId()}`
  const onScrub = useCallback((ms: number) => setCursor(ms), [setCursor])
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
            cursorMs={cursorMs}
            future={future}
            widthPx={widthPx}
            idPrefix={idPrefix}
            title={title}
            onScrub={onScrub}
            onFindingActivate={onFindingActivate}
            {...(onMessageActivate === undefined ? {} : { onMessageActivate })}
            {...(highlight === undefined ? {} : { highlight })}
          />
        )}
      </div>
    </>
  )
})

/**
 * A run cut at the engine's event limit has no verdict to trust: say so beside the diagram, in
 * the lab and in every embed, with where it was cut.
 */
function TruncatedNotice({ cut }: { cut: Truncation }) {
  return (
    <p className="fl-truncated" role="status">
      <strong>Run cut short.</strong> It reached the engine’s limit of{' '}
      {cut.eventCount.toLocaleString('en-US')} events at {formatMs(cut.atMs)}; nothing after that
      was simulated, so the verdict is inconclusive unless a violation came first. Shorten{' '}
      <code>durationMs</code> or slow the renewals.
    </p>
  )
}
