/**
 * Fuzz tests of the address boundary: lab links (`?scenario=`, `#s=`, `t=`, view options), the
 * embed's parameters, the element's `link` attribute and tour links. Whatever the address, every
 * reader answers with something it can open and, for anything wrong, a sentence of bounded length
 * (a hostile link must not fill the page with its own text); it never throws.
 * Complements the focused properties in link/codec.test.ts, options.test.ts and link/tour.test.ts.
 * Replay a failure with the command in its message; search harder with FC_NUM_RUNS=1000.
 */
import fc from 'fast-check'
import { deflateSync, strToU8 } from 'fflate'
import { describe, expect, it } from 'vitest'
import { parseScenario, PRESETS, SCENARIO_FORMAT } from '../sim'
import { readTourLink } from '../link/tour'
import { TOUR } from '../tour/chapters'
import { PROPERTY_SEEDS, assertProperty } from '../testing/property'
import { junkArb, mutate, mutationArb, unicodeArb } from '../testing/hostile'
import { toBase64Url } from '../link/base64url'
import { decodeScenario, MAX_ENCODED_CHARS } from '../link/decode'
import { encodeScenario } from '../link/encode'
import type { LabStart } from '../link/lab'
import { readLabAddress } from '../link/lab'
import { readLinkParts, readLinkView } from '../link/parts'
import { writeLabLink } from '../link/write'
import { readElementAttributes, readEmbedParams } from './options'

/** The longest sentence a link may make the page show (a handful of clipped problems). */
const MAX_PROBLEM_CHARS = 2_000

const presetArb = fc.constantFrom(...PRESETS.map((p) => p.scenario))

/** Pieces an address is made of: real parameters, real values, junk and escapes. */
const pieceArb = fc.oneof(
  fc.string({ maxLength: 30 }),
  unicodeArb,
  fc.constantFrom(
    's=',
    't=',
    'scenario=',
    'scenario=gc-pause',
    'compare=1',
    'future=hide',
    'controls=full',
    'theme=dark',
    'from=step:3',
    'to=9000',
    'autoplay=1',
    'loop=yes',
    'id=',
    'tour=pause',
    'chapter=fencing',
    'step=answer',
    '&',
    '=',
    '#',
    '?',
    '/',
    '%',
    '%E0%A4%A',
    '%ZZ',
    '%00',
    '+',
    '__proto__=1',
    't=99999999999',
    't=-1',
    't=1e3',
  ),
  fc.string({ unit: fc.constantFrom(...'ABCabc019-_=$%/+'), maxLength: 80 }),
)

const addressArb = fc
  .array(pieceArb, { maxLength: 8 })
  .chain((parts) => fc.constantFrom(parts.join('&'), parts.join(''), parts.join('/')))

/** A lab link as the lab writes it, for a (possibly mutated) preset, with a cursor and a view. */
const validLinkArb = fc
  .record({
    preset: presetArb,
    mutations: fc.array(mutationArb, { maxLength: 2 }),
    custom: fc.boolean(),
    t: fc.nat(100_000),
    compare: fc.boolean(),
    future: fc.constantFrom('show' as const, 'fade' as const, 'hide' as const),
  })
  .map(({ preset, mutations, custom, t, compare, future }) => {
    const input = mutate(preset, mutations) as typeof preset
    const target =
      custom || preset.id === undefined
        ? { kind: 'custom' as const, scenario: parseOr(input, preset) }
        : { kind: 'preset' as const, id: preset.id }
    return writeLabLink(target, t, { compare, future })
  })

/** The parsed mutation when it is still valid, else the preset (the link writer takes valid ones). */
function parseOr(input: unknown, preset: unknown) {
  const parsed = parseScenario(input)
  if (parsed.ok) return parsed.scenario
  const original = parseScenario(preset)
  if (!original.ok) throw new Error(original.message)
  return original.scenario
}

function expectSentence(problem: string | null): void {
  if (problem === null) return
  expect(problem.length).toBeGreaterThan(0)
  expect(problem.length).toBeLessThanOrEqual(MAX_PROBLEM_CHARS)
}

function expectLabLink(link: LabStart): void {
  expectSentence(link.notice)
  if (link.source.kind === 'custom') expect(parseScenario(link.source.scenario).ok).toBe(true)
  if (link.cursorMs !== null) expect(Number.isInteger(link.cursorMs)).toBe(true)
}

