/** Small DOM hooks: element width, media queries. */
import { useCallback, useLayoutEffect, useRef, useState, useSyncExternalStore } from 'react'
import type { RefObject } from 'react'

/**
 * The content width of an element in whole px, kept current with a ResizeObserver (0 until
 * measured). Measured in a layout effect: what is drawn for the width is in the first frame the
 * browser paints, not one frame later (the page's first screen is replaced by the app in place).
 *
 * `startPx`: start from this width instead, read nowhere. A read in the layout effect lays the new
 * page out there and then (the browser lays it out again for the frame), and the element's first
 * render has nothing drawn for the width, so whatever is drawn for it makes a second render. For a
 * width already known (the static page's frame the diagram replaces: ui/firstWidth.ts), or one
 * that draws nothing at once (0: the scrubber's step while playing). The ResizeObserver's reports,
 * after the next frame's layout, correct it. Without ResizeObserver it is read.
 */
export function useElementWidth<T extends HTMLElement>(
  startPx?: number,
): [RefObject<T | null>, number] {
  const ref = useRef<T | null>(null)
  const [width, setWidth] = useState(startPx ?? 0)
  const observed = typeof ResizeObserver !== 'undefined'
  const readNow = startPx === undefined || !observed
  useLayoutEffect(() => {
    const element = ref.current
    if (element === null) return
    if (readNow) setWidth(Math.floor(element.clientWidth))
    if (!observed) return
    const observer = new ResizeObserver((entries) => {
      const entry = entries[0]
      if (entry !== undefined) setWidth(Math.floor(entry.contentRect.width))
    })
    observer.observe(element)
    return () => observer.disconnect()
  }, [readNow, observed])
  return [ref, width]
}

/** Whether a media query matches, following its changes. */
export function useMediaQuery(query: string): boolean {
  const subscribe = useCallback(
    (onChange: () => void) => {
      if (typeof matchMedia === 'undefined') return () => {}
      const list = matchMedia(query)
      list.addEventListener('change', onChange)
      return () => list.removeEventListener('change', onChange)
    },
    [query],
  )
  return useSyncExternalStore(
    subscribe,
    () => (typeof matchMedia === 'undefined' ? false : matchMedia(query).matches),
    () => false,
  )
}
