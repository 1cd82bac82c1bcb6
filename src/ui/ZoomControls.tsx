/**
 * The lab page's zoom controls under the diagram: buttons (in, out, fit, the story line), an
 * overview strip that shows which stretch of the run is in view, and the range in words. The
 * embeds leave them out (their bundles stay small) and show only ZoomFit's way back; keys, the
 * wheel, a pinch and drag-to-pan work everywhere. The view lives in the lab's store; the diagram
 * lays out only the window.
 */
import { formatMs } from '../sim'
import { useLab, useLabAction } from '../store'
import { ZoomRange } from './ZoomFit'

export function ZoomControls() {
  const view = useLab((s) => s.timeView)
  const endMs = useLab((s) => s.lab.run.endMs)
  const hasStoryLine = useLab((s) => s.lab.captions.length > 0)
  const zoomIn = useLabAction('zoomIn')
  const zoomOut = useLabAction('zoomOut')
  const zoomFit = useLabAction('zoomFit')
  const zoomToStory = useLabAction('zoomToStory')
  const zoomed = view !== null
  const from = view?.fromMs ?? 0
  const to = view?.toMs ?? endMs
  const span = Math.max(1, endMs)
  return (
    <div className="fl-zoom fl-zoom-controls" role="group" aria-label="Zoom the time axis">
      <button
        type="button"
        className="fl-button fl-zoom-button"
        aria-label="Zoom in"
        title="Zoom in (+)"
        onClick={zoomIn}
      >
        +
      </button>
      <button
        type="button"
        className="fl-button fl-zoom-button"
        aria-label="Zoom out"
        title="Zoom out (−)"
        onClick={zoomOut}
        disabled={!zoomed}
      >
        −
      </button>
      <button type="button" className="fl-button" onClick={zoomFit} disabled={!zoomed}>
        Fit
      </button>
      {hasStoryLine && (
        <button
          type="button"
          className="fl-button"
          aria-label="Zoom to story line"
          onClick={zoomToStory}
        >
          {/* A phone keeps the row on one line (labPage.css): the short label. */}
          <span className="fl-zoom-long">Zoom to story line</span>
          <span className="fl-zoom-short" aria-hidden="true">
            Story line
          </span>
        </button>
      )}
      <div
        className="fl-zoom-overview"
        role="img"
        aria-label={
          zoomed
            ? `Showing ${formatMs(from)} to ${formatMs(to)} of ${formatMs(endMs)}`
            : `Showing the whole run, ${formatMs(endMs)}`
        }
      >
        <span
          className="fl-zoom-window"
          style={{
            left: `${(100 * from) / span}%`,
            width: `${Math.max(1, (100 * (to - from)) / span)}%`,
          }}
        />
      </div>
      <ZoomRange />
    </div>
  )
}
