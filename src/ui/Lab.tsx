/**
 * One lab: header, scenario picker, caption, diagram, controls, then the state inspector, the
 * break-things panel and the event log. Keyboard shortcuts are bound here, on the lab's root
 * (never on window); the playback loop runs while the lab is mounted.
 */
import { lazy, Suspense } from 'react'
import type { Theme } from '../store'
import { useLab } from '../store'
import { ScenarioPicker } from './ScenarioPicker'
import { Caption } from './Caption'
import { Controls } from './Controls'
import { DiagramPanel } from './DiagramPanel'
import type { BrokenLink } from './BrokenLink'
import { CopyBrokenLink } from './BrokenLink'
import { LiveRegion, Notice, useLabRoot } from './LabParts'
import { Panels } from './Panels'
import { Segmented } from './Segmented'
import { ShareBar } from './share/ShareBar'

// The counterexample explorer's panel loads when its tab is first opened.
const ExplorePanel = lazy(() => import('./explore/ExplorePanel'))

/** `brokenLink`: the address the page opened, when it was wrong (its notice offers to copy it). */
export function Lab({ brokenLink = null }: { brokenLink?: BrokenLink | null }) {
  const { theme, reducedMotion, onKeyDown } = useLabRoot()

  return (
    <div
      className="fl-lab"
      data-theme={theme}
      data-motion={reducedMotion ? 'reduced' : 'full'}
      onKeyDown={onKeyDown}
      tabIndex={-1}
    >
      <header className="fl-header">
        <div className="fl-brand">
          <h1 className="fl-title">Fencing Lab</h1>
          <p className="fl-lesson">
            A lease gives availability, not safety. Only a fencing token checked by the resource
            keeps a paused or delayed former holder from doing harm.
          </p>
        </div>
        <div className="fl-header-tools">
          <a className="fl-button fl-button--quiet fl-tour-link" href="tour.html">
            Guided tour
          </a>
          <ThemeToggle />
        </div>
      </header>
      <Notice>
        <CopyBrokenLink link={brokenLink} />
      </Notice>
      <ScenarioPicker />
      <ShareBar />
      <section className="fl-stage" aria-label="Timeline">
        <Caption />
        <DiagramPanel />
        <Controls />
        <Shortcuts />
      </section>
      <Panels
        explorer={
          <Suspense fallback={<p className="fl-hint">Loading the explorer…</p>}>
            <ExplorePanel />
          </Suspense>
        }
      />
      <LiveRegion />
    </div>
  )
}

const THEMES: ReadonlyArray<{ value: Theme; label: string }> = [
  { value: 'auto', label: 'Auto' },
  { value: 'light', label: 'Light' },
  { value: 'dark', label: 'Dark' },
]

function ThemeToggle() {
  const theme = useLab((s) => s.theme)
  const setTheme = useLab((s) => s.setTheme)
  return (
    <div className="fl-theme">
      <Segmented legend="Theme" options={THEMES} value={theme} onChange={setTheme} hideLegend />
    </div>
  )
}

function Shortcuts() {
  return (
    <details className="fl-shortcuts">
      <summary>Keyboard shortcuts</summary>
      <dl>
        <dt>
          <kbd>Space</kbd>
        </dt>
        <dd>Play or pause</dd>
        <dt>
          <kbd>→</kbd> <kbd>←</kbd>
        </dt>
        <dd>Next or previous event</dd>
        <dt>
          <kbd>Home</kbd> <kbd>End</kbd>
        </dt>
        <dd>Start or end of the run</dd>
        <dt>
          <kbd>Page Down</kbd> <kbd>Page Up</kbd>
        </dt>
        <dd>Next or previous violation or rejection</dd>
        <dt>
          <kbd>Ctrl</kbd>/<kbd>⌘</kbd> <kbd>Z</kbd>, with <kbd>Shift</kbd>
        </dt>
        <dd>Undo, redo an edit</dd>
      </dl>
      <p className="fl-hint">These keys work while the lab has focus; Tab reaches every control.</p>
    </details>
  )
}
