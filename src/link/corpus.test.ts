/**
 * Links in the wild keep working: corpus.json holds today's lab links (presets, `t=`, view
 * options, `#s=` payloads made by the encoder as it was, broken ones: bad base64, a deflate bomb,
 * future formats, bad times), tour links and the links the lab wrote, each with what the page made
 * of it before the link module existed. Every one must open the same scenario at the same time
 * with the same notice, except the deliberate changes src/testing/linkCorpus.ts explains. The
 * embed's and the element's entries are checked in src/embed/corpus.test.ts.
 */
import { describe, expect, it } from 'vitest'
import { TOUR } from '../tour/chapters'
import { digest } from '../testing/digest'
import { expectedNotice } from '../testing/linkCorpus'
import corpus from './corpus.json'
import { decodeScenario } from './decode'
import { readLabAddress } from './lab'
import { splitAddress } from './params'
import { readTourLink } from './tour'
import { labHref } from './write'

describe('the link corpus: lab page addresses', () => {
  it.each(corpus.lab.map((entry) => [entry.address.slice(0, 80), entry] as const))(
    '%s',
    (_, entry) => {
      const { search, hash } = splitAddress(entry.address)
      const start = readLabAddress(search, hash, decodeScenario)
      const scenario =
        start.source.kind === 'preset'
          ? `preset:${start.source.id}`
          : start.source.kind === 'custom'
            ? `custom:${digest(start.source.scenario)}`
            : 'default'
      expect({
        scenario,
        cursorMs: start.cursorMs,
        compare: start.view.compare ?? null,
        future: start.view.future ?? null,
        notice: start.notice,
      }).toEqual({
        scenario: entry.scenario,
        cursorMs: entry.cursorMs,
        compare: entry.compare,
        future: entry.future,
        notice: expectedNotice(entry.address, entry.notice),
      })
    },
  )
})

describe('the link corpus: tour addresses', () => {
  it.each(corpus.tour.map((entry) => [entry.address, entry] as const))('%s', (_, entry) => {
    const { search, hash } = splitAddress(entry.address)
    const link = readTourLink(search, hash, TOUR)
    expect({ ...entry, chapter: link.chapter.id, step: link.step }).toEqual({
      address: entry.address,
      chapter: entry.chapter,
      step: entry.step,
      embed: link.embed,
      theme: link.theme,
      problem: link.problem,
    })
  })
})

describe('the link corpus: addresses the lab and the tour write', () => {
  it('writes every tour step\'s "Open in the lab" link as before', () => {
    const written: Array<{ what: string; href: string }> = []
    for (const chapter of TOUR) {
      for (const step of chapter.steps) {
        const target =
          typeof step.scenario === 'string'
            ? { kind: 'preset' as const, id: step.scenario }
            : { kind: 'custom' as const, scenario: step.scenario }
        written.push({
          what: `tour ${chapter.id}/${step.id} at 1234.4`,
          href: labHref('index.html', target, 1234.4),
        })
        written.push({
          what: `tour ${chapter.id}/${step.id} at 0`,
          href: labHref('lab.html', target, 0),
        })
      }
    }
    expect(written).toEqual(corpus.written.filter((w) => w.what.startsWith('tour ')))
  })
})
