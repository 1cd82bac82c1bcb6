/**
 * The event log (DESIGN.md section 5): every event of the run in words, as a list. The entry at
 * the cursor is marked (aria-current) and kept in view; entries after it are the future (faded
 * or hidden like the diagram's). Activating an entry moves the cursor there. The list is one tab
 * stop: only the current entry is in the tab order.
 *
 * Runs can hold thousands of events, so rows are rendered once, in memoized chunks: moving the
 * cursor re-renders the one or two chunks holding the old and new current entry, and "future"
 * is a CSS sibling rule after the current row, not a prop on every row.
 */
import { memo, useCallback, useLayoutEffect, useMemo, useRef } from 'react'
import type { Finding, TraceEvent } from '../sim'
import { describeEvent, formatMs } from '../sim'
import { useLab } from '../store'
import { eventIndexAt } from '../timeline'

const CHUNK = 128

export function EventLog({ headingId }: { headingId: string }) {
  const lab = useLab((s) => s.lab)
  const current = useLab((s) => eventIndexAt(s.lab.timeline, s.cursorMs))
  const futureMode = useLab((s) => s.futureMode)
  const setCursor = useLab((s) => s.setCursor)
  const pause = useLab((s) => s.pause)
  const listRef = useRef<HTMLOListElement>(null)
  const events = lab.run.events

  const findingsByEvent = useMemo(() => {
    const map = new Map<number, Finding[]>()
    for (const f of [...lab.findings.violations, ...lab.findings.warnings]) {
      map.set(f.eventIndex, [...(map.get(f.eventIndex) ?? []), f])
    }
    return map
  }, [lab])

  const onActivate = useCallback(
    (index: number) => {
      const event = events[index]
      if (event === undefined) return
      pause()
      setCursor(event.atMs, { announce: true })
    },
    [events, pause, setCursor],
  )

  // Keep the current entry in view (scrolling the list only, never the page), and let keyboard
  // focus follow it when it was inside the list.
  useLayoutEffect(() => {
    const list = listRef.current
    if (list === null) return
    const row = list.children[Math.max(0, current)]
    if (!(row instanceof HTMLElement)) return
    const top = row.offsetTop
    const bottom = top + row.offsetHeight
    if (top < list.scrollTop || bottom > list.scrollTop + list.clientHeight) {
      list.scrollTop = Math.max(0, top - list.clientHeight / 3)
    }
    if (current >= 0 && list.contains(document.activeElement)) {
      row.querySelector('button')?.focus({ preventScroll: true })
    }
  }, [current, lab])

  const focusIndex = Math.max(0, current)
  const chunks: number[] = []
  for (let start = 0; start < events.length; start += CHUNK) chunks.push(start)

  return (
    <ol
      ref={listRef}
      className={`fl-log${current < 0 ? ' fl-log--at-start' : ''}`}
      data-future={futureMode}
      aria-labelledby={headingId}
    >
      {chunks.map((start) => {
        const inside = (i: number) => i >= start && i < start + CHUNK
        return (
          <LogChunk
            key={start}
            events={events}
            start={start}
            current={inside(current) ? current : -1}
            focusIndex={inside(focusIndex) ? focusIndex : -1}
            findings={findingsByEvent}
            onActivate={onActivate}
          />
        )
      })}
    </ol>
  )
}

const LogChunk = memo(function LogChunk({
  events,
  start,
  current,
  focusIndex,
  findings,
  onActivate,
}: {
  events: readonly TraceEvent[]
  start: number
  current: number
  focusIndex: number
  findings: ReadonlyMap<number, Finding[]>
  onActivate: (index: number) => void
}) {
  const rows = []
  const end = Math.min(events.length, start + CHUNK)
  for (let i = start; i < end; i++) {
    const event = events[i]
    if (event === undefined) continue
    rows.push(
      <LogRow
        key={i}
        event={event}
        index={i}
        isCurrent={i === current}
        tabbable={i === focusIndex}
        findings={findings.get(i)}
        onActivate={onActivate}
      />,
    )
  }
  return <>{rows}</>
})

const LogRow = memo(function LogRow({
  event,
  index,
  isCurrent,
  tabbable,
  findings,
  onActivate,
}: {
  event: TraceEvent
  index: number
  isCurrent: boolean
  tabbable: boolean
  findings: Finding[] | undefined
  onActivate: (index: number) => void
}) {
  const tone = toneOf(event)
  return (
    <li className={`fl-log-row fl-tone-${tone}${isCurrent ? ' is-current' : ''}`}>
      <button
        type="button"
        className="fl-log-entry"
        tabIndex={tabbable ? 0 : -1}
        aria-current={isCurrent ? 'step' : undefined}
        onClick={() => onActivate(index)}
      >
        <span className="fl-log-time">{formatMs(event.atMs)}</span>
        <span className="fl-log-mark" aria-hidden="true">
          {GLYPHS[tone]}
        </span>
        <span className="fl-log-text">{describeEvent(event)}</span>
      </button>
      {findings?.map((f) => (
        <p key={`${f.kind}-${f.atMs}`} className={`fl-log-finding fl-log-finding--${f.severity}`}>
          <span aria-hidden="true">{f.severity === 'violation' ? '⛔ ' : '⚠ '}</span>
          <strong>{f.severity === 'violation' ? 'Violation' : 'Warning'}:</strong> {f.message}
        </p>
      ))}
    </li>
  )
})

type Tone = 'bad' | 'ok' | 'fault' | 'lease' | 'message' | 'info'

const GLYPHS: Record<Tone, string> = {
  bad: '✗',
  ok: '✓',
  fault: '⚡',
  lease: '◆',
  message: '→',
  info: '·',
}

function toneOf(event: TraceEvent): Tone {
  switch (event.type) {
    case 'WriteRejected':
    case 'ReadRejected':
    case 'WriteDiscarded':
    case 'RenewRefused':
    case 'ReleaseRefused':
    case 'LeaseCheckFailed':
    case 'MessageDropped':
      return 'bad'
    case 'WriteAccepted':
    case 'WriteApplied':
    case 'ReadServed':
      return 'ok'
    case 'NodePaused':
    case 'NodeResumed':
    case 'NodeCrashed':
    case 'NodeRestarted':
    case 'ClockJumped':
    case 'PartitionStarted':
    case 'PartitionHealed':
    case 'LinkFaultArmed':
      return 'fault'
    case 'LeaseGranted':
    case 'LeaseRenewed':
    case 'LeaseReleased':
    case 'LeaseExpired':
    case 'LeaseForgotten':
    case 'BeliefStarted':
    case 'BeliefEnded':
    case 'LockDelayStarted':
    case 'LockDelayEnded':
      return 'lease'
    case 'MessageSent':
    case 'MessageDelivered':
      return 'message'
    default:
      return 'info'
  }
}
