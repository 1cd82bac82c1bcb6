/**
 * One step of a chapter: the caption and the event it is about, the live space-time diagram of
 * the step's run with the cursor at the step's moment (the future faded, or hidden while a
 * prediction on this run is still open, here or at a later step), the prediction, and a strip with the state at the cursor (who holds the
 * lock, who believes it) and the latest events.
 */
import { useId, useMemo } from 'react'
import type { TourChapter, TourStep } from './chapters'
import { describeEvent, formatMs } from '../sim'
import type { LabRun } from '../store/derive'
import { TONE_GLYPHS } from '../ui/eventTone'
import { useElementWidth } from '../ui/hooks'
import { useFirstWidth } from '../ui/firstWidth'
import type { Future } from '../viz'
import { SpaceTimeDiagram } from '../viz/SpaceTimeDiagram'
import { MomentState } from './MomentState'
import { Predict } from './Predict'
import { labHref } from './runs'
import type { Drawn } from './stepView'
import { pastOnly, pendingReveals, stepView, toneOf } from './stepView'

export function StepStage({
  chapter,
  step,
  stepNo,
  lab,
  answer,
  onAnswer,
  embedded,
}: {
  chapter: TourChapter
  step: TourStep
  stepNo: number
  lab: LabRun
  answer: number | null
  onAnswer: (choice: number) => void
  embedded: boolean
}) {
  const view = useMemo(
    () =>
      stepView(lab, step, answer !== null, pendingReveals(chapter, stepNo - 1, answer !== null)),
    [lab, chapter, step, stepNo, answer],
  )
  const drawn = useMemo(
    () => (view.future === 'hide' ? pastOnly(lab, view.cursorMs) : lab),
    [lab, view],
  )
  const labelId = `fl-tour-step-${useId().replace(/[^A-Za-z0-9_-]/g, '')}`
  const keyEvent = lab.run.events[view.keyIndex]
  const events = lab.run.events
  const newTab = embedded ? { target: '_blank', rel: 'noopener noreferrer' } : {}
  return (
    <section className="fl-tour-stage" aria-labelledby={labelId}>
      <div className="fl-tour-caption">
        <p className="fl-tour-step-label" id={labelId}>
          Step {stepNo} of {chapter.steps.length}
          <span className="fl-tour-step-time"> · {formatMs(view.cursorMs)}</span>
        </p>
        <p className="fl-tour-text">{step.text}</p>
        {keyEvent !== undefined && (
          <p className={`fl-tour-key fl-tone-${toneOf(keyEvent)}`}>
            <span className="fl-tour-key-mark" aria-hidden="true">
              {TONE_GLYPHS[toneOf(keyEvent)]}
            </span>
            <span className="fl-tour-key-time">{formatMs(keyEvent.atMs)}</span>
            <span className="fl-tour-key-text">{describeEvent(keyEvent)}</span>
          </p>
        )}
        {keyEvent === undefined && step.predict !== undefined && (
          <p className="fl-tour-key fl-tone-fault">
            <span className="fl-tour-key-mark" aria-hidden="true">
              ?
            </span>
            <span className="fl-tour-key-text">
              What happens next? Predict it below the diagram.
            </span>
          </p>
        )}
      </div>

      <Diagram
        drawn={drawn}
        title={lab.scenario.title ?? 'the run'}
        cursorMs={view.cursorMs}
        future={view.future}
      />

      {step.predict !== undefined && (
        <Predict prediction={step.predict} answer={answer} onAnswer={onAnswer} />
      )}

      <div className="fl-tour-details">
        <MomentState lab={lab} lastIndex={view.lastIndex} cursorMs={view.cursorMs} />
        <section className="fl-tour-events" aria-label="Latest events">
          <h3 className="fl-tour-mini-title">Latest events</h3>
          {view.recent.length === 0 ? (
            <p className="fl-muted">Nothing has happened yet.</p>
          ) : (
            <ol className="fl-tour-event-list">
              {view.recent.map((i) => {
                const e = events[i]
                if (e === undefined) return null
                const tone = toneOf(e)
                return (
                  <li
                    key={i}
                    className={`fl-tour-event fl-tone-${tone}${i === view.keyIndex ? ' is-key' : ''}`}
                  >
                    <span className="fl-tour-event-time">{formatMs(e.atMs)}</span>
                    <span className="fl-tour-event-mark" aria-hidden="true">
                      {TONE_GLYPHS[tone]}
                    </span>
                    <span className="fl-tour-event-text">{describeEvent(e)}</span>
                  </li>
                )
              })}
            </ol>
          )}
          <details className="fl-tour-all-events">
            <summary>All {view.lastIndex + 1} events so far</summary>
            <ol className="fl-tour-event-list">
              {events.slice(0, view.lastIndex + 1).map((e, i) => (
                <li key={i} className={`fl-tour-event fl-tone-${toneOf(e)}`}>
                  <span className="fl-tour-event-time">{formatMs(e.atMs)}</span>
                  <span className="fl-tour-event-mark" aria-hidden="true">
                    {TONE_GLYPHS[toneOf(e)]}
                  </span>
                  <span className="fl-tour-event-text">{describeEvent(e)}</span>
                </li>
              ))}
            </ol>
          </details>
        </section>
      </div>

      <p className="fl-tour-open">
        <a href={labHref(step.scenario, view.cursorMs)} {...newTab}>
          Open this moment in the lab
        </a>
        <span className="fl-hint">
          {' '}
          — “{lab.scenario.title}” at {formatMs(view.cursorMs)}, with every control
        </span>
      </p>
    </section>
  )
}

function Diagram({
  drawn,
  title,
  cursorMs,
  future,
}: {
  drawn: Drawn
  title: string
  cursorMs: number
  future: Future
}) {
  // Where the page's static first screen had this diagram, its width then (ui/firstWidth.ts).
  const [ref, widthPx] = useElementWidth<HTMLDivElement>(useFirstWidth())
  const idPrefix = `fltour${useId().replace(/[^A-Za-z0-9_-]/g, '')}`
  return (
    <div className="fl-tour-figure">
      <div ref={ref} className="fl-tour-diagram">
        {widthPx > 0 && (
          <SpaceTimeDiagram
            run={drawn.run}
            findings={drawn.findings}
            spans={drawn.spans}
            cursorMs={cursorMs}
            future={future}
            widthPx={widthPx}
            idPrefix={idPrefix}
            title={`Space-time diagram: ${title}, at ${formatMs(cursorMs)}`}
          />
        )}
      </div>
    </div>
  )
}
