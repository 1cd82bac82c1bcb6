/**
 * Which chunks of a long event log are in the DOM, and the space that stands in for the rest.
 * Pure: the event log measures, this decides.
 *
 * The rows near the visible part of the list are rendered. The chunk holding the current entry
 * is rendered too, even when the reader has scrolled away from it: it holds the list's tab stop,
 * and maybe the focus. A gap stands in for the chunks between the two parts.
 */

export interface LogWindowInput {
  /** offsets[k]: the top of chunk k; the last entry is the list's whole height. */
  offsets: readonly number[]
  /** The chunk holding the current entry. */
  currentChunk: number
  viewportTopPx: number
  viewportHeightPx: number
  /** Rows kept rendered beyond the visible part, above and below. */
  overscanPx: number
  /** The cursor moved since the view was last set: the list is about to scroll to it. */
  following: boolean
  /** Chunks after the current one are hidden (the future is hidden). */
  hideFuture: boolean
}

export interface LogWindow {
  /** The first and last chunk of the part around the view. */
  lo: number
  hi: number
  paddingTopPx: number
  paddingBottomPx: number
  /** The gap follows this chunk (null: the rendered chunks are contiguous). */
  gapAfter: number | null
  gapPx: number
}

export function logWindow(input: LogWindowInput): LogWindow {
  const { offsets, currentChunk, viewportHeightPx, overscanPx } = input
  const chunkCount = offsets.length - 1
  const chunkAt = (y: number): number => {
    let k = 0
    while (k < chunkCount - 1 && (offsets[k + 1] ?? 0) <= y) k++
    return k
  }
  const around = (top: number): [number, number] => [
    chunkAt(Math.max(0, top - overscanPx)),
    chunkAt(top + viewportHeightPx + overscanPx),
  ]
  let [lo, hi] = around(input.viewportTopPx)
  if (input.following && (currentChunk < lo || currentChunk > hi)) {
    // The cursor moved out of view: the part the list is about to scroll to (the current entry
    // a third of the way down), not every chunk between there and here.
    ;[lo, hi] = around(Math.max(0, (offsets[currentChunk] ?? 0) - viewportHeightPx / 3))
    lo = Math.min(lo, currentChunk)
    hi = Math.max(hi, currentChunk)
  }
  if (input.hideFuture) {
    lo = Math.min(lo, currentChunk)
    hi = Math.min(hi, currentChunk)
  }
  const first = Math.min(lo, currentChunk)
  const last = Math.max(hi, currentChunk)
  // The gap runs from the end of the first part to the start of the second.
  const [gapAfter, gapUntil] =
    currentChunk < lo ? [currentChunk, lo] : currentChunk > hi ? [hi, currentChunk] : [null, null]
  const gapPx =
    gapAfter === null || gapUntil === null
      ? 0
      : (offsets[gapUntil] ?? 0) - (offsets[gapAfter + 1] ?? 0)
  return {
    lo,
    hi,
    paddingTopPx: offsets[first] ?? 0,
    paddingBottomPx: (offsets[chunkCount] ?? 0) - (offsets[last + 1] ?? 0),
    gapAfter: gapPx > 0 ? gapAfter : null,
    gapPx: Math.max(0, gapPx),
  }
}

/** The chunks to render, in order: the part around the view and the current entry's chunk. */
export function renderedChunks(lo: number, hi: number, currentChunk: number): number[] {
  const chunks: number[] = []
  for (let k = lo; k <= hi; k++) chunks.push(k)
  if (currentChunk < lo) chunks.unshift(currentChunk)
  if (currentChunk > hi) chunks.push(currentChunk)
  return chunks
}
