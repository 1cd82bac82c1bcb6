/**
 * The scenario picker: every preset by title, with its one-line summary and the seed question it
 * answers; the current scenario's question is the page's lead.
 */
import { useId } from 'react'
import type { Preset } from '../sim'
import { PRESETS } from '../sim'
import { useLab } from '../store'

const CUSTOM = '__custom__'

export function ScenarioPicker() {
  const base = useLab((s) => s.base)
  const edited = useLab((s) => s.edited)
  const title = useLab((s) => s.lab.scenario.title)
  const loadPreset = useLab((s) => s.loadPreset)
  const resetEdits = useLab((s) => s.resetEdits)
  const selectId = useId()
  const preset: Preset | null = base.preset
  const current = base.kind === 'preset' ? base.preset.id : CUSTOM
  return (
    <section className="fl-picker" aria-label="Scenario">
      <div className="fl-picker-row">
        <label htmlFor={selectId} className="fl-picker-label">
          Scenario
        </label>
        <select
          id={selectId}
          className="fl-picker-select"
          value={current}
          onChange={(e) => loadPreset(e.currentTarget.value)}
        >
          {base.kind === 'custom' && (
            <option value={CUSTOM}>Custom: {title ?? 'untitled scenario'}</option>
          )}
          {PRESETS.map((p) => (
            <option key={p.id} value={p.id}>
              {p.scenario.title}
            </option>
          ))}
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
      {preset !== null && (
        <div className="fl-picker-lead">
          <p className="fl-question">{preset.question}</p>
          <p className="fl-summary">{preset.summary}</p>
        </div>
      )}
      <details className="fl-catalogue">
        <summary>All {PRESETS.length} scenarios</summary>
        <ul className="fl-catalogue-grid">
          {PRESETS.map((p) => (
            <li key={p.id}>
              <button
                type="button"
                className="fl-preset-card"
                aria-current={p.id === current ? 'true' : undefined}
                onClick={() => loadPreset(p.id)}
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
    </section>
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
