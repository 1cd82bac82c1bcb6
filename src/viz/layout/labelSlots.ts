/**
 * A dense run's label slots (see `denseSlotTaken` in context.ts): which kinds of label (class
 * and priority) have been asked for in which slot of which band. A slot is DENSE_SLOT_PX of axis
 * by 8 px. Keyed by numbers in nested maps, not by one joined string: a 100k-event history asks
 * about 90k times, and building and hashing those strings was a tenth of its layout.
 */
const DENSE_SLOT_PX = 4
const SLOT_HEIGHT_PX = 8
/** Slot numbers are offset by this so a slot left of or above the plot still gets its own key. */
const OFFSET = 2 ** 20

type Band = Set<number>

export class LabelSlots {
  // class → priority → band's y0 → band's y1 → slots taken.
  private readonly kinds = new Map<string, Map<number, Map<number, Map<number, Band>>>>()

  /** True when a label of this kind was already asked for in this band's slot at (x, y). */
  has(
    priority: number,
    className: string,
    band: { y0: number; y1: number },
    x: number,
    y: number,
  ): boolean {
    return this.band(priority, className, band, false)?.has(slotOf(x, y)) === true
  }

  /**
   * True the first time a label of this kind is asked for in this band's slot at (x, y), false
   * after (the slot is then taken).
   */
  claim(
    priority: number,
    className: string,
    band: { y0: number; y1: number },
    x: number,
    y: number,
  ): boolean {
    const slots = this.band(priority, className, band, true) as Band
    const slot = slotOf(x, y)
    if (slots.has(slot)) return false
    slots.add(slot)
    return true
  }

  private band(
    priority: number,
    className: string,
    { y0, y1 }: { y0: number; y1: number },
    create: boolean,
  ): Band | undefined {
    let priorities = this.kinds.get(className)
    if (priorities === undefined) {
      if (!create) return undefined
      priorities = new Map()
      this.kinds.set(className, priorities)
    }
    let tops = priorities.get(priority)
    if (tops === undefined) {
      if (!create) return undefined
      tops = new Map()
      priorities.set(priority, tops)
    }
    let bottoms = tops.get(y0)
    if (bottoms === undefined) {
      if (!create) return undefined
      bottoms = new Map()
      tops.set(y0, bottoms)
    }
    let band = bottoms.get(y1)
    if (band === undefined) {
      if (!create) return undefined
      band = new Set()
      bottoms.set(y1, band)
    }
    return band
  }
}

/** One exact number per slot while |x| and |y| are under four million px (always, in a plot). */
function slotOf(x: number, y: number): number {
  const column = Math.floor(x / DENSE_SLOT_PX) + OFFSET
  const row = Math.floor(y / SLOT_HEIGHT_PX) + OFFSET
  return column * 2 * OFFSET + row
}
