/**
 * The words inside a bar ("B · 42" on the lock lane, "41" on a client's lease) kept clear of the
 * message arrows that cross the bar: moved right past an arrow, or shortened, or left out, so no
 * arrow is ever drawn through them (at a phone's width an arrow used to cut "B · 42" in two).
 */
import { textWidthPx } from './text'
import type { LeaseBar, MessageArrow } from './types'

/** Room kept between the words and an arrow, and inside the bar's ends. */
const CLEAR_PX = 2
const INSET_PX = 5

interface Span {
  x0: number
  x1: number
}

/** Where an arrow runs through the horizontal band y0..y1, or null if it does not. */
export function crossingIn(arrow: MessageArrow, y0: number, y1: number): Span | null {
  const top = Math.min(arrow.y0, arrow.y1)
  const bottom = Math.max(arrow.y0, arrow.y1)
  if (bottom < y0 || top > y1) return null
  if (arrow.y1 === arrow.y0)
    return { x0: Math.min(arrow.x0, arrow.x1), x1: Math.max(arrow.x0, arrow.x1) }
  const xAt = (y: number) => {
    const t = Math.min(1, Math.max(0, (y - arrow.y0) / (arrow.y1 - arrow.y0)))
    return arrow.x0 + t * (arrow.x1 - arrow.x0)
  }
  const a = xAt(y0)
  const b = xAt(y1)
  return { x0: Math.min(a, b), x1: Math.max(a, b) }
}

/**
 * The first x at or after the bar's start where `width` px of words fit between the crossings,
 * inside the bar; null if there is none.
 */
function clearX(bar: LeaseBar, crossings: readonly Span[], width: number): number | null {
  let x = bar.x0 + INSET_PX
  for (;;) {
    if (x + width > bar.x1 - INSET_PX + 0.01) return null
    const at = x
    const hit = crossings.find((c) => c.x0 < at + width + CLEAR_PX && c.x1 > at - CLEAR_PX)
    if (hit === undefined) return x
    x = hit.x1 + CLEAR_PX + 1
  }
}

/**
 * Moves (or shortens, or drops) the words of each bar that has them inside it (`insideClass`),
 * so that no message arrow crosses them. `shorter` gives the fallback wording ("42" for "B · 42").
 */
export function clearBarTexts(
  bars: readonly LeaseBar[],
  arrows: readonly MessageArrow[],
  insideClass: string,
  shorter: (bar: LeaseBar) => string | null,
): void {
  for (const bar of bars) {
    const text = bar.text
    if (text === null || text.className !== insideClass) continue
    const crossings: Span[] = []
    for (const arrow of arrows) {
      const c = crossingIn(arrow, bar.y0, bar.y1)
      if (c !== null && c.x1 > bar.x0 && c.x0 < bar.x1) crossings.push(c)
    }
    if (crossings.length === 0) continue
    const wordings = [text.text, shorter(bar)].filter(
      (w, i, all): w is string => w !== null && all.indexOf(w) === i,
    )
    let placed = false
    for (const words of wordings) {
      const x = clearX(bar, crossings, textWidthPx(words, text.fontPx, text.bold))
      if (x === null) continue
      bar.text = { ...text, text: words, x: Math.round(x * 10) / 10 }
      placed = true
      break
    }
    if (!placed) bar.text = null
  }
}
