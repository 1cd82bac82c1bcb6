/**
 * A run too heavy to compute at once, said before it is computed: above the page's budget the
 * reader sees its size and chooses (run it in the background, shorten it, or not now); while a
 * run is computed in the background, its progress and a Cancel button. The lab behind it keeps
 * working on the run it showed; a heavy link's run, which the lab opened with, has none behind it
 * (its stage waits, with OpeningNote).
 */
import { formatCount, formatDurationMs, PAGE_EVENT_BUDGET } from '../sim'
import { estimateWords, useLab, useLabAction } from '../store'

export function LargeRun() {
  const pending = useLab((s) => s.pendingRun)
  const runLarge = useLabAction('runLarge')
  const shortenLarge = useLabAction('shortenLarge')
  const cancelRun = useLabAction('cancelRun')
  if (pending === null) return null
  const size = estimateWords(pending.estimate)
  if (pending.status === 'ask') {
    return (
      <section className="fl-large-run" aria-label="A large run">
        <p>
          <strong>
            “{pending.title}” is a large run: {size}.
          </strong>{' '}
          The lab computes runs of up to {formatCount(PAGE_EVENT_BUDGET)} events without asking;
          this one takes longer and much more memory.
          {pending.estimate.reachesLimit
            ? ' The engine would cut it at 2,000,000 events, so its end would stay unknown.'
            : ''}
          {pending.opening ? ' “Not now” shows the default scenario instead.' : ''}
        </p>
        <div className="fl-notice-tools">
          <button type="button" className="fl-button fl-button--primary" onClick={runLarge}>
            Run it in the background
          </button>
          {pending.shorterMs !== null && (
            <button type="button" className="fl-button" onClick={shortenLarge}>
              Shorten it to {formatDurationMs(pending.shorterMs)}
            </button>
          )}
          <button type="button" className="fl-button fl-button--quiet" onClick={cancelRun}>
            Not now
          </button>
        </div>
      </section>
    )
  }
  const { progress } = pending
  const fraction =
    progress === null
      ? 0
      : progress.phase === 'running'
        ? progress.events / pending.estimate.events
        : 1
  return (
    <section className="fl-large-run" aria-label="Computing the run" aria-busy="true">
      <p>
        <strong>Computing “{pending.title}” in the background</strong> ({size}).{' '}
        <span className="fl-large-run-status">
          {progress === null
            ? 'Starting…'
            : progress.phase === 'running'
              ? `${formatCount(progress.events)} events so far, at ${formatDurationMs(progress.atMs)}.`
              : `All ${formatCount(progress.events)} events run; indexing them…`}
        </span>{' '}
        {pending.opening
          ? 'The page keeps answering meanwhile.'
          : 'The lab keeps working meanwhile.'}
      </p>
      <div className="fl-notice-tools">
        <progress
          className="fl-large-run-progress"
          aria-label="Progress of the run"
          max={1}
          value={Math.min(1, fraction)}
        />
        <button type="button" className="fl-button" onClick={cancelRun}>
          Cancel
        </button>
      </div>
    </section>
  )
}

/**
 * What the stage says while a heavy link's run is asked about or computed (Lab.tsx): the lab has
 * not shown a run yet, and the default scenario the store holds meanwhile is not what the reader
 * opened.
 */
export function OpeningNote() {
  const title = useLab((s) => s.pendingRun?.title)
  return (
    <p>
      <strong>“{title}”</strong> is drawn here once its run is computed.
    </p>
  )
}
