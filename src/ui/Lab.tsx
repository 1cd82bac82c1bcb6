/**
 * One lab: header, scenario picker, caption, diagram, controls, then the state inspector, the
 * break-things panel and the event log. Keyboard shortcuts are bound here, on the lab's root
 * (never on window); the playback loop runs while the lab is mounted.
 */
import { lazy, Suspense, useEffect, useId } from 'react'
import type { KeyboardEvent } from 'react'
import type { LabTab, Theme } from '../store'
import { startPlayback, useLab, useLabStore } from '../store'
import { AboutPanel, ScenarioPicker } from './ScenarioPicker'
import { BreakPanel } from './BreakPanel'
import { Caption } from './Caption'
import { Controls } from './Controls'
import { DiagramPanel } from './DiagramPanel'
import { EventLog } from './EventLog'
import { useMediaQuery } from './hooks'
import { CloseIcon } from './icons'
import { Inspector } from './Inspector'
import type { KeyAction } from './keys'
import { keyAction } from './keys'
import { Segmented } from './Segmented'
import { Tabs } from './Tabs'

// The counterexample explorer's panel loads when its tab is first opened.
const ExplorePanel = lazy(() => import('./explore/ExplorePanel'))

export function Lab() {
  const store = useLabStore()
  const theme = useLab((s) => s.theme)
  const reducedMotion = useMediaQuery('(prefers-reduced-motion: reduce)')

  useEffect(() => store.getState().setReducedMotion(reducedMotion), [store, reducedMotion])
  useEffect(() => startPlayback(store), [store])

  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    if (e.defaultPrevented || e.nativeEvent.isComposing) return
    const action = keyAction(e, e.target instanceof Element ? e.target : null)
    if (action === null) return
    e.preventDefault()
    run(action)
  }

  const run = (action: KeyAction) => {
    const s = store.getState()
    const actions: Record<KeyAction, () => void> = {
      'toggle-play': s.togglePlay,
      'step-forward': s.stepForward,
      'step-back': s.stepBack,
      'jump-start': s.jumpStart,
      'jump-end': s.jumpEnd,
      'next-problem': s.nextProblem,
      'previous-problem': s.previousProblem,
      undo: s.undo,
      redo: s.redo,
    }
    actions[action]()
  }

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
        <ThemeToggle />
      </header>
      <Notice />
      <ScenarioPicker />
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

function Notice() {
  const notice = useLab((s) => s.notice)
  const dismiss = useLab((s) => s.dismissNotice)
  if (notice === null) return null
  return (
    <div className="fl-notice" role="alert">
      <p>{notice}</p>
      <button
        type="button"
        className="fl-button fl-icon-button fl-button--quiet"
        aria-label="Dismiss this message"
        onClick={dismiss}
      >
        <CloseIcon />
      </button>
    </div>
  )
}

const TABS: ReadonlyArray<{ id: LabTab; label: string }> = [
  { id: 'state', label: 'State' },
  { id: 'break', label: 'Break things' },
  { id: 'explore', label: 'Find a counterexample' },
  { id: 'about', label: 'About' },
]

function Panels() {
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
        {tab === 'explore' && (
          <Suspense fallback={<p className="fl-hint">Loading the explorer…</p>}>
            <ExplorePanel />
          </Suspense>
        )}
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

/** The one polite live region: what a manual step, jump or edit did (never every frame). */
function LiveRegion() {
  const announcement = useLab((s) => s.announcement)
  return (
    <div className="fl-visually-hidden" aria-live="polite" aria-atomic="true">
      {announcement.text}
    </div>
  )
}
