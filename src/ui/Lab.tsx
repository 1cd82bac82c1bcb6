/**
 * One lab: header, scenario picker, caption, diagram, controls, then the state inspector, the
 * break-things panel and the event log. Keyboard shortcuts are bound here, on the lab's root
 * (never on window); the playback loop runs while the lab is mounted.
 */
import { useId } from 'react'
import type { LabTab, Theme } from '../store'
import { useLab } from '../store'
import { AboutPanel, ScenarioPicker } from './ScenarioPicker'
import { BreakPanel } from './BreakPanel'
import { Caption } from './Caption'
import { Controls } from './Controls'
import { DiagramPanel } from './DiagramPanel'
import { EventLog } from './EventLog'
import { Inspector } from './Inspector'
import { LiveRegion, Notice, useLabRoot } from './LabParts'
import { Segmented } from './Segmented'
import { ShareBar } from './share/ShareBar'
import { Tabs } from './Tabs'

export function Lab() {
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
      <Notice />
      <ScenarioPicker />
      <ShareBar />
      <section className="fl-stage" aria-label="Timeline">
        <Caption />
        <DiagramPanel />
        <Controls />
        <Shortcuts />
      </section>
      <Panels />
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

const TABS: ReadonlyArray<{ id: LabTab; label: string }> = [
  { id: 'state', label: 'State' },
  { id: 'break', label: 'Break things' },
  { id: 'about', label: 'About' },
]

/** The state, break-things and about tabs beside the event log (the embed reuses them). */
export function Panels() {
  const tab = useLab((s) => s.tab)
  const setTab = useLab((s) => s.setTab)
  const count = useLab((s) => s.lab.run.events.length)
  const logHeading = useId()
  return (
    <div className="fl-panels">
      <Tabs tabs={TABS} selected={tab} onSelect={setTab} label="Lab panels">
        {tab === 'state' && <Inspector />}
        {tab === 'break' && <BreakPanel />}
        {tab === 'about' && <AboutPanel />}
      </Tabs>
      <section className="fl-log-panel" aria-labelledby={logHeading}>
        <header className="fl-log-header">
          <h2 id={logHeading}>Event log</h2>
          <span className="fl-hint">
            {count.toLocaleString('en')} events · select one to go there
          </span>
        </header>
        <EventLog headingId={logHeading} />
      </section>
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
