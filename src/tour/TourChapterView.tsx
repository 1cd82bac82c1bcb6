/**
 * One chapter of the guided tour, with its own navigation: the seed question, the step buttons,
 * the current step (a live run at its moment, its caption, a prediction) or the chapter's end,
 * and Back/Next. It is the unit the tour page shows and the unit an embed shows.
 *
 * Embedded (`embedded`), it has no side effects beyond its own element: keys are bound on its
 * root (never on the document), it never writes the address, never moves focus on its own (only
 * back into itself when a move removed the focused control), stores nothing, and opens links in
 * a new tab. On the tour page the page owns the address and the keys reach it document-wide.
 */
import { useCallback, useId, useLayoutEffect, useRef, useState } from 'react'
import type { KeyboardEvent } from 'react'
import type { TourChapter } from './chapters'
import { findChapter, TOUR } from './chapters'
import { ChapterEnd } from './ChapterEnd'
import { focusedControl, tourKeyAction } from './keys'
import type { TourKeyAction } from './keys'
import type { TourTheme } from '../link/tour'
import type { ChapterPlace, Direction, Move } from './navigation'
import {
  answer,
  back,
  chapterIndex,
  clampStep,
  endStep,
  isEnd,
  neighbour,
  next,
  place,
  stopName,
  tourProgress,
} from './navigation'
import type { RunCache } from './runs'
import { createRunCache } from './runs'
import { StepStage } from './StepStage'

export interface TourChapterViewProps {
  /** A chapter id from the tour (an unknown id shows the first chapter with a message). */
  chapterId: string
  /** 0-based step to open (the chapter's step count opens its end). A new value moves there. */
  stepIndex?: number
  /** No page chrome, no address writes, keys bound on the chapter only, links in a new tab. */
  embedded: boolean
  theme?: TourTheme
  /** Called when the reader moves past either end; without it the ends are where Back/Next stop. */
  onLeave?: (direction: Direction) => void
  /** Called after each move to another stop of this chapter. */
  onStepChange?: (stepIndex: number) => void
  /** The id of the question heading (the page focuses it after a jump to another chapter). */
  headingId?: string
}

interface ViewState {
  /** The last `chapterId/stepIndex` the props asked for: a new one moves the reader there. */
  asked: string
  chapterId: string
  place: ChapterPlace
  /** What the live region says after a move (empty on first render: nothing to announce). */
  announcement: string
  /** Bumped on each move the reader makes, so focus can be put back if the move removed it. */
  moves: number
}

