/**
 * Starts an app once the browser has shown the page's prerendered first screen
 * (scripts/prerender.ts). A page's module runs as soon as the document is parsed: started at once,
 * the app's first render (a few hundred ms on a 2-core machine, more on a phone) ran before the
 * static first screen reached the screen, so the first contentful paint waited for the app and the
 * prerendered copy was never seen. Started a frame later, the static copy is painted first and the
 * app replaces it in one task (same drawing, same place: nothing moves).
 */

/** However the first frame goes, the app starts by then. */
export const FIRST_PAINT_WAIT_MS = 250

export function afterFirstPaint(start: () => void): void {
  // A page loaded in a background tab paints nothing until shown: nothing to wait for.
  if (document.visibilityState !== 'visible' || typeof requestAnimationFrame !== 'function') {
    start()
    return
  }
  let started = false
  const go = () => {
    if (started) return
    started = true
    clearTimeout(fallback)
    start()
  }
  // A task after the frame's callbacks runs once that frame has been painted.
  requestAnimationFrame(() => setTimeout(go, 0))
  const fallback = setTimeout(go, FIRST_PAINT_WAIT_MS)
}
