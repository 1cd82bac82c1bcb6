/**
 * What to search for and the budget: the target (any violation or one kind), where to start (no
 * faults, or the scenario's own), which fault kinds may be injected, how many, timing variations
 * and a schedule cap — or, in chaos mode, how many runs and the seed. The budget folds into one
 * line that says it in words.
 */
import { useId } from 'react'
import type { BudgetFaultKind } from '../../explore'
import { BUDGET_FAULT_KINDS } from '../../explore/types'
import { VIOLATION_KINDS } from '../../sim'
import { useLab } from '../../store'
import { Segmented } from '../Segmented'
import { useExplore } from './context'
import type { ExploreMode, SearchSettings, SearchTarget } from './exploreStore'
import { FAULT_KIND_LABELS, plural, VIOLATION_LABELS } from './labels'

const SCHEDULE_CAPS = [1000, 10_000, 50_000, 200_000, 1_000_000]
const CHAOS_RUNS = [1000, 2000, 5000, 10_000]

export function Settings({ mode, disabled }: { mode: ExploreMode; disabled: boolean }) {
  const settings = useExplore((s) => s.settings)
  const update = useExplore((s) => s.updateSettings)
  const ownFaults = useLab((s) => s.lab.scenario.faults.length)
  const targetId = useId()
  const runsId = useId()
  const seedId = useId()
  return (
    <fieldset className="fl-explore-settings" disabled={disabled}>
      <legend className="fl-visually-hidden">
        {mode === 'search' ? 'What to search for' : 'Chaos settings'}
      </legend>
      <div className="fl-field-row">
        {mode === 'search' ? (
          <span className="fl-field">
            <label htmlFor={targetId}>Look for</label>
            <select
              id={targetId}
              value={settings.target}
              onChange={(e) => update({ target: e.currentTarget.value as SearchTarget })}
            >
              <option value="any-violation">Any violation</option>
              {VIOLATION_KINDS.map((kind) => (
                <option key={kind} value={kind}>
                  {VIOLATION_LABELS[kind]} ({kind})
                </option>
              ))}
            </select>
          </span>
        ) : (
          <>
            <span className="fl-field">
              <label htmlFor={runsId}>Runs</label>
              <select
                id={runsId}
                value={settings.chaosRuns}
                onChange={(e) => update({ chaosRuns: Number(e.currentTarget.value) })}
              >
                {CHAOS_RUNS.map((n) => (
                  <option key={n} value={n}>
                    {n.toLocaleString('en')}
                  </option>
                ))}
              </select>
            </span>
            <span className="fl-field">
              <label htmlFor={seedId}>Seed</label>
              <input
                id={seedId}
                className="fl-explore-seed"
                type="number"
                inputMode="numeric"
                min={0}
                max={0xffffffff}
                step={1}
                value={settings.chaosSeed}
                onChange={(e) => {
                  const seed = Math.trunc(Number(e.currentTarget.value))
                  if (Number.isFinite(seed)) {
                    update({ chaosSeed: Math.min(0xffffffff, Math.max(0, seed)) })
                  }
                }}
              />
            </span>
          </>
        )}
        <Segmented
          legend="Start from"
          options={[
            { value: 'none', label: 'No faults' },
            { value: 'keep', label: `Its own faults (${ownFaults})` },
          ]}
          value={settings.baseFaults}
          onChange={(baseFaults) => update({ baseFaults })}
        />
      </div>
      <p className="fl-hint">
        {settings.baseFaults === 'none'
          ? 'Can faults break this configuration? The scenario’s own faults are left out.'
          : 'Can more faults break this run? Added faults come on top of the scenario’s own.'}
      </p>
      <Budget mode={mode} settings={settings} update={update} />
    </fieldset>
  )
}

function Budget({
  mode,
  settings,
  update,
}: {
  mode: ExploreMode
  settings: SearchSettings
  update: (change: Partial<SearchSettings>) => void
}) {
  const capId = useId()
  const toggle = (kind: BudgetFaultKind, on: boolean) => {
    const kinds = BUDGET_FAULT_KINDS.filter((k) => (k === kind ? on : settings.kinds.includes(k)))
    update({ kinds })
  }
  return (
    <details className="fl-explore-budget">
      <summary>
        <span className="fl-strong">Budget:</span> {budgetWords(mode, settings)}
      </summary>
      <div className="fl-explore-budget-body">
        <fieldset className="fl-explore-kinds">
          <legend>Faults it may inject</legend>
          {BUDGET_FAULT_KINDS.map((kind) => (
            <label key={kind} className="fl-check">
              <input
                type="checkbox"
                checked={settings.kinds.includes(kind)}
                onChange={(e) => toggle(kind, e.currentTarget.checked)}
              />
              <span>{FAULT_KIND_LABELS[kind]}</span>
            </label>
          ))}
          {settings.kinds.length === 0 && (
            <p className="fl-explore-warning">Choose at least one kind of fault.</p>
          )}
        </fieldset>
        <div className="fl-explore-budget-row">
          <Segmented
            legend={mode === 'search' ? 'Up to' : 'Per run, up to'}
            options={[
              { value: '1', label: '1 fault' },
              { value: '2', label: '2 faults' },
              { value: '3', label: '3 faults' },
            ]}
            value={String(settings.maxFaults) as '1' | '2' | '3'}
            onChange={(v) => update({ maxFaults: Number(v) })}
          />
          {mode === 'search' && (
            <>
              <Segmented
                legend="Timing variations"
                options={[
                  { value: '0', label: 'None' },
                  { value: '1', label: '1' },
                  { value: '2', label: '2' },
                ]}
                value={String(settings.maxChoiceDeviations) as '0' | '1' | '2'}
                onChange={(v) => update({ maxChoiceDeviations: Number(v) })}
              />
              <span className="fl-field">
                <label htmlFor={capId}>Stop after</label>
                <select
                  id={capId}
                  value={settings.maxSchedules}
                  onChange={(e) => update({ maxSchedules: Number(e.currentTarget.value) })}
                >
                  {SCHEDULE_CAPS.map((n) => (
                    <option key={n} value={n}>
                      {n.toLocaleString('en')} schedules
                    </option>
                  ))}
                </select>
              </span>
            </>
          )}
        </div>
        <p className="fl-hint">
          {mode === 'search'
            ? 'Faults land at moments taken from the run itself (each step a node takes, just before and after each lease ends) with lengths measured in leases. A timing variation is one latency drawn at the end of its range, or one pair of same-time messages handled in the other order.'
            : 'Each run draws its faults at random times over the run, with random lengths up to two leases, and its own seed for latency draws; every run is played twice, with every resource fenced (atomic) and with none.'}
        </p>
      </div>
    </details>
  )
}

/** The budget in one line: "all 8 fault kinds · up to 2 faults · 1 timing variation · …". */
export function budgetWords(mode: ExploreMode, s: SearchSettings): string {
  const kinds =
    s.kinds.length === BUDGET_FAULT_KINDS.length
      ? `all ${BUDGET_FAULT_KINDS.length} fault kinds`
      : s.kinds.length === 0
        ? 'no fault kinds'
        : plural(s.kinds.length, 'fault kind')
  const faults = `up to ${plural(s.maxFaults, 'fault')}${mode === 'chaos' ? ' per run' : ''}`
  if (mode === 'chaos') return `${kinds} · ${faults}`
  const timing =
    s.maxChoiceDeviations === 0
      ? 'no timing variations'
      : plural(s.maxChoiceDeviations, 'timing variation')
  return `${kinds} · ${faults} · ${timing} · at most ${s.maxSchedules.toLocaleString('en')} schedules`
}
