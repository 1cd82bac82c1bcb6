import fc from 'fast-check'
import { assertProperty } from '../testing/property'
import { describe, expect, it } from 'vitest'
import { TOUR } from '../tour/chapters'
import { endStep } from '../tour/navigation'
import { readTourLink, stepOf, tourHash } from './tour'

const chapter = (id: string) => {
  const found = TOUR.find((c) => c.id === id)
  if (found === undefined) throw new Error(`no chapter ${id}`)
  return found
}

describe('tour links', () => {
  it('names a step by id, by number (1-based) or as the answer', () => {
    const pause = chapter('pause')
    expect(readTourLink('', '#pause', TOUR)).toMatchObject({
      chapter: pause,
      step: 0,
      problem: null,
    })
    expect(readTourLink('', '#pause/3', TOUR)).toMatchObject({
      chapter: pause,
      step: 2,
      problem: null,
    })
    expect(readTourLink('', '#pause/two-believers', TOUR)).toMatchObject({ step: 3, problem: null })
    expect(readTourLink('', '#pause/answer', TOUR)).toMatchObject({
      step: endStep(pause),
      problem: null,
    })
    expect(readTourLink('', '', TOUR)).toMatchObject({ chapter: TOUR[0], step: 0, problem: null })
  })

  it('forgives a leading or trailing slash, case and escapes', () => {
    expect(readTourLink('', '#/fencing/reject/', TOUR)).toMatchObject({ step: 2, problem: null })
    expect(readTourLink('', '#Fencing/ANSWER', TOUR)).toMatchObject({ step: 5, problem: null })
    expect(readTourLink('', '#fencing/%72eject', TOUR)).toMatchObject({ step: 2, problem: null })
  })

  it('reads ?chapter=, ?step=, ?embed= and ?theme=; the hash wins over the query', () => {
    expect(readTourLink('?chapter=limits&step=email&embed=1&theme=dark', '', TOUR)).toMatchObject({
      chapter: chapter('limits'),
      step: 2,
      embed: true,
      theme: 'dark',
      problem: null,
    })
    expect(readTourLink('?chapter=limits&step=2', '#purpose/1', TOUR)).toMatchObject({
      chapter: chapter('purpose'),
      step: 0,
      embed: false,
    })
  })

  it('an unknown chapter opens the start of the tour and says what was wrong', () => {
    const link = readTourLink('', '#fencin/2', TOUR)
    expect(link.chapter).toBe(TOUR[0])
    expect(link.step).toBe(0)
    expect(link.problem).toBe(
      'There is no chapter “fencin” in the tour. Showing the start of the tour.',
    )
  })

  it('an unknown step opens the start of its chapter and says what was wrong', () => {
    for (const bad of ['99', '0', 'nope', '-1']) {
      const link = readTourLink('', `#pause/${bad}`, TOUR)
      expect(link).toMatchObject({ chapter: chapter('pause'), step: 0 })
      expect(link.problem).toContain(`has no step “${bad}”`)
      expect(link.problem).toContain('steps 1–6 and the answer')
    }
  })

  it('too many parts, a bad theme and an overlong name are named, clipped', () => {
    expect(readTourLink('', '#pause/1/2', TOUR).problem).toContain('too many parts')
    expect(readTourLink('?theme=purple', '', TOUR).problem).toContain('no theme “purple”')
    const long = readTourLink('', `#${'x'.repeat(5000)}`, TOUR).problem ?? ''
    expect(long.length).toBeLessThan(200)
  })

  it('every chapter and stop round-trips through its address', () => {
    for (const c of TOUR) {
      for (let step = 0; step <= endStep(c); step++) {
        const hash = tourHash(c, step)
        expect(hash).toMatch(/^#[a-z-]+\/[a-z0-9-]+$/)
        expect(readTourLink('', hash, TOUR)).toMatchObject({ chapter: c, step, problem: null })
      }
    }
  })

  it('stepOf accepts numbers 1..n, ids and "answer" only', () => {
    const fencing = chapter('fencing')
    expect(stepOf(fencing, '1')).toBe(0)
    expect(stepOf(fencing, '5')).toBe(4)
    expect(stepOf(fencing, '6')).toBeNull()
    expect(stepOf(fencing, 'race-apply')).toBe(4)
    expect(stepOf(fencing, 'answer')).toBe(5)
    expect(stepOf(fencing, '1.5')).toBeNull()
  })

  it('fuzz: any address gives a real place (never throws)', () => {
    const piece = fc.oneof(
      fc.string({ maxLength: 40 }),
      fc.constantFrom(...TOUR.map((c) => c.id), 'answer', '%', '%E0%A4%A', '/', '#', '?', '&'),
      fc.integer({ min: -5, max: 20 }).map(String),
    )
    const address = fc.array(piece, { maxLength: 5 }).map((parts) => parts.join('/'))
    assertProperty(
      fc.property(
        fc.oneof(fc.string({ maxLength: 300 }), address),
        fc.oneof(
          fc.string({ maxLength: 300 }),
          address.map((a) => `?chapter=${a}&step=${a}`),
        ),
        (hash, search) => {
          const link = readTourLink(search, hash, TOUR)
          expect(TOUR).toContain(link.chapter)
          expect(Number.isInteger(link.step)).toBe(true)
          expect(link.step).toBeGreaterThanOrEqual(0)
          expect(link.step).toBeLessThanOrEqual(endStep(link.chapter))
          if (link.problem !== null) {
            expect(link.problem.length).toBeGreaterThan(0)
            expect(link.problem.length).toBeLessThan(600)
          }
        },
      ),
      { numRuns: 200 },
    )
  })
})
