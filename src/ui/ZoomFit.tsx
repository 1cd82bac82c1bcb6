/**
 * What every diagram panel shows of the zoom (the embeds' only zoom control): while zoomed in, the
 * stretch in view and a Fit button back to the whole run; nothing otherwise. A reader who pressed
 * + or pinched always sees that the axis is not the whole run, and how to get it back.
 */
import { formatMs } from '../sim'
import { useLab, useLabAction } from '../store'

/** The stretch in view, in words ("whole run" when not zoomed). */
export function ZoomRange() {
  const view = useLab((s) => s.timeView)
  return (
    <span
      className="fl-zoom-range"
      data-zoom-range=""
      data-from-ms={view?.fromMs}
      data-to-ms={view?.toMs}
    >
      {view === null ? 'whole run' : `${formatMs(view.fromMs)} – ${formatMs(view.toMs)}`}
    </span>
  )
}

export function ZoomFit() {
  const zoomed = useLab((s) => s.timeView !== null)
  const zoomFit = useLabAction('zoomFit')
  if (!zoomed) return null
  return (
    <div className="fl-zoom" role="group" aria-label="Zoom the time axis">
      <ZoomRange />
      <button type="button" className="fl-button" onClick={zoomFit}>
        Fit
      </button>
    </div>
  )
}
