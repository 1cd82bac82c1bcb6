/**
 * Compare-mode emphasis: a glow behind the messages and decisions that differ between two runs.
 * Drawn under the marks, re-rendered only when the highlight changes.
 */
import { memo } from 'react'
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