export function TourChapterView(props: TourChapterViewProps) {
  const { embedded, onLeave, onStepChange } = props
  const found = findChapter(props.chapterId)
  const chapter = found ?? firstChapter()
  const requested = clampStep(chapter, props.stepIndex ?? 0)
  const asked = `${chapter.id}/${requested}`

  const [state, setState] = useState<ViewState>(() => ({
    asked,
    chapterId: chapter.id,
    place: place(requested),
    announcement: '',
    moves: 0,
  }))
  let view = state
  if (state.asked !== asked) {
    // The props moved the reader (a deep link, the contents, a neighbouring chapter).
    const chapterChanged = state.chapterId !== chapter.id
    view = {
      asked,
      chapterId: chapter.id,
      place: place(requested),
      announcement: announce(chapter, requested, chapterChanged),
      moves: state.moves,
    }
    setState(view)
  }
  const at = view.place

  const [runFor] = useState<RunCache>(createRunCache)
  const root = useRef<HTMLDivElement>(null)
  const focusWasInside = useRef(false)
  const ownId = useId().replace(/[^A-Za-z0-9_-]/g, '')
  const headingId = props.headingId ?? `fl-tour-q-${ownId}`

  const canLeave = useCallback(
    (direction: Direction) => onLeave !== undefined && neighbour(chapter.id, direction) !== null,
    [onLeave, chapter.id],
  )

  const go = useCallback(
    (move: Move) => {
      const active = document.activeElement
      focusWasInside.current = active !== null && root.current?.contains(active) === true
      if (move.kind === 'leave') {
        if (!canLeave(move.direction)) return
        setState((s) => ({ ...s, moves: s.moves + 1 }))
        onLeave?.(move.direction)
        return
      }
      const to = move.place
      setState((s) => ({
        ...s,
        place: to,
        announcement: to.step === s.place.step ? s.announcement : announce(chapter, to.step, false),
        moves: s.moves + 1,
      }))
      if (to.step !== at.step) onStepChange?.(to.step)
    },
    [canLeave, onLeave, onStepChange, chapter, at.step],
  )

  const act = useCallback(
    (action: TourKeyAction) => {
      if (action === 'next') go(next(chapter, at))
      else if (action === 'back') go(back(chapter, at))
      else if (action === 'first') go({ kind: 'stay', place: place(0) })
      else go({ kind: 'stay', place: place(endStep(chapter)) })
    },
    [go, chapter, at],
  )

  // On the tour page the keys work wherever focus is (the page is the tour); embedded, only
  // while the chapter has focus, so a host page keeps its own keys (WCAG 2.1.4).
  const latest = useRef(act)
  useLayoutEffect(() => {
    latest.current = act
  })
  // A layout effect: bound in the same commit that puts the chapter on screen, so no key pressed
  // after the chapter appears is missed.
  useLayoutEffect(() => {
    if (embedded) return
    const onKey = (e: globalThis.KeyboardEvent) => {
      if (e.defaultPrevented || e.isComposing) return
      const action = tourKeyAction(e, focusedControl(e.target))
      if (action === null) return
      e.preventDefault()
      latest.current(action)
    }
    document.addEventListener('keydown', onKey)
    return () => document.removeEventListener('keydown', onKey)
  }, [embedded])
  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    if (!embedded || e.defaultPrevented || e.nativeEvent.isComposing) return
    const action = tourKeyAction(e, focusedControl(e.target))
    if (action === null) return
    e.preventDefault()
    act(action)
  }

  // A move can remove the focused control (a choice, a link of the step before): keep focus in
  // the chapter so that Tab and the keys go on from here.
  useLayoutEffect(() => {
    if (state.moves === 0 || !focusWasInside.current) return
    const active = document.activeElement
    if (active === null || active === document.body) root.current?.focus({ preventScroll: true })
  }, [state.moves])

  const chapterNo = chapterIndex(chapter.id) + 1
  const atEnd = isEnd(chapter, at.step)
  const canBack = at.answer !== null || at.step > 0 || canLeave('back')
  const canNext = !atEnd || canLeave('next')
  const progress = embedded
    ? { index: at.step + 1, total: endStep(chapter) + 1 }
    : tourProgress(chapter.id, at.step)
  const step = chapter.steps[at.step]

  return (
    <div
      ref={root}
      className={`fl-lab fl-tour-chapter${embedded ? ' fl-tour-chapter--embedded' : ''}`}
      data-theme={props.theme ?? 'auto'}
      data-chapter={chapter.id}
      data-step={atEnd ? 'answer' : step?.id}
      tabIndex={-1}
      onKeyDown={onKeyDown}
    >
      {found === undefined && (
        <p className="fl-notice fl-tour-notice" role="alert">
          There is no chapter “{props.chapterId}” in the tour; this is its first chapter.
        </p>
      )}
      <header className="fl-tour-chapter-head">
        <p className="fl-tour-kicker">
          Chapter {chapterNo} of {TOUR.length} · {chapter.title}
        </p>
        <h2 id={headingId} className="fl-tour-question" tabIndex={-1}>
          {chapter.question}
        </h2>
      </header>

      {embedded && (
        <NavBar
          placement="inline"
          where={stopName(chapter, at.step)}
          progress={progress}
          canBack={canBack}
          canNext={canNext}
          onBack={() => act('back')}
          onNext={() => act('next')}
        />
      )}

      <StepButtons
        chapter={chapter}
        current={at.step}
        onGo={(s) => go({ kind: 'stay', place: place(s) })}
      />

      {step === undefined ? (
        <ChapterEnd chapter={chapter} runFor={runFor} embedded={embedded} />
      ) : (
        <StepStage
          chapter={chapter}
          step={step}
          stepNo={at.step + 1}
          lab={runFor(step.scenario)}
          answer={at.answer}
          onAnswer={(choice) => go({ kind: 'stay', place: answer(chapter, at, choice) })}
          embedded={embedded}
        />
      )}

      {!embedded && (
        <NavBar
          placement="fixed"
          where={`Chapter ${chapterNo} of ${TOUR.length} · ${stopName(chapter, at.step)}`}
          progress={progress}
          canBack={canBack}
          canNext={canNext}
          onBack={() => act('back')}
          onNext={() => act('next')}
        />
      )}
      <div className="fl-visually-hidden" aria-live="polite" aria-atomic="true">
        {view.announcement}
      </div>
    </div>
  )
}

