/**
 * The scenario picker, in three places on the page: the select in the header, the current
 * scenario's question as the lead just above the stage, and the catalogue of every preset (with
 * its summary) after the stage, since a summary tells the story's ending. Picking a scenario
 * brings the reader to the stage.
 */
import { useId } from 'react'
import type { Preset } from '../sim'
import { PRESETS } from '../sim'
import { historyTitle, useLab, useLabAction, useLabStore } from '../store'
import { EXAMPLE_PREFIX, HISTORY_EXAMPLES } from './history/exampleList'
import type { HistoryExampleId } from './history/exampleList'

const CUSTOM = '__custom__'
const HISTORY = '__history__'

/** Scrolls the lab's stage into view and gives it focus, so the page's keys act on it. */
export function showStage(from: Element): void {
  const stage = from.closest('.fl-lab')?.querySelector<HTMLElement>('.fl-stage')
  if (!stage) return
  const reduced = matchMedia('(prefers-reduced-motion: reduce)').matches
  stage.scrollIntoView({ block: 'start', behavior: reduced ? 'auto' : 'smooth' })
  stage.focus({ preventScroll: true })
}

export function ScenarioSelect() {
  const base = useLab((s) => s.base)
  const edited = useLab((s) => s.edited)
  const title = useLab((s) => s.lab.scenario.title)
  // A heavy link not run yet (Lab.tsx): the store's default scenario is not the one opened.
  const linked = useLab((s) => (s.pendingRun?.opening === true ? s.pendingRun.title : null))
  const loadPreset = useLabAction('loadPreset')
  const resetEdits = useLabAction('resetEdits')
  const store = useLabStore()
  const selectId = useId()
  const current =
    linked !== null || base.kind === 'custom'
      ? CUSTOM
      : base.kind === 'preset'
        ? base.preset.id
        : HISTORY
  return (
    <div className="fl-picker-row">
      <label htmlFor={selectId} className="fl-picker-label">
        Scenario
      </label>
      <select
        id={selectId}
        className="fl-picker-select"
        value={current}
        onChange={(e) => {
          const value = e.currentTarget.value
          if (value.startsWith(EXAMPLE_PREFIX)) {
            const id = value.slice(EXAMPLE_PREFIX.length) as HistoryExampleId
            void import('./history/open').then((m) => m.openHistoryExample(store, id))
          } else loadPreset(value)
          e.currentTarget.closest('.fl-lab')?.querySelector('.fl-stage')?.scrollIntoView({
            block: 'nearest',
          })
        }}
      >
        {current === CUSTOM && (
          <option value={CUSTOM}>Custom: {linked ?? title ?? 'untitled scenario'}</option>
        )}
        {base.kind === 'history' && (
          <option value={HISTORY}>Real history: {historyTitle(base.history)}</option>
        )}
        {PRESETS.map((p) => (
          <option key={p.id} value={p.id}>
            {p.scenario.title}
          </option>
        ))}
        <optgroup label="Real histories (examples)">
          {HISTORY_EXAMPLES.map((x) => (
            <option key={x.id} value={`${EXAMPLE_PREFIX}${x.id}`}>
              {x.title}
            </option>
          ))}
        </optgroup>
      </select>
      {edited && (
        <span className="fl-edited">
          <span className="fl-badge fl-badge--accent">edited</span>
          <button
            type="button"
            className="fl-button fl-button--quiet fl-button--small"
            onClick={resetEdits}
          >
            Undo all edits
          </button>
        </span>
      )}
    </div>
  )
}

/** The question the current preset answers: the page's lead, without giving the answer away. */
export function ScenarioLead() {
  const preset: Preset | null = useLab((s) => s.base.preset)
  if (preset === null) return null
  return <p className="fl-question">{preset.question}</p>
}

export function ScenarioCatalogue() {
  const base = useLab((s) => s.base)
  const loadPreset = useLabAction('loadPreset')
  const current = base.kind === 'preset' ? base.preset.id : CUSTOM
  return (
    <details className="fl-catalogue">
      <summary>All {PRESETS.length} scenarios</summary>
      <ul className="fl-catalogue-grid">
        {PRESETS.map((p) => (
          <li key={p.id}>
            <button
              type="button"
              className="fl-preset-card"
              aria-current={p.id === current ? 'true' : undefined}
              onClick={(e) => {
                loadPreset(p.id)
                showStage(e.currentTarget)
              }}
            >
              <span className="fl-preset-title">{p.scenario.title}</span>
              <span className="fl-preset-summary">{p.summary}</span>
              <span className="fl-preset-question">{p.question}</span>
              <span className="fl-preset-meta">
                <span className={`fl-verdict fl-verdict--${p.expected.verdict}`}>
                  {p.expected.verdict}
                </span>
                <code>{p.id}</code>
              </span>
            </button>
          </li>
        ))}
      </ul>
    </details>
  )
}

/** The current scenario's description and its real-world notes. */
export function AboutPanel() {
  const base = useLab((s) => s.base)
  const scenario = useLab((s) => s.lab.scenario)
  const findings = useLab((s) => s.lab.findings)
  const preset = base.preset
  return (
    <div className="fl-about">
      <h3>{scenario.title ?? 'Custom scenario'}</h3>
      {scenario.description !== undefined && <p>{scenario.description}</p>}
      <p>
        <strong>This run is {findings.verdict}.</strong>{' '}
        {findings.violations.length === 0
          ? 'No invariant is broken.'
          : findings.violations.map((v) => v.message).join(' ')}
        {findings.warnings.length > 0 &&
          ` Warnings: ${findings.warnings.map((w) => w.message).join(' ')}`}
      </p>
      {preset !== null && (
        <>
          <h4>In real systems</h4>
          <ul className="fl-real-world">
            {preset.realWorld.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
          <p className="fl-hint">
            Research scenario {preset.research}. Link: <code>?scenario={preset.id}</code>
          </p>
        </>
      )}
    </div>
  )
}
