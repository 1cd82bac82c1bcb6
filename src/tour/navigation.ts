/**
 * Where a reader is in the tour, and where Next and Back take them. Pure: the components only
 * render a place and ask these functions for the next one, so "Back really goes back" is a
 * property of data, tested without a browser.
 *
 * A chapter has one stop per step, then one more: its end (the answer, the real systems, "Try it
 * yourself"). At a step with a prediction the reader may answer, which reveals the outcome; Back
 * from a revealed answer returns to the question, and Next never waits for an answer.
 */
import type { TourChapter } from './chapters'
import { TOUR } from './chapters'

export interface ChapterPlace {
  /** 0-based step, or `chapter.steps.length` for the chapter's end. */
  step: number
  /** The choice the reader picked at a prediction (the outcome is shown), else null. */
  answer: number | null
}

/** A move inside the chapter, or past one of its ends (the page decides what lies beyond). */
export type Move = { kind: 'stay'; place: ChapterPlace } | { kind: 'leave'; direction: Direction }

export type Direction = 'next' | 'back'

/** The index of a chapter's last stop: its end. */
export function endStep(chapter: TourChapter): number {
  return chapter.steps.length
}

export function isEnd(chapter: TourChapter, step: number): boolean {
  return step >= chapter.steps.length
}

/** A step index brought into range (anything not a whole number means the first step). */
export function clampStep(chapter: TourChapter, step: number): number {
  if (!Number.isInteger(step)) return 0
  return Math.min(Math.max(step, 0), endStep(chapter))
}

export function place(step: number): ChapterPlace {
  return { step, answer: null }
}

export function next(chapter: TourChapter, at: ChapterPlace): Move {
  if (at.step >= endStep(chapter)) return { kind: 'leave', direction: 'next' }
  return { kind: 'stay', place: place(at.step + 1) }
}

export function back(chapter: TourChapter, at: ChapterPlace): Move {
  if (at.answer !== null) return { kind: 'stay', place: place(at.step) }
  if (at.step <= 0) return { kind: 'leave', direction: 'back' }
  return { kind: 'stay', place: place(at.step - 1) }
}

/** Picks an answer at a prediction; any other step (or a choice that does not exist) stays put. */
export function answer(chapter: TourChapter, at: ChapterPlace, choice: number): ChapterPlace {
  const prediction = chapter.steps[at.step]?.predict
  if (prediction === undefined || prediction.choices[choice] === undefined) return at
  return { step: at.step, answer: choice }
}

export function chapterIndex(id: string): number {
  return TOUR.findIndex((c) => c.id === id)
}

/** The chapter after (or before) one, or null at the tour's ends. */
export function neighbour(id: string, direction: Direction): TourChapter | null {
  const index = chapterIndex(id)
  if (index < 0) return null
  return TOUR[direction === 'next' ? index + 1 : index - 1] ?? null
}

/** Where leaving a chapter lands: the next chapter's first step, or the previous one's end. */
export function landing(
  id: string,
  direction: Direction,
): { chapter: TourChapter; step: number } | null {
  const chapter = neighbour(id, direction)
  if (chapter === null) return null
  return { chapter, step: direction === 'next' ? 0 : endStep(chapter) }
}

/** The reader's progress through every stop of the tour: 1-based `index` of `total`. */
export function tourProgress(id: string, step: number): { index: number; total: number } {
  let index = 0
  let total = 0
  for (const chapter of TOUR) {
    if (chapter.id === id) index = total + clampStep(chapter, step) + 1
    total += endStep(chapter) + 1
  }
  return { index, total }
}

/** "Step 3 of 6", "The answer". */
export function stopName(chapter: TourChapter, step: number): string {
  return isEnd(chapter, step) ? 'The answer' : `Step ${step + 1} of ${chapter.steps.length}`
}
