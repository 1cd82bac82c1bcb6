/** The tour page's entry (tour.html): reads the address once, then hands over to TourApp. */
import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { readTourLink } from '../link/tour'
import { FirstWidthContext, firstWidthOf } from '../ui/firstWidth'
import { TOUR } from './chapters'
import { TourApp } from './TourApp'
import '../ui/lab.css'
import '../ui/labPage.css'
import './tour.css'

const root = document.getElementById('root')
if (!root) throw new Error('tour.html has no #root element')

// The built page carries its first screen as static markup (scripts/prerender.ts): the app draws
// the same screen in the same task, so it replaces the markup before the browser paints again.
// Its diagram's width is read first, for the app's first render (ui/firstWidth.ts); only where
// the page shows that diagram: an address it was not made for hides it.
const firstWidth = firstWidthOf(root, !document.documentElement.classList.contains('fl-linked'))
root.replaceChildren()
createRoot(root).render(
  <StrictMode>
    <FirstWidthContext.Provider value={firstWidth}>
      <TourApp initial={readTourLink(location.search, location.hash, TOUR)} />
    </FirstWidthContext.Provider>
  </StrictMode>,
)