/** Every reader of an address, on one address. */
function readAll(search: string, hash: string): void {
  expectLabLink(readLabAddress(search, hash, decodeScenario))
  for (const problem of readLinkView(search, hash).problems) expectSentence(problem)
  for (const problem of readLinkParts(search, hash).problems) expectSentence(problem)
  const options = readEmbedParams(search, hash)
  expectSentence(options.problems.join(' ') || null)
  if (options.id !== null) expect(options.id.length).toBeLessThanOrEqual(100)
  const attributes = readElementAttributes((name) =>
    name === 'link' ? `https://lab.example/${search}${hash}` : null,
  )
  expectSentence(attributes.problems.join(' ') || null)
  const tour = readTourLink(search, hash, TOUR)
  expectSentence(tour.problem)
  expect(tour.chapter.steps.length).toBeGreaterThan(0)
}

describe.each(PROPERTY_SEEDS)('link fuzz, seed %i', (seed) => {
  it('random addresses', () => {
    assertProperty(
      fc.property(addressArb, addressArb, (search, hash) => {
        readAll(`?${search}`, `#${hash}`)
        readAll(search, hash)
      }),
      { seed, numRuns: 100 },
    )
  })

  it('every cut of a valid link', () => {
    assertProperty(
      fc.property(validLinkArb, fc.nat(), (link, cut) => {
        const address = link.search + link.hash
        const at = cut % (address.length + 1)
        const cutAddress = address.slice(0, at)
        const hashAt = cutAddress.indexOf('#')
        const search = hashAt < 0 ? cutAddress : cutAddress.slice(0, hashAt)
        const hash = hashAt < 0 ? '' : cutAddress.slice(hashAt)
        readAll(search, hash)
        const read = readLabAddress(search, hash, decodeScenario)
        // A custom scenario cut anywhere inside its s= value does not open.
        const s = /#s=([^&]*)/.exec(link.hash)
        const sEnd = s === null ? -1 : link.search.length + s.index + s[0].length
        if (s !== null && at < sEnd) expect(read.source.kind).not.toBe('custom')
      }),
      { seed, numRuns: 60 },
    )
  })

  it('bad base64, bad deflate and documents that are not scenarios', () => {
    const payloadArb = fc.oneof(
      fc.uint8Array({ maxLength: 400 }).map((bytes) => toBase64Url(bytes)),
      fc.uint8Array({ maxLength: 400 }).map((bytes) => toBase64Url(deflateSync(bytes))),
      junkArb.map((value) => toBase64Url(deflateSync(strToU8(JSON.stringify(value) ?? '')))),
      fc
        .tuple(presetArb, fc.array(mutationArb, { minLength: 1, maxLength: 3 }))
        .map(([preset, ms]) => {
          const json = JSON.stringify({
            format: SCENARIO_FORMAT,
            ...(mutate(preset, ms) as object),
          })
          return toBase64Url(deflateSync(strToU8(json)))
        }),
      fc.tuple(presetArb, junkArb).map(([preset, format]) => {
        return toBase64Url(deflateSync(strToU8(JSON.stringify({ ...preset, format }))))
      }),
      fc.string({ unit: fc.constantFrom(...'ABCabc019-_=$%/+ .'), maxLength: 200 }),
    )
    assertProperty(
      fc.property(payloadArb, (payload) => {
        const result = decodeScenario(payload)
        if (result.ok) expect(parseScenario(result.scenario).ok).toBe(true)
        else expectSentence(result.message)
        expectLabLink(readLabAddress('', `#s=${payload}&t=5`, decodeScenario))
      }),
      { seed, numRuns: 80 },
    )
  })
})

describe('huge inputs', () => {
  const huge = [
    'A'.repeat(MAX_ENCODED_CHARS + 1),
    // A deflate bomb: 5 MB of zeros in a few kilobytes.
    toBase64Url(deflateSync(new Uint8Array(5_000_000), { level: 9 })),
    encodeScenario({ clients: [{ id: 'A', script: [] }], title: 'x'.repeat(100_000) }),
    toBase64Url(deflateSync(strToU8(JSON.stringify({ format: 'x'.repeat(100_000), clients: [] })))),
    encodeScenario({ clients: [{ id: 'A', script: [{ do: 'x'.repeat(100_000) } as never] }] }),
    encodeScenario({ clients: [{ id: 'A', script: [] }], ['y'.repeat(100_000)]: 1 }),
  ]
  it.each(['s', 'scenario', 't', 'from', 'link'])('in %s=', (name) => {
    for (const big of huge) {
      readAll(`?${name}=${big}`, `#${name}=${big}`)
      readAll('', `#s=${big}`)
    }
  })
})
