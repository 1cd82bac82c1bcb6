/**
 * What the lab makes of a real history, under its diagram: where it came from, that it is not a
 * simulation (and so what is off), each finding with why — the lines of the history that prove
 * it, each a "jump to" that moves the cursor to its event — the lines that could not be read,
 * and what the history cannot tell (clocks that disagree first). Loads with the history code.
 */
import { useId, useState } from 'react'
import { where } from '../../history'
import type { Judgement } from '../../history'
import { formatCount, formatMs } from '../../sim'
import type { OpenedHistory } from '../../store'
import { useLab, useLabAction } from '../../store'
import './history.css'

/**
 * Findings listed before "Show all": a long history can have a thousand, each with its why and
 * jump buttons, and listing them all at once made opening it slow (and the page long).
 */
export const FIRST_FINDINGS = 50

const SOURCE_WORDS: Record<string, string> = {
  'fencing-lab/history@1': 'history format v1',
  'fencing-lab/report': 'the lab’s own report',
  'kubernetes-lease-watch': 'Kubernetes Lease watch',
  'client-go-klog': 'client-go log lines',
  etcd: 'etcdctl watch or get',
  mapped: 'your mapping',
}

export default function HistoryReport() {
  const base = useLab((s) => s.base)
  if (base.kind !== 'history') return null
  return <Report opened={base.history} />
}

function Report({ opened }: { opened: OpenedHistory }) {
  const { judgement, names } = opened
  const heading = useId()
  const clocks = judgement.notes.filter((n) => n.kind === 'clocks-disagree')
  const others = judgement.notes.filter((n) => n.kind !== 'clocks-disagree')
  const { violations, warnings } = judgement.result
  const [showAll, setShowAll] = useState(false)
  const listed = showAll ? judgement.findings : judgement.findings.slice(0, FIRST_FINDINGS)
  const unlisted = judgement.findings.length - listed.length
  return (
    <section className="fl-history-report" aria-labelledby={heading}>
      <h2 id={heading}>What this history shows</h2>
      <p>
        Read from{' '}
        {names.map((name, i) => (
          <span key={`${name}-${i}`}>
            {i > 0 && ' and '}
            <code>{name}</code> ({SOURCE_WORDS[judgement.sources[i] ?? ''] ?? judgement.sources[i]})
          </span>
        ))}
        , in this page only: nothing was sent anywhere. {originWords(judgement)}
      </p>
      <p className="fl-hint">
        This is a real history, not a simulation: it shows what happened. Break things, Compare
        fencing on / off and Find a counterexample change a simulation, so they are off here; open a
        scenario to use them.
      </p>
      {clocks.length > 0 && (
        <div className="fl-history-clocks" role="note">
          <h3>Clocks disagree</h3>
          <ul>
            {clocks.map((n) => (
              <li key={n.message}>{n.message}</li>
            ))}
          </ul>
        </div>
      )}
      <h3>
        Verdict:{' '}
        <span className={`fl-verdict fl-verdict--${judgement.result.verdict}`}>
          {judgement.result.verdict}
        </span>{' '}
        ({violations.length} violation{violations.length === 1 ? '' : 's'}, {warnings.length}{' '}
        warning{warnings.length === 1 ? '' : 's'})
      </h3>
      {judgement.findings.length === 0 ? (
        <p>The checker found nothing wrong in what the history shows.</p>
      ) : (
        <ol className="fl-history-findings">
          {listed.map(({ finding, why }, k) => (
            <li key={k} className={`fl-history-finding fl-history-finding--${finding.severity}`}>
              <p>
                <span
                  className={`fl-badge ${finding.severity === 'violation' ? 'fl-badge--bad' : 'fl-badge--warn'}`}
                >
                  {finding.kind}
                </span>{' '}
                {finding.message}
              </p>
              <p>
                <strong>Why:</strong> {why.text}
              </p>
              <JumpButtons judgement={judgement} events={why.events} />
            </li>
          ))}
        </ol>
      )}
      {unlisted > 0 && (
        <p>
          The first {listed.length} of {formatCount(judgement.findings.length)} findings are listed;
          every one is marked on the diagram and in the event log.{' '}
          <button
            type="button"
            className="fl-button fl-button--small"
            onClick={() => setShowAll(true)}
          >
            Show all {formatCount(judgement.findings.length)}
          </button>
        </p>
      )}
      {judgement.errors.length > 0 && (
        <div className="fl-history-bad-lines" role="note">
          <h3>
            {judgement.errors.length} line{judgement.errors.length === 1 ? '' : 's'} could not be
            read (the rest was judged)
          </h3>
          <ul className="fl-history-errors">
            {judgement.errors.map((e, k) => (
              <li key={k}>{where(e)}</li>
            ))}
          </ul>
        </div>
      )}
      {others.length > 0 && (
        <>
          <h3>What the history cannot tell, and how it was read</h3>
          <ul className="fl-history-notes">
            {others.map((n, k) => (
              <li key={k}>{n.message}</li>
            ))}
          </ul>
        </>
      )}
    </section>
  )
}

function JumpButtons({ judgement, events }: { judgement: Judgement; events: readonly number[] }) {
  const setCursor = useLabAction('setCursor')
  const pause = useLabAction('pause')
  if (events.length === 0) return null
  return (
    <div className="fl-history-jumps" role="group" aria-label="Jump to the events it cites">
      {events.map((i) => {
        const event = judgement.run.events[i]
        if (event === undefined) return null
        const ref = judgement.refOf[i] ?? ''
        return (
          <button
            key={i}
            type="button"
            className="fl-button fl-button--small"
            onClick={() => {
              pause()
              setCursor(event.atMs, { announce: true })
            }}
          >
            Jump to {ref === '' ? formatMs(event.atMs) : `${ref} (${formatMs(event.atMs)})`}
          </button>
        )
      })}
    </div>
  )
}

/** What the run's 0 ms stands for, when the history's times are wall-clock times. */
function originWords(judgement: Judgement): string {
  // Times after 2001 are taken for wall-clock times (ms since the epoch); others have any origin.
  if (judgement.originMs < 1e12) return ''
  return `0 s on the diagram is ${new Date(judgement.originMs).toISOString()}.`
}
