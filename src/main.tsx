import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { addressNeeds, App, decodedAhead, openedAhead } from './ui/App'
import { guardFileDrops } from './ui/fileDrops'
import { FirstWidthContext, firstWidthOf } from './ui/firstWidth'

const root = document.getElementById('root')
if (!root) throw new Error('index.html has no #root element')

// From the first script on, a file dropped before the sharing tools load (or beside the lab) is
// held for them, never opened by the browser in place of the lab.
const drops = guardFileDrops(window)

// The static first screen's diagram width, for the app's first render (ui/firstWidth.ts); only
// where the page shows that diagram: an address it was not made for hides it.
const firstWidth = firstWidthOf(root, !document.documentElement.classList.contains('fl-linked'))

// A custom scenario's link first loads its decoder and reads the link (a piece a task); a preset
// needs neither. Then the lab is opened (its store) in one task and rendered in the next.
void addressNeeds()
  .then((decode) => (decode === null ? null : decodedAhead(decode)))
  .then(async (decode) => {
    const opened = await openedAhead(decode)
    // The built page carries its first screen as static markup (scripts/prerender.ts). The app
    // draws the same screen in the same task, before the browser paints again, so it replaces the
    // markup rather than patching it: no attribute of the static copy lingers on the live page.
    root.replaceChildren()
    createRoot(root).render(
      <StrictMode>
        <FirstWidthContext.Provider value={firstWidth}>
          <App decode={decode} opened={opened} drops={drops} />
        </FirstWidthContext.Provider>
      </StrictMode>,
    )
  })