function firstChapter(): TourChapter {
  const first = TOUR[0]
  if (first === undefined) throw new Error('the tour has no chapters')
  return first
}

function announce(chapter: TourChapter, step: number, chapterChanged: boolean): string {
  const stop = isEnd(chapter, step)
    ? `The answer: ${chapter.answer}`
    : `${stopName(chapter, step)}: ${chapter.steps[step]?.text ?? ''}`
  if (!chapterChanged) return stop
  const no = chapterIndex(chapter.id) + 1
  return `Chapter ${no} of ${TOUR.length}, ${chapter.title}. ${chapter.question} ${stop}`
}

function StepButtons({
  chapter,
  current,
  onGo,
}: {
  chapter: TourChapter
  current: number
  onGo: (step: number) => void
}) {
  const count = chapter.steps.length
  const end = endStep(chapter)
  return (
    <nav className="fl-tour-steps" aria-label="Steps of this chapter">
      <ol>
        {chapter.steps.map((s, i) => (
          <li key={s.id}>
            <button
              type="button"
              className={`fl-tour-dot${i < current ? ' is-past' : ''}${s.predict ? ' is-question' : ''}`}
              aria-current={i === current ? 'step' : undefined}
              aria-label={`Step ${i + 1} of ${count}${s.predict ? ', a question' : ''}`}
              onClick={() => onGo(i)}
            >
              {i + 1}
            </button>
          </li>
        ))}
        <li>
          <button
            type="button"
            className="fl-tour-dot fl-tour-dot--end"
            aria-current={current === end ? 'step' : undefined}
            aria-label="The answer"
            onClick={() => onGo(end)}
          >
            Answer
          </button>
        </li>
      </ol>
    </nav>
  )
}

function NavBar({
  placement,
  where,
  progress,
  canBack,
  canNext,
  onBack,
  onNext,
}: {
  placement: 'fixed' | 'inline'
  where: string
  progress: { index: number; total: number }
  canBack: boolean
  canNext: boolean
  onBack: () => void
  onNext: () => void
}) {
  const percent = Math.round((progress.index / Math.max(1, progress.total)) * 1000) / 10
  return (
    <nav className={`fl-tour-nav fl-tour-nav--${placement}`} aria-label="Tour">
      <div className="fl-tour-progress" aria-hidden="true">
        <span style={{ width: `${percent}%` }} />
      </div>
      <div className="fl-tour-nav-inner">
        {/* aria-disabled, not disabled: a button that keeps focus at either end of the tour. */}
        <button
          type="button"
          className="fl-button fl-tour-nav-button fl-tour-back"
          aria-disabled={!canBack}
          onClick={canBack ? onBack : undefined}
        >
          <span aria-hidden="true">←</span> Back
        </button>
        <p className="fl-tour-where">
          {where}
          <span className="fl-visually-hidden">
            {` (${progress.index} of ${progress.total} in the ${placement === 'fixed' ? 'tour' : 'chapter'})`}
          </span>
          {placement === 'fixed' && (
            <span className="fl-tour-keys-hint">
              Keys: <kbd>←</kbd> <kbd>→</kbd> or <kbd>K</kbd> <kbd>J</kbd>, <kbd>Home</kbd>{' '}
              <kbd>End</kbd>
            </span>
          )}
        </p>
        <button
          type="button"
          className="fl-button fl-button--primary fl-tour-nav-button fl-tour-next"
          aria-disabled={!canNext}
          onClick={canNext ? onNext : undefined}
        >
          Next <span aria-hidden="true">→</span>
        </button>
      </div>
    </nav>
  )
}
