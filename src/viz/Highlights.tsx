/**
 * Compare-mode emphasis: a glow behind the messages and decisions that differ between two runs.
 * Drawn under the marks, re-rendered only when the highlight changes.
 */
import { memo } from 'react'
import type { Run } from '../sim'
import { messagePath } from './Interactive'
import type { DiagramModel } from './layout'

export interface Highlight {
  msgs?: number[]
  decisionEventIndexes?: number[]
}

export const Highlights = memo(function Highlights({
  model,
  highlight,
}: {
  model: DiagramModel
  highlight: Highlight | undefined
}) {
  if (highlight === undefined) return null
  const msgs = new Set(highlight.msgs ?? [])
  const decisions = new Set(highlight.decisionEventIndexes ?? [])
  if (msgs.size === 0 && decisions.size === 0) return null
  return (
    <g aria-hidden="true">
      {model.messages
        .filter((m) => msgs.has(m.msg))
        .map((m) => (
          <path key={m.msg} className="fl-halo" strokeWidth="8" d={messagePath(m)} />
        ))}
      {model.decisions
        .filter((d) => decisions.has(d.eventIndex))
        .map((d) => (
          <rect
            key={d.key}
            className="fl-halo"
            strokeWidth="4"
            x={d.cx - d.w / 2 - 3}
            y={d.cy - d.h / 2 - 3}
            width={d.w + 6}
            height={d.h + 6}
            rx={(d.h + 6) / 2}
          />
        ))}
    </g>
  )
})

/**
 * The marks the current caption talks about (event indexes into the run): the messages those
 * events sent or received, the resources' decisions and the checker's findings at them, each
 * with a glow behind it. Re-rendered only when the set changes (the caption moves), not per frame.
 */
export const Focus = memo(function Focus({
  model,
  run,
  events,
}: {
  model: DiagramModel
  run: Run
  events: readonly number[] | undefined
}) {
  if (events === undefined || events.length === 0) return null
  const indexes = new Set(events)
  const msgs = new Set<number>()
  for (const i of indexes) {
    const e = run.events[i]
    if (e !== undefined && 'msg' in e && typeof e.msg === 'number') msgs.add(e.msg)
  }
  return (
    <g aria-hidden="true" className="fl-focus">
      {model.messages
        .filter((m) => msgs.has(m.msg))
        .map((m) => (
          <path key={m.msg} className="fl-halo" strokeWidth="9" d={messagePath(m)} />
        ))}
      {model.decisions
        .filter((d) => indexes.has(d.eventIndex) || msgs.has(d.msg))
        .map((d) => (
          <rect
            key={d.key}
            className="fl-halo"
            strokeWidth="5"
            x={d.cx - d.w / 2 - 3}
            y={d.cy - d.h / 2 - 3}
            width={d.w + 6}
            height={d.h + 6}
            rx="5"
          />
        ))}
      {model.findings
        .filter((f) => f.eventIndexes.some((i) => indexes.has(i)))
        .map((f) => (
          <circle key={f.key} className="fl-halo" strokeWidth="5" cx={f.x} cy={f.y} r="12" />
        ))}
    </g>
  )
})
