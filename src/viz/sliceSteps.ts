/**
 * Runs a layout's steps (layout/steps.ts) a slice at a time: a few milliseconds of work, then the
 * page handles input and paints, then the next slice. A heavy run's layout (half a second for a
 * 130k-event run) then never holds the page longer than a slice.
 */
import type { Steps } from './layout'

/** Work per slice, in ms: well inside a frame, so input and painting wait at most this long. */
export const SLICE_MS = 8

/** Queues a task after the current one; returns the function that calls it off. */
export type Schedule = (task: () => void) => () => void

/**
 * The next slice goes through a MessageChannel rather than a timer: a chain of timers is clamped
 * to 4 ms apart after a few, which would spread half a second of work over twice the time.
 */
export const nextTask: Schedule = (task) => {
  const channel = new MessageChannel()
  channel.port1.onmessage = () => {
    channel.port1.close()
    task()
  }
  channel.port2.postMessage(null)
  return () => {
    channel.port1.onmessage = null
    channel.port1.close()
  }
}

/**
 * `nextTask` in the page's idle time, where idle callbacks are supported: the first idle period
 * with at least `minIdleMs` left in it (or, failing that, after a second).
 */
export function idleTask(task: () => void, minIdleMs = 0): () => void {
  if (typeof requestIdleCallback !== 'function') return nextTask(task)
  let handle = 0
  const wait = (deadline: IdleDeadline) => {
    if (deadline.didTimeout || deadline.timeRemaining() >= minIdleMs) task()
    else handle = requestIdleCallback(wait, { timeout: 1000 })
  }
  handle = requestIdleCallback(wait, { timeout: 1000 })
  return () => cancelIdleCallback(handle)
}

/**
 * Runs `task` in the first idle time after `afterMs` (after 50 ms more where idle callbacks are
 * not supported); returns the function that cancels it.
 */
export function idleAfter(afterMs: number, task: () => void): () => void {
  let cancelIdle = () => {}
  const timer = setTimeout(
    () => {
      cancelIdle = idleTask(task)
    },
    afterMs + (typeof requestIdleCallback === 'function' ? 0 : 50),
  )
  return () => {
    clearTimeout(timer)
    cancelIdle()
  }
}

/**
 * Starts running `steps` (the first slice after the current task) and calls `done` with the
 * result. Returns the function that stops it; `done` is then never called.
 */
export function sliceSteps<T>(
  steps: Steps<T>,
  done: (value: T) => void,
  options: { sliceMs?: number; schedule?: Schedule } = {},
): () => void {
  const sliceMs = options.sliceMs ?? SLICE_MS
  const schedule = options.schedule ?? nextTask
  let stopped = false
  let cancel = () => {}
  const slice = () => {
    const start = performance.now()
    for (;;) {
      const next = steps.next()
      if (stopped) return
      if (next.done === true) {
        stopped = true
        done(next.value)
        return
      }
      if (performance.now() - start >= sliceMs) break
    }
    cancel = schedule(slice)
  }
  cancel = schedule(slice)
  return () => {
    stopped = true
    cancel()
  }
}
