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
   * True the first time a mark of `kind` on `lane` covers the pixel columns x0..x1 (rounded to
   * whole px), false after: the caller leaves the later mark out.
   */
  claim(kind: number, lane: number, x0: number, x1: number): boolean {
    const px0 = Math.round(x0)
    const px1 = Math.round(x1)
    // One number while it fits exactly (kinds < 16, lanes < 256, columns 0–8191); else text.
    const key =
      kind >= 0 && kind < 16 && lane >= 0 && lane < 256 && inColumns(px0) && inColumns(px1)
        ? ((kind * 256 + lane) * 8192 + px0) * 8192 + px1
        : `${kind} ${lane} ${px0} ${px1}`
    if (this.taken.has(key)) return false
    this.taken.add(key)
    return true
  }
}

function inColumns(px: number): boolean {
  return px >= 0 && px < 8192
}

/** The kinds of mark a cover tells apart (a lease bar and a belief bar may share columns). */
export const COVER_KIND = {
  lease: 0,
  belief: 1,
  hold: 2,
  accepted: 3,
  checked: 4,
  applied: 5,
  duplicate: 6,
  rejected: 7,
  discarded: 8,
} as const
