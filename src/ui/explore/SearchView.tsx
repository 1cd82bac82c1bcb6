/**
 * The systematic search: start it (on the lab's scenario as it is, or fenced on and off side by
 * side), watch its progress, cancel it, and read what it found.
 */
import { useId } from 'react'
import type { ExploreResult } from '../../explore'
import { describeChoice } from '../../explore/describe'
import type { Scenario, ViolationKind } from '../../sim'
import { describeFault, formatMs } from '../../sim'
import { useLab, useLabAction } from '../../store'
import { useExplore } from './context'
import type { SearchJob, SearchSide, SearchSlot } from './exploreStore'
import { FAULT_KIND_NOUNS, formatElapsed, listWords, plural, VIOLATION_LABELS } from './labels'
import { ProgressMeter } from './ProgressMeter'
import { useRunFocus } from './useRunFocus'

const SIDE_TITLES: Record<SearchSide, { title: string; detail: string }> = {
  'as-is': { title: 'This configuration', detail: '' },
  fenced: { title: 'Fencing on', detail: 'every resource checks tokens atomically' },
  unfenced: { title: 'Fencing off', detail: 'no resource checks tokens' },
}

export function SearchView() {
  const search = useExplore((s) => s.search)
  const note = useExplore((s) => s.note)
  const start = useExplore((s) => s.startSearch)
  const cancel = useExplore((s) => s.cancelSearch)
  const noKinds = useExplore((s) => s.settings.kinds.length === 0)
  const running = search?.slots.some((slot) => slot.state.status === 'running') === true
  const { rootRef, cancelRef, startRef } = useRunFocus(running)

  return (
    <div className="fl-explore-run" ref={rootRef}>
      <div className="fl-button-row">
        <button
          ref={startRef}
          type="button"
          className="fl-button fl-button--primary"
          disabled={running || noKinds}
          onClick={() => start('single')}
        >
          Find a counterexample
        </button>
        <button
          type="button"
          className="fl-button"
          disabled={running || noKinds}
          onClick={() => start('fencing')}
        >
          Search with fencing on and off
        </button>
        {running && (
          <button ref={cancelRef} type="button" className="fl-button" onClick={cancel}>
            Cancel
          </button>
        )}
      </div>
      {note !== null && search === null && (
        <p className="fl-explore-note" role="status">
          {note}
        </p>
      )}
      {search !== null && <SearchResults search={search} />}
    </div>
  )
}

function SearchResults({ search }: { search: SearchJob }) {
  const current = useLab((s) => s.lab.scenario)
  const opened = useExplore((s) => s.opened)
  const stale =
    current !== search.scenario &&
    !(
      opened !== null &&
      opened.key.startsWith(`search ${search.serial} `) &&
      opened.labScenario === current
    )
  const single = search.kind === 'single'
  return (
    <section className="fl-explore-results" aria-label="Search results">
      <p className="fl-hint">
        Searched “<bdi>{search.scenario.title ?? 'custom scenario'}</bdi>”
        {single ? '' : ', with every resource fenced and with none'}
        {search.slots[0]?.input.baseFaults === 'keep'
          ? ', on top of its own faults.'
          : ', from no faults.'}
        {stale && ' The lab has changed since: search again to check what it shows now.'}
      </p>
      <div className={single ? 'fl-explore-slots' : 'fl-explore-slots fl-explore-slots--pair'}>
        {search.slots.map((slot, i) => (
          <SlotView
            key={`${search.serial}-${slot.side}`}
            slot={slot}
            index={i}
            search={search}
            titled={!single}
          />
        ))}
      </div>
    </section>
  )
}

function SlotView({
  slot,
  index,
  search,
  titled,
}: {
  slot: SearchSlot
  index: number
  search: SearchJob
  titled: boolean
}) {
  const headingId = useId()
  const side = SIDE_TITLES[slot.side]
  const { state } = slot
  return (
    <div
      className="fl-explore-slot"
      {...(titled ? { 'aria-labelledby': headingId, role: 'group' } : {})}
    >
      {titled && (
        <header className="fl-explore-slot-header">
          <h4 id={headingId}>{side.title}</h4>
          <span className="fl-hint">{side.detail}</span>
        </header>
      )}
      {state.status === 'running' && <SearchProgress slot={slot} />}
      {state.status === 'failed' && (
        <p className="fl-explore-warning" role="alert">
          {state.message}
        </p>
      )}
      {state.status === 'done' && (
        <ResultView
          slot={slot}
          result={state.result}
          index={index}
          search={search}
          browserMs={state.endedMs - search.startedMs}
        />
      )}
    </div>
  )
}

function SearchProgress({ slot }: { slot: SearchSlot }) {
  const state = slot.state
  const progress = state.status === 'running' ? state.progress : null
  if (progress === null) {
    return <ProgressMeter label="Starting the search…" value={null} max={1} stats={[]} />
  }
  const stage =
    progress.faultsReached === 0 && progress.deviationsReached === 0
      ? 'The run with no added faults'
      : `Schedules with ${plural(progress.faultsReached, 'fault')}${
          progress.deviationsReached > 0
            ? ` and ${plural(progress.deviationsReached, 'timing variation')}`
            : ''
        }`
  return (
    <ProgressMeter
      label={`${stage}: ${progress.stageDone.toLocaleString('en')} of ${progress.stageTotal.toLocaleString('en')}`}
      value={progress.stageDone}
      max={Math.max(1, progress.stageTotal)}
      stats={[
        ['Schedules explored', progress.explored.toLocaleString('en')],
        ['Distinct states', progress.distinct.toLocaleString('en')],
        ['Rate', `${progress.schedulesPerSecond.toLocaleString('en')}/s`],
        ['Elapsed', formatElapsed(progress.elapsedMs)],
      ]}
    />
  )
}

