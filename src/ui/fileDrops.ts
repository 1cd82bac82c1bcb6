/**
 * Files dropped on the lab page outside a target that takes them: before the lazily loaded
 * sharing tools (ShareBar) are there to take a drop, or beside the lab. Left alone, the browser
 * opens the dropped file in place of the page, and the reader's lab (its edits, its history)
 * is gone. The page guards its window from its first script (main.tsx): such a drop is held
 * until the sharing tools take it, or handed to them at once once they listen.
 */
export interface FileDrops {
  /**
   * `open` receives the files dropped so far and not taken, then every later such drop, until
   * the returned function is called.
   */
  take: (open: (files: File[]) => void) => () => void
  /** Stops guarding the window (the page's own drops are then the browser's again). */
  release: () => void
}

/** True for a drag that carries files (not text or a link dragged within the page). */
export function carriesFiles(event: DragEvent): boolean {
  return event.dataTransfer?.types.includes('Files') === true
}

export function guardFileDrops(
  target: Pick<Window, 'addEventListener' | 'removeEventListener'>,
): FileDrops {
  let held: File[] = []
  let taker: ((files: File[]) => void) | null = null
  // A drop is allowed where dragover is cancelled; a drop the lab took is cancelled already.
  const over = (event: DragEvent) => {
    if (carriesFiles(event)) event.preventDefault()
  }
  const drop = (event: DragEvent) => {
    if (!carriesFiles(event) || event.defaultPrevented) return
    event.preventDefault()
    const files = [...(event.dataTransfer?.files ?? [])]
    if (files.length === 0) return
    if (taker !== null) taker(files)
    else held = files
  }
  target.addEventListener('dragover', over as EventListener)
  target.addEventListener('drop', drop as EventListener)
  return {
    take(open) {
      taker = open
      // Only the last drop before anyone listened: each drop is one history (or scenario).
      const early = held
      held = []
      if (early.length > 0) open(early)
      return () => {
        if (taker === open) taker = null
      }
    },
    release() {
      target.removeEventListener('dragover', over as EventListener)
      target.removeEventListener('drop', drop as EventListener)
      taker = null
      held = []
    },
  }
}
