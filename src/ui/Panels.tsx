/**
 * The lab's tabs (state, break things, about, and the explorer when given) beside the event log.
 * The embed reuses them; it leaves the explorer out, so nothing of it reaches the embed's bundle
 * (the custom element inlines every dynamic import).
 */
import { useId } from 'react'
import type { ReactNode } from 'react'
import type { LabTab } from '../store'
import { useLab, useLabAction } from '../store'
import { formatCount } from '../sim'
import { BreakPanel } from './BreakPanel'
import { EventLog } from './EventLog'
import { Inspector } from './Inspector'
import { AboutPanel } from './ScenarioPicker'
import { Tabs } from './Tabs'

const TABS: ReadonlyArray<{ id: LabTab; label: string }> = [
  { id: 'state', label: 'State' },
  { id: 'break', label: 'Break things' },
  { id: 'explore', label: 'Find a counterexample' },
  { id: 'about', label: 'About' },
]

export function Panels({ explorer }: { explorer?: ReactNode }) {
  const selected = useLab((s) => s.tab)
  const setTab = useLabAction('setTab')
  const count = useLab((s) => s.lab.run.events.length)
  const isHistory = useLab((s) => s.base.kind === 'history')
  const logHeading = useId()
  const tabs = explorer === undefined ? TABS.filter((t) => t.id !== 'explore') : TABS
  // A tab left out (the explorer in an embed) shows the first one instead.
  const tab = tabs.some((t) => t.id === selected) ? selected : 'state'
  return (
    <div className="fl-panels">
      <Tabs tabs={tabs} selected={tab} onSelect={setTab} label="Lab panels">
        {tab === 'state' && <Inspector />}
        {tab === 'break' && <BreakPanel />}
        {tab === 'about' && <AboutPanel />}
        {tab === 'explore' &&
          (isHistory ? (
            <p className="fl-hint">A real history already happened: open a scenario to search.</p>
          ) : (
            explorer
          ))}
      </Tabs>
      <section className="fl-log-panel" aria-labelledby={logHeading}>
        <header className="fl-log-header">
          <h2 id={logHeading}>Event log</h2>
          <span className="fl-hint">{formatCount(count)} events · select one to go there</span>
        </header>
        <EventLog headingId={logHeading} />
      </section>
    </div>
  )
}
