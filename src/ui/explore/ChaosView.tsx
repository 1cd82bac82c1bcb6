/**
 * Chaos mode: many random fault schedules from a seed, each run with fencing on and off; a plot
 * of how often each kind of violation happened, and the failing runs, each of which opens in the
 * lab (undoably) at its first violation.
 */
import { useId } from 'react'
import type { ChaosExample } from '../../explore'
import type { ViolationKind } from '../../sim'
import { describeFault, formatMs } from '../../sim'
import { useLab, useLabAction } from '../../store'
import { ChaosPlot, SIDE_LABELS } from './ChaosPlot'
import { formatRate, perThousand } from './chaosPlotModel'
import { useExplore } from './context'
import type { ChaosJobState } from './exploreStore'
import { formatElapsed, plural, VIOLATION_LABELS } from './labels'
import { ProgressMeter } from './ProgressMeter'
import { useRunFocus } from './useRunFocus'

/** Failing runs listed (the store keeps the first few of each side and kind). */
const LISTED_RUNS = 12

export function ChaosView() {
  const chaos = useExplore((s) => s.chaos)
  const note = useExplore((s) => s.note)
  const start = useExplore((s) => s.startChaos)
  const cancel = useExplore((s) => s.cancelChaos)
  const noKinds = useExplore((s) => s.settings.kinds.length === 0)
  const running = chaos?.state.status === 'running'
  const { rootRef, cancelRef, startRef } = useRunFocus(running)

  return (
    <div className="fl-explore-run" ref={rootRef}>
      <div className="fl-button-row">
        <button
          ref={startRef}
          type="button"
          className="fl-button fl-button--primary"
          disabled={running || noKinds}
          onClick={start}
        >
          Run chaos
        </button>
        {running && (
          <button ref={cancelRef} type="button" className="fl-button" onClick={cancel}>
            Cancel
          </button>
        )}
      </div>
      {note !== null && chaos === null && (
        <p className="fl-explore-note" role="status">
          {note}
        </p>
      )}
      {chaos !== null && <ChaosResults chaos={chaos} />}
    </div>
  )
}

function ChaosResults({ chaos }: { chaos: ChaosJobState }) {
  const { state, input } = chaos
  const headingId = useId()
  if (state.status === 'failed') {
    return (
      <p className="fl-explore-warning" role="alert">
        {state.message}
      </p>
    )
  }
  const progress = state.progress
  return (
    <section className="fl-explore-results" aria-label="Chaos results">
      <p className="fl-hint">
        “<bdi>{chaos.scenario.title ?? 'custom scenario'}</bdi>”,{' '}
        {plural(input.runs, 'random schedule')} of seed {input.seed}
        {input.baseFaults === 'keep' ? ' on top of its own faults' : ''}, each run with every
        resource fenced (atomic) and with none.
      </p>
      {state.status === 'running' && (
        <ProgressMeter
          label={
            progress === null
              ? 'Starting…'
              : `Run ${progress.done.toLocaleString('en')} of ${progress.total.toLocaleString('en')}`
          }
          value={progress === null ? null : progress.done}
          max={input.runs}
          stats={
            progress === null
              ? []
              : [
                  ['Runs per second', progress.runsPerSecond.toLocaleString('en')],
                  ['Simulations', progress.simulations.toLocaleString('en')],
                  ['Elapsed', formatElapsed(progress.elapsedMs)],
                ]
          }
        />
      )}
      {state.status === 'done' && (
        <div className="fl-explore-result" role="status" aria-labelledby={headingId}>
          <h4 id={headingId} tabIndex={-1} data-explore-result-heading="">
            {plural(state.progress.done, 'run')} in {formatElapsed(state.progress.elapsedMs)}
          </h4>
          <p>
            {sideSentence('off', state.progress.failing.unfenced, state.progress.done)}{' '}
            {sideSentence('on', state.progress.failing.fenced, state.progress.done)}
          </p>
          <p className="fl-hint">
            Random runs estimate how often; they prove nothing either way. For the shortest run that
            breaks it, or a bounded “none within this budget”, use the systematic search.
          </p>
        </div>
      )}
      {progress !== null && progress.done > 0 && <ChaosPlot progress={progress} />}
      {progress !== null && state.status === 'done' && <FailingRuns examples={progress.examples} />}
    </section>
  )
}

