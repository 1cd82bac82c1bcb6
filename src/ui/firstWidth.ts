/**
 * The width the static first screen's diagram was laid out in, handed to the app's diagram so its
 * first render draws it at once, with nothing read from the new page.
 *
 * A built page shows its first screen as static markup (scripts/prerender.ts), and the app takes
 * it over in one task. The diagram's frame was measured there, in a layout effect (a first render
 * without the diagram, the frame's width read, a second render with it): the read laid the whole
 * new page out there and then, and the browser laid it out again for the frame. The frame it
 * replaces is the same box in the same page, so its width is read from the static page instead,
 * as the page's script starts: by then that page has usually been laid out for its first paint
 * (the read costs nothing); if not, the read lays it out a little early, and the frame painted
 * before the app takes over (a task later) uses that layout. The diagram's ResizeObserver corrects
 * the width after the next frame if it differs.
 *
 * Only the first diagram a page mounts gets it, and only where the page shows its prerendered
 * drawing (its address is the one prerendered): `take` gives it once.
 */
import { createContext, useContext, useState } from 'react'

export interface FirstWidth {
  /** The static diagram frame's width in whole px the first time; null after (and when none). */
  take(): number | null
}

/**
 * The width of the static diagram frame in a page's `root` where the page shows it (`shown`), read
 * before anything changes the static page.
 */
export function firstWidthOf(root: ParentNode, shown: boolean): FirstWidth {
  const frame = shown ? (root.querySelector('.fl-first-paint')?.parentElement ?? null) : null
  const px = frame === null ? 0 : Math.floor(frame.getBoundingClientRect().width)
  let first = px > 0 ? px : null
  return {
    take() {
      const taken = first
      first = null
      return taken
    },
  }
}

export const FirstWidthContext = createContext<FirstWidth | null>(null)

/** The first width for the diagram mounting now, or undefined; fixed for the mount. */
export function useFirstWidth(): number | undefined {
  const firstWidth = useContext(FirstWidthContext)
  const [px] = useState(() => firstWidth?.take() ?? undefined)
  return px
}