function ResultView({
  slot,
  result,
  index,
  search,
  browserMs,
}: {
  slot: SearchSlot
  result: ExploreResult
  index: number
  search: SearchJob
  browserMs: number
}) {
  const elapsedMs = slot.state.status === 'done' ? slot.state.progress.elapsedMs : 0
  const stats = `${plural(result.explored, 'schedule')} explored, ${plural(result.distinct, 'distinct state')}, in ${formatElapsed(elapsedMs)} (${formatElapsed(browserMs)} in the browser, starting the worker included)`
  if (result.kind === 'no-violation') {
    return <NoViolation slot={slot} result={result} stats={stats} />
  }
  return <Counterexample slot={slot} result={result} index={index} search={search} stats={stats} />
}

function Counterexample({
  slot,
  result,
  index,
  search,
  stats,
}: {
  slot: SearchSlot
  result: Extract<ExploreResult, { kind: 'counterexample' }>
  index: number
  search: SearchJob
  stats: string
}) {
  const show = useExplore((s) => s.showCounterexample)
  const opened = useExplore((s) => s.opened)
  const current = useLab((s) => s.lab.scenario)
  const undo = useLabAction('undo')
  const headingId = useId()
  const { counterexample: cx } = result
  const label = VIOLATION_LABELS[cx.finding.kind as ViolationKind] ?? cx.finding.kind
  const key = `search ${search.serial} ${index}`
  const shown = opened?.key === key && opened.labScenario === current
  const fencing = slot.side === 'as-is' ? '' : ` (${SIDE_TITLES[slot.side].title.toLowerCase()})`
  return (
    <article className="fl-explore-result fl-explore-result--bad" aria-labelledby={headingId}>
      <h4 id={headingId} tabIndex={-1} data-explore-result-heading="">
        Counterexample: {label.toLowerCase()} <code>{cx.finding.kind}</code>
      </h4>
      <p>
        At {formatMs(cx.finding.atMs)}: {cx.finding.message}
      </p>
      <ScheduleWords scenario={cx.scenario} cx={cx} />
      <p className="fl-hint">{stats}.</p>
      <div className="fl-button-row">
        <button
          type="button"
          className="fl-button fl-button--primary"
          aria-label={`Show it${fencing}: open the counterexample in the lab at its first violation`}
          onClick={() => show(index)}
        >
          Show it
        </button>
        {shown && (
          <span className="fl-explore-shown">
            Shown in the lab at {formatMs(cx.finding.atMs)}.{' '}
            <button
              type="button"
              className="fl-button fl-button--quiet fl-button--small"
              onClick={undo}
            >
              Undo
            </button>{' '}
            returns to “{opened.previousTitle}”.
          </span>
        )}
      </div>
    </article>
  )
}

function ScheduleWords({
  scenario,
  cx,
}: {
  scenario: Scenario
  cx: Extract<ExploreResult, { kind: 'counterexample' }>['counterexample']
}) {
  const n = cx.faults.length
  return (
    <>
      {n === 0 ? (
        <p>It breaks with no added faults{cx.choices.length > 0 ? ', given this timing:' : '.'}</p>
      ) : (
        <>
          <p>
            The schedule: {plural(n, 'fault')}, minimal within this budget (no schedule with fewer
            faults broke it){cx.choices.length > 0 ? ', with this timing' : ''}:
          </p>
          <ol className="fl-explore-schedule">
            {cx.faults.map((f, i) => (
              <li key={i}>{describeFault(f, scenario)}</li>
            ))}
          </ol>
        </>
      )}
      {cx.choices.length > 0 && (
        <ul className="fl-explore-schedule fl-explore-schedule--timing">
          {cx.choices.map((c) => {
            const words = describeChoice(c)
            return <li key={c.index}>{words.charAt(0).toUpperCase() + words.slice(1)}</li>
          })}
        </ul>
      )}
    </>
  )
}

function NoViolation({
  slot,
  result,
  stats,
}: {
  slot: SearchSlot
  result: Extract<ExploreResult, { kind: 'no-violation' }>
  stats: string
}) {
  const headingId = useId()
  const { input } = slot
  const budget = input.budget ?? {}
  const kinds = budget.kinds ?? []
  const target = input.target === 'any-violation' ? null : (input.target.kinds[0] ?? null)
  const deviations = budget.maxChoiceDeviations ?? 0
  return (
    <article className="fl-explore-result fl-explore-result--ok" aria-labelledby={headingId}>
      <h4 id={headingId} tabIndex={-1} data-explore-result-heading="">
        {target === null ? (
          'No violation'
        ) : (
          <>
            No <code>{target}</code> violation
          </>
        )}{' '}
        within this budget
      </h4>
      <p>
        <strong>This is a bounded claim, not a proof.</strong> The search tried every schedule of up
        to {plural(budget.maxFaults ?? 1, 'fault')} (
        {listWords(kinds.map((k) => FAULT_KIND_NOUNS[k]))}) drawn from{' '}
        {plural(result.candidates, 'candidate fault')} at moments and lengths taken from this run
        {deviations > 0
          ? `, each with up to ${plural(deviations, 'timing variation')}`
          : ', with the seeded timing only'}
        : {stats}.
      </p>
      <p>
        {result.reason === 'space-exhausted'
          ? 'It exhausted that space.'
          : `It stopped at the cap of ${(budget.maxSchedules ?? 0).toLocaleString('en')} schedules before exhausting that space.`}{' '}
        Other moments, lengths, more faults or other kinds of fault might still break it.
      </p>
    </article>
  )
}
