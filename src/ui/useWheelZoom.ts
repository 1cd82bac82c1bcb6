/**
 * Zoom and pan with a wheel over the diagram, in the lab and in every embed: Ctrl/⌘ + wheel, or a
 * trackpad pinch (which browsers send as a wheel with Ctrl), zooms about the cursor; a sideways
 * wheel or two-finger swipe pans while zoomed in. A plain vertical wheel keeps scrolling the page.
 */
import type { RefObject } from 'react'
import { useEffect } from 'react'
import { useLabStore } from '../store'
import { panViewByPx } from '../timeline'

/** How much one wheel notch (100 px of deltaY) zooms. */
const WHEEL_ZOOM_PER_PX = 0.003

/**
 * Bound natively: React's wheel listener is passive and could not stop the page from zooming
 * (or from scrolling sideways while the reader pans).
 */
export function useWheelZoom(ref: RefObject<HTMLElement | null>): void {
  const store = useLabStore()
  useEffect(() => {
    const element = ref.current
    if (element === null) return
    const onWheel = (e: WheelEvent) => {
      const s = store.getState()
      if (e.ctrlKey || e.metaKey) {
        if (e.deltaY === 0) return
        e.preventDefault()
        s.zoomBy(Math.exp(-e.deltaY * WHEEL_ZOOM_PER_PX))
      } else if (s.timeView !== null && Math.abs(e.deltaX) > Math.abs(e.deltaY)) {
        e.preventDefault()
        // The content follows the fingers: a swipe to the left shows what comes later.
        s.setTimeView(panViewByPx(s.timeView, s.lab.run.endMs, -e.deltaX, element.clientWidth))
      }
    }
    element.addEventListener('wheel', onWheel, { passive: false })
    return () => element.removeEventListener('wheel', onWheel)
  }, [ref, store])
}
