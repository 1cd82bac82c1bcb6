import { describe, expect, it } from 'vitest'
import { readLabAddress } from '../link/lab'
import { describeEvent } from '../sim'
import { TOUR, TOUR_SCENARIOS } from './chapters'
import { createRunCache, labHref, scenarioKey, tryItRuns } from './runs'
import { pastOnly, stepView } from './stepView'

const runFor = createRunCache()

/** What the lab page reads from an address the tour wrote. */
function opened(href: string) {
  const url = new URL(href, 'https://lab.example/')
  expect(url.pathname).toBe('/index.html')
  return readLabAddress(url.search, url.hash)
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
