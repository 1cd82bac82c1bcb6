import { describe, expect, it } from 'vitest'
import { decodeScenario } from '../link/decode'
import { readLabAddress } from '../link/lab'
import { describeEvent } from '../sim'
import { TOUR, TOUR_SCENARIOS } from './chapters'
import { createRunCache, labHref, momentEventIndex, momentMs, scenarioKey, tryItRuns } from './runs'
import { pastOnly, pendingReveals, stepView } from './stepView'

const runFor = createRunCache()

/** What the lab page reads from an address the tour wrote. */
function opened(href: string) {
  const url = new URL(href, 'https://lab.example/')
  expect(url.pathname).toBe('/index.html')
  return readLabAddress(url.search, url.hash, decodeScenario)
}

describe('the tour’s runs', () => {
  it('derives each scenario once', () => {
    expect(runFor('gc-pause')).toBe(runFor('gc-pause'))
  })

  it('"Open in the lab" links open the same run at the same moment', () => {
    const preset = opened(labHref('gc-pause', 16005))
    expect(preset).toMatchObject({ source: { kind: 'preset', id: 'gc-pause' }, cursorMs: 16005 })
    for (const own of TOUR_SCENARIOS) {
      const link = opened(labHref(own, 22015))
      expect(link.notice).toBeNull()
      expect(link.cursorMs).toBe(22015)
      if (link.source.kind !== 'custom') throw new Error('expected a custom scenario')
      expect(link.source.scenario).toEqual(runFor(own).scenario)
    }
  })

  it("each chapter's 'Try it yourself' offers its tryIt run first, at a moment the chapter showed", () => {
    for (const chapter of TOUR) {
      const runs = tryItRuns(chapter, runFor)
      expect(scenarioKey(runs[0]!.scenario)).toBe(chapter.tryIt)
      expect(runs[0]!.cursorMs).toBeGreaterThan(0)
      expect(new Set(runs.map((r) => scenarioKey(r.scenario))).size).toBe(runs.length)
    }
    expect(
      tryItRuns(
        TOUR.find((c) => c.id === 'fencing')!,
        runFor,
      )[0]!.cursorMs,
    ).toBe(16005)
  })

  it('every decisive step highlights the event with its decisive words', () => {
    for (const chapter of TOUR) {
      for (const step of chapter.steps) {
        if (step.decisive === undefined) continue
        const lab = runFor(step.scenario)
        const view = stepView(lab, step, false)
        const key = lab.run.events[view.keyIndex]
        expect(key, `${chapter.id}/${step.id}`).toBeDefined()
        expect(describeEvent(key!)).toContain(step.decisive)
        expect(view.future).toBe('fade')
      }
    }
  })

  it('no step shows the outcome of a prediction still ahead on its run; the answer lifts the veil', () => {
    let before = 0
    for (const chapter of TOUR) {
      chapter.steps.forEach((step, i) => {
        const lab = runFor(step.scenario)
        for (const answered of step.predict === undefined ? [false] : [false, true]) {
          const view = stepView(lab, step, answered, pendingReveals(chapter, i, answered))
          const where = `${chapter.id}/${step.id}${answered ? ' (answered)' : ''}`
          // Every prediction on this run at this step (unanswered) or later whose outcome is
          // past the cursor must not be drawn: the future is hidden and the cut run lacks it.
          const open = chapter.steps.filter(
            (s, j) =>
              s.predict !== undefined &&
              s.scenario === step.scenario &&
              (j > i || (j === i && !answered)),
          )
          const ahead = open.filter((s) => momentMs(lab, s.predict!.reveal) > view.cursorMs)
          if (ahead.length > 0) {
            expect(view.future, where).toBe('hide')
            const drawn = pastOnly(lab, view.cursorMs).run.events
            for (const s of ahead) {
              expect(drawn, where).not.toContain(
                lab.run.events[momentEventIndex(lab, s.predict!.reveal)],
              )
            }
            if (beforeAPrediction(chapter, i)) before++
          } else {
            expect(view.future, where).toBe('fade')
          }
        }
      })
    }
    // The fencing chapter's first step (B's 42 recorded) comes before "what does the storage do
    // with 41?": it used to show the "× 41" rejection faded, a step early.
    expect(before).toBeGreaterThan(0)
    const fencing = TOUR.find((c) => c.id === 'fencing')!
    const first = stepView(
      runFor('gc-pause'),
      fencing.steps[0]!,
      false,
      pendingReveals(fencing, 0, false),
    )
    expect(first.future).toBe('hide')
    const reject = fencing.steps.findIndex((s) => s.id === 'reject')
    expect(pendingReveals(fencing, reject, false)).toEqual([])
    expect(pendingReveals(fencing, 1, true)).toEqual([])
  })

  it('a prediction hides the future until answered, then shows the revealed event', () => {
    for (const chapter of TOUR) {
      for (const step of chapter.steps) {
        if (step.predict === undefined) continue
        const lab = runFor(step.scenario)
        const asked = stepView(lab, step, false)
        const shown = stepView(lab, step, true)
        expect(asked.future).toBe('hide')
        expect(asked.keyIndex).toBe(-1)
        expect(shown.future).toBe('fade')
        expect(shown.cursorMs).toBeGreaterThan(asked.cursorMs)
        expect(lab.run.events[shown.keyIndex]?.atMs).toBe(shown.cursorMs)
        // The diagram drawn while asking holds nothing from the future: no spoiler.
        const past = pastOnly(lab, asked.cursorMs)
        expect(past.run.events.every((e) => e.atMs <= asked.cursorMs)).toBe(true)
        expect(past.run.endMs).toBe(lab.run.endMs)
        const later = [...past.findings.violations, ...past.findings.warnings]
        expect(later.every((f) => f.atMs <= asked.cursorMs)).toBe(true)
      }
    }
  })

  it('the event strip ends at the cursor with narrated events only', () => {
    const chapter = TOUR.find((c) => c.id === 'fencing')!
    const step = chapter.steps.find((s) => s.id === 'reject')!
    const lab = runFor(step.scenario)
    const view = stepView(lab, step, false)
    const texts = view.recent.map((i) => describeEvent(lab.run.events[i]!))
    expect(texts.at(-1)).toBe("storage rejected A's write: token 41 < 42")
    expect(texts.some((t) => t.includes(' sent a '))).toBe(false)
  })
})

/** A step before a prediction of its own chapter (not the prediction's own step). */
function beforeAPrediction(chapter: (typeof TOUR)[number], i: number): boolean {
  return chapter.steps.some((s, j) => j > i && s.predict !== undefined)
}
