/**
 * Runs `task` in the browser's next idle period (at the latest after `timeoutMs`), or at once
 * where idle callbacks are not supported; returns the function that cancels it.
 *
 * For writes the reader does not wait for (the address, the session's undo history): after their
 * own debounce they ran in a plain timer, which could fire just as the reader clicked again, and
 * the click's frame then waited for them (a 5k-event run's address and history took 5–20 ms to
 * write on a loaded 2-core machine, measured in bench/lab.ts's intervention loop). An idle
 * callback runs only when no input or frame is waiting.
 */
export function whenIdle(task: () => void, timeoutMs = 1000): () => void {
  if (typeof requestIdleCallback !== 'function') {
    task()
    return () => {}
  }
  const handle = requestIdleCallback(() => task(), { timeout: timeoutMs })
  return () => cancelIdleCallback(handle)
}