function sideSentence(side: 'on' | 'off', failing: number, runs: number): string {
  if (failing === 0) return `With fencing ${side}, no run broke an invariant.`
  return `With fencing ${side}, ${failing.toLocaleString('en')} broke an invariant (${formatRate(perThousand(failing, runs))} per 1,000).`
}

function FailingRuns({ examples }: { examples: readonly ChaosExample[] }) {
  const openRun = useExplore((s) => s.openChaosRun)
  const opened = useExplore((s) => s.opened)
  const current = useLab((s) => s.lab.scenario)
  const serial = useExplore((s) => s.chaos?.serial)
  const undo = useLabAction('undo')
  const captionId = useId()
  if (examples.length === 0) return null
  // Fencing off first: that is where the lesson is; then fencing on.
  const listed = [...examples]
    .sort((a, b) => (a.side === b.side ? a.index - b.index : a.side === 'unfenced' ? -1 : 1))
    .slice(0, LISTED_RUNS)
  const keyOf = (e: ChaosExample) => `chaos ${serial} ${e.side} ${e.index}`
  const shown = opened !== null && opened.labScenario === current ? opened : null
  return (
    <div className="fl-chaos-runs">
      <table aria-labelledby={captionId}>
        <caption id={captionId}>
          Failing runs{examples.length > listed.length ? ' (the first few of each kind)' : ''}
        </caption>
        <thead>
          <tr>
            <th scope="col">Run</th>
            <th scope="col">Fencing</th>
            <th scope="col">First violation</th>
            <th scope="col">Faults</th>
            <th scope="col">
              <span className="fl-visually-hidden">Open in the lab</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {listed.map((e) => {
            const fencing = e.side === 'fenced' ? 'on' : 'off'
            const isShown = shown?.key === keyOf(e)
            return (
              <tr key={`${e.side}-${e.index}`}>
                <td>{e.index + 1}</td>
                <td>{fencing}</td>
                <td>
                  {VIOLATION_LABELS[e.finding.kind as ViolationKind] ?? e.finding.kind} at{' '}
                  {formatMs(e.finding.atMs)}
                  {e.kinds.length > 1 && (
                    <span className="fl-hint">
                      {' '}
                      (and {plural(e.kinds.length - 1, 'more kind')})
                    </span>
                  )}
                </td>
                <td>
                  <ul className="fl-chaos-faults">
                    {e.faults.map((f, i) => (
                      <li key={i}>{describeFault(f)}</li>
                    ))}
                  </ul>
                </td>
                <td>
                  {isShown ? (
                    <span className="fl-explore-shown">
                      Shown.{' '}
                      <button
                        type="button"
                        className="fl-button fl-button--quiet fl-button--small"
                        aria-label={`Undo: return to “${shown.previousTitle}”`}
                        onClick={undo}
                      >
                        Undo
                      </button>
                    </span>
                  ) : (
                    <button
                      type="button"
                      className="fl-button fl-button--small"
                      aria-label={`Open run ${e.index + 1} (fencing ${fencing}) in the lab`}
                      onClick={() => openRun(e)}
                    >
                      Open
                    </button>
                  )}
                </td>
              </tr>
            )
          })}
        </tbody>
      </table>
      {listed.some((e) => e.side === 'fenced') && listed.some((e) => e.side === 'unfenced') && (
        <p className="fl-hint">{SIDE_LABELS.unfenced} runs are listed first.</p>
      )}
    </div>
  )
}
