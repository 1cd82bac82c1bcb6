/**
 * Runs `task` after `afterMs`, in the browser's first idle period from then (at the latest
 * `timeoutMs` later), or right after the wait where idle callbacks are not supported. Returns the
 * function that cancels it, whichever part it is in (harmless once the task has run).
 *
 * For writes the reader does not wait for (the address, the session's undo history): after their
 * own debounce they ran in a plain timer, which could fire just as the reader clicked again, and
 * the click's frame then waited for them (a 5k-event run's address and history took 5–20 ms to
 * write on a loaded 2-core machine, measured in bench/lab.ts's intervention loop). An idle
 * callback runs only when no input or frame is waiting.
 */
export function whenIdle(task: () => void, afterMs: number, timeoutMs = 1000): () => void {
  let idle: number | null = null
  const timer = setTimeout(() => {
    if (typeof requestIdleCallback === 'function') {
      idle = requestIdleCallback(() => task(), { timeout: timeoutMs })
    } else task()
  }, afterMs)
  return () => {
    clearTimeout(timer)
    if (idle !== null) cancelIdleCallback(idle)
  }
}

/**
 * Settles in a task of its own, after the timers already due: a timer, not a message, so that the
 * page's own timers that came due meanwhile run first. Long work waits for it between its parts
 * (a lab opened, then its first render; each frame of an exported animation), so the page can
 * answer in between.
 */
export function nextTimerTask(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0))
}
