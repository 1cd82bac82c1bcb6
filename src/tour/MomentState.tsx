/**
 * The state at the cursor in one glance (the timeline's state, as the lab's inspector shows it
 * in full): who the lock service says holds the lease, what each client believes, and what each
 * resource holds. A client that believes it holds the lock while the lock service disagrees is
 * the whole lesson, so it is marked.
 */
import { useMemo } from 'react'
import { formatMs, valueWords } from '../sim'
import type { LabRun } from '../store/derive'
import type { ClientView, LabState, ResourceView } from '../timeline'
import { stateAfterEvent } from '../timeline'

export function MomentState({
  lab,
  lastIndex,
  cursorMs,
}: {
  lab: LabRun
  lastIndex: number
  cursorMs: number
}) {
  const state = useMemo(() => stateAfterEvent(lab.timeline, lastIndex), [lab, lastIndex])
  return (
    <section className="fl-tour-state" aria-label={`State at ${formatMs(cursorMs)}`}>
      <h3 className="fl-tour-mini-title">State at {formatMs(cursorMs)}</h3>
      <ul className="fl-tour-facts">
        <li className="fl-tour-fact">
          <span className="fl-tour-fact-name">Lock service</span>
          <span className="fl-tour-fact-text">{lockWords(state)}</span>
        </li>
        {state.clients.map((c) => {
          const stale = c.believes && !c.holds
          return (
            <li key={c.id} className={`fl-tour-fact${stale ? ' is-stale' : ''}`}>
              <span className="fl-tour-fact-name">Client {c.id}</span>
              <span className="fl-tour-fact-text">
                {clientWords(c, state)}
                {c.paused && (
                  <span className="fl-badge fl-badge--warn">
                    paused{c.pausedUntilMs === null ? '' : ` until ${formatMs(c.pausedUntilMs)}`}
                  </span>
                )}
                {c.crashed && <span className="fl-badge fl-badge--bad">crashed</span>}
              </span>
            </li>
          )
        })}
        {state.resources.map((r) => (
          <li key={r.id} className="fl-tour-fact">
            <span className="fl-tour-fact-name">{r.id}</span>
            <span className="fl-tour-fact-text">{resourceWords(r)}</span>
          </li>
        ))}
      </ul>
    </section>
  )
}

function lockWords(state: LabState): string {
  const { lock } = state
  if (lock.down) return 'down'
  const delay =
    lock.lockDelayUntilMs === null ? '' : ` (lock-delay until ${formatMs(lock.lockDelayUntilMs)})`
  if (lock.holderIdentity === null) return `nobody holds the lease${delay}`
  const token = lock.token === null ? '' : ` with token ${String(lock.token)}`
  const until = lock.expiresAtMs === null ? '' : `, until ${formatMs(lock.expiresAtMs)}`
  return `${lock.holderIdentity} holds the lease${token}${until}`
}

function clientWords(c: ClientView, state: LabState): string {
  const token = c.token === null ? '' : ` (token ${String(c.token)})`
  if (c.crashed) return 'gone: it crashed'
  if (c.believes && c.holds) return `holds the lock, and knows it${token}`
  if (c.believes) {
    const holder = state.lock.holderIdentity
    return `believes it holds the lock${token}, but ${holder === null ? 'its lease is over' : `the lock service says ${holder} does`}`
  }
  if (c.holds) return `granted the lease${token}; the grant is on its way`
  return c.activity
}

function resourceWords(r: ResourceView): string {
  const fencing =
    r.fencing === 'none'
      ? 'checks no token'
      : r.highestToken === null
        ? 'has seen no token yet'
        : `highest token ${r.highestToken}`
  return `value ${valueWords(r.value)} · ${fencing}`
}
