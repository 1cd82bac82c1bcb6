/**
 * The diagram's marks, in two fixed slots: the window shown and, zoomed in, the window a follow
 * turns to next going on (useDiagramLayout's `onward`), drawn ahead in idle time, a part at a
 * time, and kept hidden. When playback carries the cursor past the window's edge, the window
 * turns to the one drawn ahead: its slot is shown and the other slot starts on the next window,
 * re-using its elements. Drawing a window of the zoomed 5k-event run at the turn itself (some
 * 1,200 elements to patch, lay out and paint) took 35–54 ms, two or three frames, every 0.75 s
 * of playback.
 *
 * A slot not shown is moved far above the figure (AHEAD): laid out ahead, but off the plot, so
 * not painted or under a pointer, with no Tab stop and out of the accessibility tree. Only a
 * transform and attributes of the slot itself change at a turn (and which marks are Tab stops):
 * hiding with `visibility`, an inherited property, restyled a window's 1,200 elements at every
 * flip, 10–20 ms each in a trace, and took a frame at most turns while scrubbing. Slots never
 * move in the DOM: a moved subtree is styled and laid out anew.
 */
import type { JSX } from 'react'
import { memo, useEffect, useState } from 'react'
import type { Run } from '../sim'
import { bulkMessagesOf } from './bulkOf'
import type { Highlight } from './Highlights'
import { Focus, Highlights } from './Highlights'
import type { DiagramHandlers } from './Interactive'
import { Findings, markEventsOf, Messages } from './Interactive'
import type { DiagramModel } from './layout'
import { LaneMarks, patternId } from './Marks'
import { idleTask } from './sliceSteps'

export interface LayerProps {
  run: Run
  idPrefix: string
  highlight: Highlight | undefined
  focusEvents: readonly number[] | undefined
  hiddenAfterMs: number
  /** The diagram's handlers (markEventsOf gives each model's marks theirs). */
  handlers: DiagramHandlers
}

/** The parts a layer is drawn in (highlights, lanes, findings, messages), in the order drawn. */
const ALL_PARTS = [0, 1, 2, 3] as const
const NOTHING_DRAWN: readonly null[] = ALL_PARTS.map(() => null)

type Slots = [DiagramModel | null, DiagramModel | null]

/** The slots' models, and which slot is shown. */
export interface Placed {
  slots: Slots
  shown: 0 | 1
}

/**
 * Where the models go: the shown model keeps the slot it has (after a turn, the one it was drawn
 * ahead in); a model in no slot (a new run, width or view, a glide's step) goes where the window
 * shown was, so that it patches what is on the screen, unless that slot holds its onward window.
 * The other slot holds the onward window, or, zoomed in until that is laid out, keeps what it had
 * (hidden), so that drawing the onward window there re-uses those elements.
 */
export function assignSlots(
  placed: Placed,
  model: DiagramModel,
  onward: DiagramModel | null,
  zoomed = true,
): Placed {
  const { slots } = placed
  const kept = slots[0] === model ? 0 : slots[1] === model ? 1 : null
  const before = placed.shown
  const shown = kept ?? (onward !== null && slots[before] === onward ? otherSlot(before) : before)
  const other = slots[otherSlot(shown)]
  const ahead =
    onward !== null && onward !== model ? onward : !zoomed || other === model ? null : other
  return { slots: shown === 0 ? [model, ahead] : [ahead, model], shown }
}

const otherSlot = (slot: 0 | 1): 0 | 1 => (slot === 0 ? 1 : 0)

export function MarksLayers({
  model,
  onward,
  zoomed,
  ...layer
}: LayerProps & {
  model: DiagramModel
  onward: DiagramModel | null
  /** Zoomed in (a view is set): the slot not shown keeps its elements for the next window. */
  zoomed: boolean
}): JSX.Element {
  const [placed, setPlaced] = useState<Placed>(NOTHING_PLACED)
  const next = assignSlots(placed, model, onward, zoomed)
  // Kept for the next render (drawn from `next` now: the same for the same props).
  if (next.shown !== placed.shown || next.slots.some((m, i) => m !== placed.slots[i])) {
    setPlaced(next)
  }
  return (
    <>
      {next.slots.map((m, i) =>
        m === null ? (
          <g key={i} />
        ) : (
          <MarksLayer key={i} {...layer} model={m} ahead={i !== next.shown} />
        ),
      )}
    </>
  )
}

const NOTHING_PLACED: Placed = { slots: [null, null], shown: 0 }

/**
 * One slot's marks. Shown, every part is drawn for `model` at once; ahead, the parts catch up
 * with `model` one per idle moment, so no task draws more than a part.
 */
const MarksLayer = memo(function MarksLayer({
  model,
  ahead,
  run,
  idPrefix,
  highlight,
  focusEvents,
  hiddenAfterMs,
  handlers,
}: LayerProps & { model: DiagramModel; ahead: boolean }) {
  // The model each part is drawn for: shown, the model; ahead, what it was drawn for until an
  // idle moment moves a part on.
  const [drawn, setDrawn] = useState<readonly (DiagramModel | null)[]>(NOTHING_DRAWN)
  const parts = ahead ? drawn : ALL_PARTS.map(() => model)
  if (!ahead && drawn.some((m) => m !== model)) setDrawn(parts)
  const stale = parts.findIndex((m) => m !== model)
  useEffect(() => {
    if (!ahead || stale < 0) return
    return idleTask(
      () => setDrawn((was) => was.map((m, i) => (i === stale ? model : m))),
      MIN_IDLE_MS,
    )
  }, [ahead, stale, model])
  const part = (i: number) => parts[i] ?? null
  const lanes = part(1)
  const findings = part(2)
  const messages = part(3)
  const first = part(0)
  return (
    <g {...(ahead ? AHEAD : {})}>
      {first === null ? null : (
        <>
          <Highlights model={first} highlight={highlight} />
          <Focus model={first} run={run} events={focusEvents} />
        </>
      )}
      {lanes === null ? null : <LaneMarks model={lanes} idPrefix={idPrefix} bulkBars />}
      {findings === null ? null : (
        <Findings
          model={findings}
          events={markEventsOf(handlers, findings)}
          hiddenAfterMs={hiddenAfterMs}
          tabbable={!ahead}
        />
      )}
      {messages === null ? null : (
        <Messages
          model={messages}
          bulk={messages.dense ? bulkMessagesOf(messages) : null}
          clipId={patternId(idPrefix, 'clip')}
          events={markEventsOf(handlers, messages)}
          tabbable={!ahead}
        />
      )}
    </g>
  )
})

/**
 * A slot not shown is moved far above the figure: off the plot, it is neither painted nor under
 * a pointer, and its marks are no Tab stops (`tabbable`) and out of the accessibility tree. A
 * transform is not inherited, so showing or hiding a slot restyles one element, not its 1,200.
 */
const AHEAD = {
  transform: 'translate(0,-100000)',
  'aria-hidden': 'true',
  'data-ahead': '',
} as const

/**
 * An idle moment long enough for a part: a part of the zoomed 5k-event run's windows took
 * 1–13 ms (traced, unminified build), most of them under 6.
 */
const MIN_IDLE_MS = 8
