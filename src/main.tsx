import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { addressNeeds, App, decodedAhead } from './ui/App'

const root = document.getElementById('root')
if (!root) throw new Error('index.html has no #root element')

// A custom scenario's link first loads its decoder and reads the link (in a task of its own); a
// preset opens at once (a resolved promise runs in this task's microtasks, before the browser
// paints).
void addressNeeds()
  .then((decode) => (decode === null ? null : decodedAhead(decode)))
  .then((decode) => {
    // The built page carries its first screen as static markup (scripts/prerender.ts). The app
    // draws the same screen in the same task, before the browser paints again, so it replaces the
    // markup rather than patching it: no attribute of the static copy lingers on the live page.
    root.replaceChildren()
    createRoot(root).render(
      <StrictMode>
        <App decode={decode} />
      </StrictMode>,
    )
  })
