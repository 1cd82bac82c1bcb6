/** Small DOM hooks: element width, media queries, a value that settles. */
import {
  useCallback,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
  useSyncExternalStore,
} from 'react'
import type { RefObject } from 'react'

/**
 * The content width of an element in whole px, kept current with a ResizeObserver (0 until
 * measured). Measured in a layout effect: what is drawn for the width is in the first frame the
 * browser paints, not one frame later (the page's first screen is replaced by the app in place).
 */
export function useElementWidth<T extends HTMLElement>(): [RefObject<T | null>, number] {
  const ref = useRef<T | null>(null)
  const [width, setWidth] = useState(0)
  useLayoutEffect(() => {
    const element = ref.current
    if (element === null) return
    setWidth(Math.floor(element.clientWidth))
    if (typeof ResizeObserver === 'undefined') return
    const observer = new ResizeObserver((entries) => {
      const entry = entries[0]
      if (entry !== undefined) setWidth(Math.floor(entry.contentRect.width))
    })
    observer.observe(element)
    return () => observer.disconnect()
  }, [])
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

/**
 * When a change of a settled value is taken: `'now'` (in this render), `'after-paint'` (once the
 * browser has painted the frame that the rest of the page renders for it), after it has held
 * for that many ms, or `{ everyMs }`: while changes keep coming, the latest one every that many
 * ms (a view that should move along with playback, but not at every frame of it).
 */
export type Settle = 'now' | 'after-paint' | number | { everyMs: number }

/** A change waiting for a paint is taken after this long at the most (no frames in a hidden tab). */
export const AFTER_PAINT_LIMIT_MS = 250

/**
 * `value`, but a change is taken when `settle(settled, next)` says. For a costly view that need
 * not follow every step of a drag, or that should let the rest of the page paint first.
 */
export function useSettled<T>(value: T, settle: (settled: T, next: T) => Settle): T {
  const [settled, setSettled] = useState(value)
  const pending = !Object.is(settled, value)
  const when = pending ? settle(settled, value) : 'now'
  // An urgent change is taken during this render (React re-runs only this component before
  // committing), not from an effect: that would cost a second render and commit every frame
  // of playback.
  const urgent = pending && when === 'now'
  if (urgent) setSettled(value)
  const waiting = pending && !urgent
  const everyMs = typeof when === 'object' ? when.everyMs : null
  // The throttle's timer outlives the changes that come while it runs, so it takes the latest.
  const latest = useRef(value)
  useEffect(() => {
    latest.current = value
  })
  useEffect(() => {
    if (!waiting || everyMs === null) return
    const timer = setTimeout(() => setSettled(latest.current), everyMs)
    return () => clearTimeout(timer)
  }, [waiting, everyMs])
  useEffect(() => {
    if (!waiting || typeof when === 'object') return
    const take = () => setSettled(value)
    if (typeof when === 'number') {
      const timer = setTimeout(take, when)
      return () => clearTimeout(timer)
    }
    // A task queued from an animation frame runs after that frame is painted.
    let afterFrame: ReturnType<typeof setTimeout> | undefined
    const frame = requestAnimationFrame(() => {
      afterFrame = setTimeout(take, 0)
    })
    const limit = setTimeout(take, AFTER_PAINT_LIMIT_MS)
    return () => {
      cancelAnimationFrame(frame)
      clearTimeout(afterFrame)
      clearTimeout(limit)
    }
  }, [value, waiting, when])
  return waiting ? settled : value
}
