/**
 * Level of detail for a run with more marks than pixels (a coarse layout, `Ctx.coarse`): a plain
 * mark (no words of its own, no warning, nothing a reader could pick out) whose pixels an earlier
 * mark of its kind on the same lane already covers is left out of the model, and the earlier one
 * stands for it. A 100k-event history put 28k decision pips and 7k bars on each of three kinds of
 * lane on a 1,000 px plot: the layout, the bulk paths and the garbage they made grew with the
 * run, while the figure showed the same pixels. With one plain mark per pixel column (arrows
 * have their own key: `coarseKey` in messages.ts), the model's size follows the figure's width.
 *
 * What a reader loses is what the pixels could not show anyway: which of the marks in one pixel
 * column a pointer is over (the kept one answers for them; zooming in shows each). Marks with
 * words, warnings or findings are never left out.
 */
export class PixelCover {
  private readonly taken = new Set<number | string>()

  /**
   * True the first time a mark of `kind` (< 16) on `lane` (≥ 0) covers the pixel columns x0..x1
   * (rounded to whole px), false after: the caller leaves the later mark out.
   */
  claim(kind: number, lane: number, x0: number, x1: number): boolean {
    const a = Math.round(x0)
    const b = Math.round(x1)
    // One number while it fits exactly (lanes < 256, columns 0–8191); else text.
    const key =
      lane < 256 && a >= 0 && b >= 0 && a < 8192 && b < 8192
        ? ((kind * 256 + lane) * 8192 + a) * 8192 + b
        : `${kind} ${lane} ${a} ${b}`
    if (this.taken.has(key)) return false
    this.taken.add(key)
    return true
  }
}

/** The kinds of bar a cover tells apart (a lease and a belief share a client's columns). */
export const LEASE_COVER = 0
export const BELIEF_COVER = 1
export const HOLD_COVER = 2
