/**
 * The sentence behind a mark, shown on hover and on keyboard focus (a native <title> only shows
 * on hover): a finding's message with a "jump to" hint, a message's route and times, or (in a
 * dense run, whose plain bars and arrows have no element of their own) a bar's words, with the
 * arrow drawn thick.
 */
import type { JSX } from 'react'
import type { Tip } from './Interactive'
import { messagePath } from './Interactive'
import { hueClass } from './Marks'
import type { DiagramModel } from './layout'
import { textWidthPx, wrapText } from './layout'

const FONT_PX = 12
const HINT_PX = 11
const LINE_PX = 16
const PAD_PX = 8

export function Tooltip({
  model,
  tip,
  canActivate,
}: {
  model: DiagramModel
  tip: Tip | null
  canActivate: boolean
}) {
  if (tip === null) return null
  let anchorX: number
  let anchorY: number
  let text: string
  let hint: string | null = null
  /** A dense run's arrow has no element of its own to thicken on hover: drawn here instead. */
  let emphasis: JSX.Element | null = null
  if (tip.kind === 'finding') {
    const marker = model.findings.find((f) => f.index === tip.index)
    if (marker === undefined) return null
    anchorX = marker.x
    anchorY = marker.y + 8
    text = marker.name
    if (canActivate) hint = 'Enter or click: jump to this moment'
  } else if (tip.kind === 'bar') {
    const bar = model[tip.set][tip.index]
    if (bar === undefined) return null
    anchorX = (bar.x0 + bar.x1) / 2
    anchorY = bar.y1
    text = bar.title
  } else {
    const arrow = model.messages[tip.index]
    if (arrow === undefined) return null
    anchorX = (arrow.x0 + arrow.x1) / 2
    anchorY = Math.max(arrow.y0, arrow.y1)
    text = arrow.name
    if (canActivate) hint = 'Enter or click: select this message'
    if (model.dense) {
      emphasis = (
        <path
          className={`fl-tip-msg ${hueClass(arrow.hue)}`}
          d={messagePath(arrow) + (arrow.head ?? '')}
        />
      )
    }
  }
  const maxW = Math.min(320, model.widthPx - 16)
  const lines = wrapText(text, FONT_PX, maxW - 2 * PAD_PX)
  const textW = Math.max(
    ...lines.map((l) => textWidthPx(l, FONT_PX)),
    hint === null ? 0 : textWidthPx(hint, HINT_PX),
  )
  const w = Math.ceil(Math.min(maxW, textW + 2 * PAD_PX))
  const h = (lines.length + (hint === null ? 0 : 1)) * LINE_PX + 2 * PAD_PX - 4
  const x = Math.round(Math.min(model.widthPx - w - 4, Math.max(4, anchorX - w / 2)))
  const below = anchorY + 6
  const y = Math.round(below + h <= model.heightPx - 2 ? below : Math.max(2, anchorY - h - 22))
  return (
    <>
      {emphasis}
      <g className="fl-tip" transform={`translate(${x},${y})`} aria-hidden="true">
        <rect className="fl-tip-box" width={w} height={h} rx="5" />
        {lines.map((line, i) => (
          <text key={i} className="fl-tip-text" x={PAD_PX} y={PAD_PX + 10 + i * LINE_PX}>
            {line}
          </text>
        ))}
        {hint === null ? null : (
          <text className="fl-tip-hint" x={PAD_PX} y={PAD_PX + 10 + lines.length * LINE_PX}>
            {hint}
          </text>
        )}
      </g>
    </>
  )
}
