import { describe, expect, it } from 'vitest'
import type { Run } from '../../sim'
import { check, describeEvent, findPreset, parseScenario, run } from '../../sim'
import type { TourStep } from './types'
import { resolveMoment, TOUR, TOUR_SCENARIOS } from '.'

function runOf(scenario: TourStep['scenario']): Run {
  const input = typeof scenario === 'string' ? findPreset(scenario)?.scenario : scenario
  if (input === undefined) throw new Error(`no preset ${JSON.stringify(scenario)}`)
  const parsed = parseScenario(input)
  if (!parsed.ok) throw new Error(parsed.message)
  return run(parsed.scenario)
}

describe('the guided tour', () => {
  it('has six chapters with unique ids, each answering a seed question', () => {
    expect(TOUR.map((c) => c.id)).toEqual([
      'lease',
      'pause',
      'fencing',
      'limits',
      'purpose',
      'timeouts',
    ])
    for (const chapter of TOUR) {
      expect(chapter.question).toMatch(/\?$/)
      expect(chapter.answer.length).toBeGreaterThan(80)
      expect(chapter.realWorld.length).toBeGreaterThanOrEqual(2)
      for (const c of chapter.realWorld) expect(c.source).toMatch(/^https?:\/\//)
      expect(new Set(chapter.steps.map((s) => s.id)).size).toBe(chapter.steps.length)
      expect(chapter.steps.length).toBeGreaterThanOrEqual(3)
    }
  })

  it('chapter and step ids are slugs that deep links can carry (never "answer", never a number)', () => {
    for (const chapter of TOUR) {
      expect(chapter.id).toMatch(/^[a-z][a-z0-9-]*$/)
      for (const step of chapter.steps) {
        expect(step.id, chapter.id).toMatch(/^[a-z][a-z0-9-]*$/)
        expect(step.id).not.toBe('answer')
      }
    }
  })

  it('tour scenarios are valid and have their own ids', () => {
    for (const s of TOUR_SCENARIOS) {
      const parsed = parseScenario(s)
      expect(parsed.ok, parsed.ok ? '' : parsed.message).toBe(true)
      expect(findPreset(s.id)).toBeUndefined()
    }
  })

  it("'try it yourself' opens a preset or a tour scenario", () => {
    for (const chapter of TOUR) {
      const known = findPreset(chapter.tryIt) ?? TOUR_SCENARIOS.find((s) => s.id === chapter.tryIt)
      expect(known, chapter.id).toBeDefined()
    }
  })

  for (const chapter of TOUR) {
    describe(`chapter "${chapter.id}"`, () => {
      for (const step of chapter.steps) {
        it(`step "${step.id}" lands on its moment and shows its decisive words`, () => {
          const r = runOf(step.scenario)
          const at = resolveMoment(r, step.at)
          expect(at, 'the step moment happens in the run').not.toBeNull()
          const shown = r.events.filter((e) => e.atMs <= at!.atMs).map(describeEvent)
          if (step.decisive !== undefined) {
            expect(
              shown.some((line) => line.includes(step.decisive!)),
              step.decisive,
            ).toBe(true)
          }
          if (step.predict !== undefined) {
            const correct = step.predict.choices.filter((c) => c.correct)
            expect(correct).toHaveLength(1)
            const reveal = resolveMoment(r, step.predict.reveal)
            expect(reveal).not.toBeNull()
            expect(reveal!.atMs).toBeGreaterThan(at!.atMs)
          }
        })
      }
    })
  }

  it('the lock-delay chapter shows lock-delay working, then failing', () => {
    const long = runOf(TOUR_SCENARIOS[1]!)
    expect(check(long).violations.map((v) => v.kind)).toEqual(['token-order'])
    expect(check(runOf('lock-delay')).verdict).toBe('safe')
  })

  it('the renewal scenario keeps token 41 across renewals and grants 42 after the crash', () => {
    const r = runOf(TOUR_SCENARIOS[0]!)
    const renewals = r.events.filter((e) => e.type === 'LeaseRenewed')
    expect(renewals.length).toBeGreaterThanOrEqual(3)
    expect(renewals.every((e) => e.token === 41)).toBe(true)
    const grants = r.events.filter((e) => e.type === 'LeaseGranted').map((e) => e.token)
    expect(grants).toEqual([41, 42])
  })
})
