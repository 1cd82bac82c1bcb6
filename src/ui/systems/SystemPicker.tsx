/**
 * "Model my setup": pick a real lock system, set the parameters its users set (real defaults
 * shown), read the danger windows those parameters open, then open the scenario in the lab (the
 * store's openScenario, an undoable step, with the windows drawn on its timeline) or hand it to
 * "Find a counterexample".
 *
 * Loaded lazily (the default export): the lab's first load carries only the button that opens it.
 */
import { useId, useMemo, useState } from 'react'
import { parseScenario } from '../../sim'
import type { SystemParam } from '../../systems'
import { buildSystem, defaultParams, SYSTEMS, timedWindows } from '../../systems'
import { useLabAction } from '../../store'
import { showStage } from '../ScenarioPicker'
import './systems.css'

type Values = Record<string, number | string>

export default function SystemPicker() {
  const [systemId, setSystemId] = useState(SYSTEMS[0]?.id ?? '')
  const profile = SYSTEMS.find((s) => s.id === systemId) ?? SYSTEMS[0]!
  const [values, setValues] = useState<Values>(() => defaultParams(profile))
  const selectId = useId()
  const openScenario = useLabAction('openScenario')
  const setTab = useLabAction('setTab')

  const built = useMemo(() => buildSystem(profile.id, values), [profile.id, values])
  const parsed = useMemo(() => (built.ok ? parseScenario(built.built.scenario) : null), [built])

  const choose = (id: string) => {
    const next = SYSTEMS.find((s) => s.id === id)
    if (next === undefined) return
    setSystemId(id)
    setValues(defaultParams(next))
  }

  const open = (from: Element, explore: boolean) => {
    if (parsed === null || !parsed.ok || !built.ok) return
    openScenario(parsed.scenario, {
      announcement: `Opened “${parsed.scenario.title ?? profile.name}”, modelled on ${profile.name}.`,
      // The windows the profile derived for this scenario (the same as its captions), as bands.
      dangerWindows: timedWindows(built.built.windows),
    })
    if (explore) {
      setTab('explore')
      from.closest('.fl-lab')?.querySelector('.fl-panels')?.scrollIntoView({ block: 'start' })
    } else {
      showStage(from)
    }
  }

  return (
    <div className="fl-systems-body">
      <div className="fl-picker-row">
        <label htmlFor={selectId} className="fl-picker-label">
          System
        </label>
        <select
          id={selectId}
          className="fl-picker-select"
          value={profile.id}
          onChange={(e) => choose(e.currentTarget.value)}
        >
          {SYSTEMS.map((s) => (
            <option key={s.id} value={s.id}>
              {s.name}
            </option>
          ))}
        </select>
      </div>
      <p className="fl-systems-summary">{profile.summary}</p>
      <fieldset className="fl-systems-params">
        <legend>Parameters (the system’s defaults to start)</legend>
        {profile.params.map((p) => (
          <ParamInput
            key={`${profile.id}.${p.key}`}
            param={p}
            value={values[p.key] ?? p.defaultValue}
            onChange={(v) => setValues({ ...values, [p.key]: v })}
          />
        ))}
        <button
          type="button"
          className="fl-button fl-button--quiet fl-button--small"
          onClick={() => setValues(defaultParams(profile))}
        >
          Back to the defaults
        </button>
      </fieldset>
      <section aria-label="Danger windows" className="fl-systems-windows">
        <h3 className="fl-group-title">Danger windows</h3>
        {built.ok ? (
          <ul>
            {built.built.windows.map((w) => (
              <li key={w.id}>{w.words}</li>
            ))}
          </ul>
        ) : (
          <p className="fl-share-error" role="alert">
            {built.message}
          </p>
        )}
      </section>
      <div className="fl-systems-actions">
        <button
          type="button"
          className="fl-button"
          disabled={parsed === null || !parsed.ok}
          onClick={(e) => open(e.currentTarget, false)}
        >
          Open this scenario
        </button>
        <button
          type="button"
          className="fl-button fl-button--quiet"
          disabled={parsed === null || !parsed.ok}
          onClick={(e) => open(e.currentTarget, true)}
        >
          Find a counterexample on it
        </button>
      </div>
      <details className="fl-systems-more">
        <summary>What the lab simulates, and where the numbers come from</summary>
        <p>{profile.protocol}</p>
        <p>
          <strong>Fencing:</strong> {profile.fencing}
        </p>
        <ul>
          {profile.sources.map((s) => (
            <li key={s.url}>
              <a href={s.url} rel="noreferrer noopener" target="_blank">
                {s.label}
              </a>
            </li>
          ))}
        </ul>
        {profile.presets.length > 0 && (
          <p className="fl-hint">Related presets: {profile.presets.join(', ')}.</p>
        )}
      </details>
    </div>
  )
}

function ParamInput({
  param,
  value,
  onChange,
}: {
  param: SystemParam
  value: number | string
  onChange: (value: number | string) => void
}) {
  const id = useId()
  const hint = `${id}-why`
  return (
    <div className="fl-systems-param">
      <label htmlFor={id}>
        <span className="fl-mono">{param.label}</span>
        {param.kind === 'number' && <span className="fl-hint"> ({param.unit})</span>}
      </label>
      {param.kind === 'number' ? (
        <input
          id={id}
          type="number"
          inputMode="decimal"
          min={param.min}
          max={param.max}
          step={param.step}
          value={value}
          aria-describedby={hint}
          // Kept as typed until it is a number; buildSystem names a value out of range.
          onChange={(e) => {
            const n = e.currentTarget.valueAsNumber
            onChange(Number.isNaN(n) ? e.currentTarget.value : n)
          }}
        />
      ) : (
        <select
          id={id}
          value={value}
          aria-describedby={hint}
          onChange={(e) => onChange(e.currentTarget.value)}
        >
          {param.choices.map((c) => (
            <option key={c.value} value={c.value}>
              {c.label}
            </option>
          ))}
        </select>
      )}
      <span id={hint} className="fl-hint fl-systems-why">
        {param.why}
        {param.kind === 'number' && ` Default ${param.defaultValue} ${param.unit}.`}
      </span>
    </div>
  )
}
