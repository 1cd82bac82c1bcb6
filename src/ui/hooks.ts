/** Small DOM hooks: element width, media queries, a value that settles. */
import { useCallback, useEffect, useRef, useState, useSyncExternalStore } from 'react'
import type { RefObject } from 'react'

/** The content width of an element in whole px, kept current with a ResizeObserver (0 until measured). */
export function useElementWidth<T extends HTMLElement>(): [RefObject<T | null>, number] {
  const ref = useRef<T | null>(null)
  const [width, setWidth] = useState(0)
  useEffect(() => {
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
 * `value`, but a change is taken only once it has held for `delayMs` — unless `immediate(prev,
 * next)` says to take it at once. For a costly view that need not follow every step of a drag.
 */
export function useSettled<T>(
  value: T,
  delayMs: number,
  immediate: (settled: T, next: T) => boolean,
): T {
  const [settled, setSettled] = useState(value)
  const pending = !Object.is(settled, value)
  // An urgent change is taken during this render (React re-runs only this component before
  // committing), not from an effect: that would cost a second render and commit every frame
  // of playback.
  const urgent = pending && immediate(settled, value)
  if (urgent) setSettled(value)
  const waiting = pending && !urgent
  useEffect(() => {
    if (!waiting) return
    const timer = setTimeout(() => setSettled(value), delayMs)
    return () => clearTimeout(timer)
  }, [value, waiting, delayMs])
  return waiting ? settled : value
}
