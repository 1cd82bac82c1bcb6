/**
 * Above the stage, in place of a scenario's question: that what is drawn is a real history, not
 * a simulation, and its verdict; while a history is read, a progress bar (shown only when reading
 * takes more than a moment); when it could not be opened, why, with the lines at fault.
 */
import { historyTitle, useLab, useLabAction } from '../../store'

/** Loaded with the history code: shown only once a history is being opened or is open. */
export default function HistoryTop() {
  return (
    <>
      <HistoryLead />
      <HistoryStatusLine />
    </>
  )
}

function HistoryLead() {
  const base = useLab((s) => s.base)
  const verdict = useLab((s) => s.lab.findings)
  if (base.kind !== 'history') return null
  const n = verdict.violations.length
  return (
    <p className="fl-question fl-history-lead">
      <span className="fl-badge fl-badge--accent">Real history</span> not a simulation:{' '}
      {historyTitle(base.history)} —{' '}
      <span className={`fl-verdict fl-verdict--${verdict.verdict}`}>{verdict.verdict}</span>
      {n > 0 && `, ${n} violation${n === 1 ? '' : 's'}`}
    </p>
  )
}

function HistoryStatusLine() {
  const status = useLab((s) => s.historyStatus)
  const clear = useLabAction('setHistoryStatus')
  if (status === null) return null
  const names = status.names.join(' + ')
  if (status.kind === 'reading') {
    // The worker says how far it has got; until it first does, the bar is indeterminate.
    const percent = status.done === null ? null : Math.round(status.done * 100)
    return (
      <div className="fl-history-reading" role="status">
        <span>
          {status.done === 1 ? 'Drawing' : 'Reading'} {names}…
        </span>
        {/* Not in the live region's words: a reader would hear every step of it. */}
        {percent === null ? null : <span aria-hidden="true">{percent}%</span>}
        {status.done === null ? (
          <progress aria-label={`Reading ${names}`} />
        ) : (
          <progress aria-label={`Reading ${names}`} value={status.done} max={1} />
        )}
      </div>
    )
  }
  return (
    <div className="fl-notice" role="alert">
      <div className="fl-notice-body">
        <p>
          {names} was not opened: {status.message}. The lab is unchanged.
        </p>
        {status.errors.length > 0 && (
          <ul className="fl-history-errors">
            {status.errors.map((e) => (
              <li key={e}>{e}</li>
            ))}
          </ul>
        )}
      </div>
      <button type="button" className="fl-button fl-button--quiet" onClick={() => clear(null)}>
        Dismiss
      </button>
    </div>
  )
}
