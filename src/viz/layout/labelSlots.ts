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

/** A band of the plot a label may go in (its top and bottom, px). */
type Band = { y0: number; y1: number }

export class LabelSlots {
  // class → priority → band's y0 → band's y1 → slots taken.
  private readonly kinds = new Map<string, Map<number, Map<number, Map<number, Set<number>>>>>()

  /** True when a label of this kind was already asked for in this band's slot at (x, y). */
  has(priority: number, className: string, band: Band, x: number, y: number): boolean {
    const slots = this.kinds.get(className)?.get(priority)?.get(band.y0)?.get(band.y1)
    return slots?.has(slotOf(x, y)) === true
  }

  /**
   * True the first time a label of this kind is asked for in this band's slot at (x, y), false
   * after (the slot is then taken).
   */
  claim(priority: number, className: string, band: Band, x: number, y: number): boolean {
    const slots = within(
      within(within(within(this.kinds, className), priority), band.y0),
      band.y1,
      true,
    )
    const slot = slotOf(x, y)
    if (slots.has(slot)) return false
    slots.add(slot)
    return true
  }
}

/** The next level down (made when missing): a map, or at the bottom (`last`) the set of slots. */
function within<K, V>(level: Map<K, V>, key: K, last = false): V {
  let next = level.get(key)
  if (next === undefined) {
    next = (last ? new Set() : new Map()) as V
    level.set(key, next)
  }
  return next
}

/** One exact number per slot while |x| and |y| are under four million px (always, in a plot). */
function slotOf(x: number, y: number): number {
  const column = Math.floor(x / DENSE_SLOT_PX) + OFFSET
  const row = Math.floor(y / SLOT_HEIGHT_PX) + OFFSET
  return column * 2 * OFFSET + row
}
