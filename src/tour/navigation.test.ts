import fc from 'fast-check'
import { assertProperty } from '../testing/property'
import { describe, expect, it } from 'vitest'
import { TOUR } from './chapters'
import type { ChapterPlace, Move } from './navigation'
import {
  answer,
  back,
  clampStep,
  endStep,
  landing,
  next,
  place,
  stopName,
  tourProgress,
} from './navigation'

const fencing = TOUR.find((c) => c.id === 'fencing')!
const predictStep = fencing.steps.findIndex((s) => s.predict !== undefined)

function stay(move: Move): ChapterPlace {
  if (move.kind !== 'stay') throw new Error(`expected to stay, got ${JSON.stringify(move)}`)
  return move.place
}

describe('tour navigation', () => {
  it('Next walks every step, then the end, then leaves; Back walks the same stops in reverse', () => {
    for (const chapter of TOUR) {
      const forward: number[] = []
      let at = place(0)
      for (;;) {
        forward.push(at.step)
        const move = next(chapter, at)
        if (move.kind === 'leave') {
          expect(move.direction).toBe('next')
          break
        }
        at = move.place
      }
      expect(forward).toEqual([...Array(endStep(chapter) + 1).keys()])
      const backward: number[] = []
      for (;;) {
        backward.push(at.step)
        const move = back(chapter, at)
        if (move.kind === 'leave') {
          expect(move.direction).toBe('back')
          break
        }
        at = move.place
      }
      expect(backward).toEqual([...forward].reverse())
    }
  })

  it('an answer reveals in place; Back returns to the question, not the step before', () => {
    const asked = place(predictStep)
    const answered = answer(fencing, asked, 1)
    expect(answered).toEqual({ step: predictStep, answer: 1 })
    expect(stay(back(fencing, answered))).toEqual(asked)
    expect(stay(back(fencing, asked))).toEqual(place(predictStep - 1))
    // The reader can change the answer, and Next never waits for one.
    expect(answer(fencing, answered, 0)).toEqual({ step: predictStep, answer: 0 })
    expect(stay(next(fencing, asked))).toEqual(place(predictStep + 1))
    expect(stay(next(fencing, answered))).toEqual(place(predictStep + 1))
  })

  it('answers exist only at predictions, and only for real choices', () => {
    const plain = fencing.steps.findIndex((s) => s.predict === undefined)
    expect(answer(fencing, place(plain), 0)).toEqual(place(plain))
    expect(answer(fencing, place(predictStep), 9)).toEqual(place(predictStep))
    expect(answer(fencing, place(endStep(fencing)), 0)).toEqual(place(endStep(fencing)))
  })

  it('leaving a chapter lands on the next one’s first step or the previous one’s end', () => {
    expect(landing('pause', 'next')).toEqual({ chapter: TOUR[2], step: 0 })
    expect(landing('pause', 'back')).toEqual({ chapter: TOUR[0], step: endStep(TOUR[0]!) })
    expect(landing(TOUR[0]!.id, 'back')).toBeNull()
    expect(landing(TOUR[TOUR.length - 1]!.id, 'next')).toBeNull()
    expect(landing('nope', 'next')).toBeNull()
  })

  it('progress counts every stop of the tour, 1-based', () => {
    const total = TOUR.reduce((n, c) => n + endStep(c) + 1, 0)
    expect(tourProgress(TOUR[0]!.id, 0)).toEqual({ index: 1, total })
    const last = TOUR[TOUR.length - 1]!
    expect(tourProgress(last.id, endStep(last))).toEqual({ index: total, total })
  })

  it('names stops and clamps steps', () => {
    expect(stopName(fencing, 0)).toBe('Step 1 of 5')
    expect(stopName(fencing, 5)).toBe('The answer')
    expect(clampStep(fencing, -3)).toBe(0)
    expect(clampStep(fencing, 99)).toBe(5)
    expect(clampStep(fencing, Number.NaN)).toBe(0)
  })

  it('fuzz: any sequence of moves stays inside the chapter, and Back undoes Next', () => {
    const action = fc.constantFrom('next', 'back', 'answer0', 'answer1', 'answer2')
    assertProperty(
      fc.property(
        fc.integer({ min: 0, max: TOUR.length - 1 }),
        fc.array(action, { maxLength: 40 }),
        (index, actions) => {
          const chapter = TOUR[index]!
          let at = place(0)
          for (const a of actions) {
            if (a === 'next' || a === 'back') {
              const move = a === 'next' ? next(chapter, at) : back(chapter, at)
              if (move.kind === 'stay') {
                if (a === 'next') expect(stay(back(chapter, move.place))).toEqual(place(at.step))
                at = move.place
              }
            } else {
              at = answer(chapter, at, Number(a.slice(-1)))
            }
            expect(at.step).toBeGreaterThanOrEqual(0)
            expect(at.step).toBeLessThanOrEqual(endStep(chapter))
            if (at.answer !== null) expect(chapter.steps[at.step]?.predict).toBeDefined()
          }
        },
      ),
      { numRuns: 100 },
    )
  })
})
