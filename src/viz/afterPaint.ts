/**
 * Runs `task` once the page has painted what was rendered before the call: a task queued from
 * the next animation frame runs after that frame is painted. Returns the function that cancels it
 * (harmless once it has run).
 */
export function afterNextPaint(task: () => void): () => void {
  let later: ReturnType<typeof setTimeout> | undefined
  const frame = requestAnimationFrame(() => {
    later = setTimeout(task, 0)
  })
  return () => {
    cancelAnimationFrame(frame)
    clearTimeout(later)
  }
}
