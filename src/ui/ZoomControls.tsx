/**
 * Zoom and pan for the diagram: buttons (in, out, fit, the story line), an overview strip that
 * shows which stretch of the run is in view, and Ctrl/⌘ + wheel or a trackpad pinch (which
 * browsers send as a wheel with Ctrl) over the diagram. A plain wheel keeps scrolling the page.
 * The view lives in the lab's store; the diagram lays out only the window.
 */
import type { RefObject } from 'react'
import { useEffect } from 'react'
import { formatMs } from '../sim'
import { useLab, useLabStore } from '../store'

/** How much one wheel notch (100 px of deltaY) zooms. */
const WHEEL_ZOOM_PER_PX = 0.003

export function ZoomControls() {
  const view = useLab((s) => s.timeView)
  const endMs = useLab((s) => s.lab.run.endMs)
  const hasStoryLine = useLab((s) => s.lab.captions.length > 0)
  const zoomIn = useLab((s) => s.zoomIn)
  const zoomOut = useLab((s) => s.zoomOut)
  const zoomFit = useLab((s) => s.zoomFit)
  const zoomToStory = useLab((s) => s.zoomToStory)
  const zoomed = view !== null
  const from = view?.fromMs ?? 0
  const to = view?.toMs ?? endMs
  const span = Math.max(1, endMs)
  return (
    <div className="fl-zoom" role="group" aria-label="Zoom the time axis">
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
        <button type="button" className="fl-button" onClick={zoomToStory}>
          Zoom to story line
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
      <span className="fl-zoom-range" data-zoom-range="">
        {zoomed ? `${formatMs(from)} – ${formatMs(to)}` : 'whole run'}
      </span>
    </div>
  )
}

/**
 * Ctrl/⌘ + wheel (or a pinch) over `ref` zooms about the cursor. Bound natively: React's wheel
 * listener is passive and could not stop the page from zooming.
 */
export function useWheelZoom(ref: RefObject<HTMLElement | null>): void {
  const store = useLabStore()
  useEffect(() => {
    const element = ref.current
    if (element === null) return
    const onWheel = (e: WheelEvent) => {
      if (!(e.ctrlKey || e.metaKey) || e.deltaY === 0) return
      e.preventDefault()
      store.getState().zoomBy(Math.exp(-e.deltaY * WHEEL_ZOOM_PER_PX))
    }
    element.addEventListener('wheel', onWheel, { passive: false })
    return () => element.removeEventListener('wheel', onWheel)
  }, [ref, store])
}
