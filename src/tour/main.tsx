/** The tour page's entry (tour.html): reads the address once, then hands over to TourApp. */
import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { readTourLink } from '../link/tour'
import { TOUR } from './chapters'
import { TourApp } from './TourApp'
import '../ui/lab.css'
import '../ui/labPage.css'
import './tour.css'

const root = document.getElementById('root')
if (!root) throw new Error('tour.html has no #root element')

// The built page carries its first screen as static markup (scripts/prerender.ts): the app draws
// the same screen in the same task, so it replaces the markup before the browser paints again.
root.replaceChildren()
createRoot(root).render(
  <StrictMode>
    <TourApp initial={readTourLink(location.search, location.hash, TOUR)} />
  </StrictMode>,
)
