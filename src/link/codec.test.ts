import fc from 'fast-check'
import { assertProperty } from '../testing/property'
import { deflateSync, inflateSync, strFromU8, strToU8, zlibSync } from 'fflate'
import { describe, expect, it } from 'vitest'
import type { Scenario } from '../sim'
import { findPreset, parseScenario, PRESETS } from '../sim'
import { fromBase64Url, toBase64Url } from './base64url'
import { decodeScenario } from './decode'
import { encodeScenario } from './encode'
import { holdsScenario, readLabAddress } from './lab'
import { readLinkView } from './parts'
import { writeLabLink } from './write'

function presetScenario(id: string): Scenario {
  const preset = findPreset(id)
  if (!preset) throw new Error(`no preset ${id}`)
  const parsed = parseScenario(preset.scenario)
  if (!parsed.ok) throw new Error(parsed.message)
  return parsed.scenario
}

describe('encodeScenario / decodeScenario', () => {
  it('round-trips every preset', () => {
    for (const preset of PRESETS) {
      const scenario = presetScenario(preset.id)
      const decoded = decodeScenario(encodeScenario(scenario))
      expect(decoded).toEqual({ ok: true, scenario })
    }
  })

  it('reads a scenario deflated with the zlib wrapper too (a link made by hand)', () => {
    const scenario = presetScenario('gc-pause')
    const json = strFromU8(inflateSync(fromBase64Url(encodeScenario(scenario)) as Uint8Array))
    const wrapped = toBase64Url(zlibSync(strToU8(json)))
    expect(decodeScenario(wrapped)).toEqual({ ok: true, scenario })
    // Cut short, it is damaged, as a raw link cut short is.
    expect(decodeScenario(wrapped.slice(0, -8))).toEqual({
      ok: false,
      message: 'the compressed scenario is damaged (cut short or garbled)',
    })
  })

  it('keeps an edited preset link well under 2,000 characters', () => {
    const scenario = presetScenario('gc-pause')
    const edited = {
      ...scenario,
      faults: [...scenario.faults, { atMs: 9001, do: 'pause' as const, node: 'B', ms: 3000 }],
    }
    const encoded = encodeScenario(edited)
    expect(encoded.length).toBeLessThan(2000)
    expect(encoded).toMatch(/^[A-Za-z0-9_-]+$/)
  })

  it('puts the format version in the JSON', () => {
    const scenario = presetScenario('gc-pause')
    const { format: _format, ...withoutFormat } = scenario
    const bytes = fromBase64Url(encodeScenario(withoutFormat))
    expect(typeof bytes).not.toBe('string')
    if (typeof bytes === 'string') return
    expect(strFromU8(inflateSync(bytes))).toMatch(/^\{"format":"fencing-lab\/scenario@1",/)
  })

  it('names what is wrong with a broken link', () => {
    const encode = (json: string) => toBase64Url(deflateSync(strToU8(json)))
    const cases: Array<[string, RegExp]> = [
      ['', /empty/],
      ['abc$def', /character that does not belong \(“\$” at position 4\)/],
      ['A', /cut short/],
      ['AAAAAAAA', /damaged/],
      [encode('{"format": "fencing-lab/scenario@1", "clients": [}'), /not valid JSON/],
      [encode('[1, 2]'), /not hold a scenario object/],
      [encode('{"clients": [{"id": "A", "script": []}]}'), /no "format"/],
      [
        encode('{"format": "fencing-lab/scenario@9", "clients": []}'),
        /format "fencing-lab\/scenario@9"/,
      ],
      [
        encode(
          '{"format": "fencing-lab/scenario@1", "clients": [{"id": "A", "script": [{"do": "fly"}]}]}',
        ),
        /clients\[0\]\.script\[0\]\.do/,
      ],
    ]
    for (const [encoded, message] of cases) {
      const result = decodeScenario(encoded)
      expect(result.ok, encoded).toBe(false)
      if (!result.ok) expect(result.message).toMatch(message)
    }
  })

  it('never throws on random text, and only accepts what it can validate', () => {
    assertProperty(
      fc.property(fc.string({ maxLength: 400 }), (text) => {
        const result = decodeScenario(text)
        if (!result.ok) expect(result.message.length).toBeGreaterThan(0)
      }),
      { numRuns: 100 },
    )
  })

  it('never throws on random base64url, bytes or deflate streams', () => {
    assertProperty(
      fc.property(fc.uint8Array({ maxLength: 600 }), fc.boolean(), (bytes, deflate) => {
        const encoded = toBase64Url(deflate ? deflateSync(bytes) : bytes)
        const result = decodeScenario(encoded)
        if (!result.ok) expect(result.message.length).toBeGreaterThan(0)
      }),
      { numRuns: 100 },
    )
  })

  it('rejects every truncation of a valid link, with a message', () => {
    const encoded = encodeScenario(presetScenario('gc-pause'))
    assertProperty(
      fc.property(fc.integer({ min: 0, max: encoded.length - 1 }), (cut) => {
        const result = decodeScenario(encoded.slice(0, cut))
        expect(result.ok).toBe(false)
        if (!result.ok) expect(result.message.length).toBeGreaterThan(0)
      }),
      { numRuns: 60 },
    )
  })

  it('never throws on a garbled valid link', () => {
    const encoded = encodeScenario(presetScenario('check-then-write'))
    assertProperty(
      fc.property(
        fc.integer({ min: 0, max: encoded.length - 1 }),
        fc.constantFrom(...'ABCabc019-_$%/'),
        (at, ch) => {
          const garbled = encoded.slice(0, at) + ch + encoded.slice(at + 1)
          const result = decodeScenario(garbled)
          if (result.ok) expect(parseScenario(result.scenario).ok).toBe(true)
          else expect(result.message.length).toBeGreaterThan(0)
        },
      ),
      { numRuns: 60 },
    )
  })
})

describe('base64url', () => {
  it('round-trips any bytes', () => {
    assertProperty(
      fc.property(fc.uint8Array({ maxLength: 300 }), (bytes) => {
        const text = toBase64Url(bytes)
        expect(text).toMatch(/^[A-Za-z0-9_-]*$/)
        expect(fromBase64Url(text)).toEqual(bytes)
      }),
    )
  })

  it('matches the standard alphabet', () => {
    const bytes = strToU8('fencing tokens ≥ 41?')
    const standard = Buffer.from(bytes).toString('base64url')
    expect(toBase64Url(bytes)).toBe(standard)
  })
})

describe('readLabAddress / writeLabLink', () => {
  it('opens a preset, with a cursor from the query or the hash', () => {
    expect(readLabAddress('?scenario=gc-pause', '', decodeScenario)).toEqual({
      source: { kind: 'preset', id: 'gc-pause' },
      cursorMs: null,
      view: {},
      notice: null,
    })
    expect(readLabAddress('?scenario=lock-delay&t=16005', '', decodeScenario).cursorMs).toBe(16005)
    expect(readLabAddress('?scenario=lock-delay', '#t=250', decodeScenario).cursorMs).toBe(250)
  })

  it('opens the default scenario when the link names none', () => {
    expect(readLabAddress('', '', decodeScenario)).toEqual({
      source: { kind: 'default' },
      cursorMs: null,
      view: {},
      notice: null,
    })
  })

  it('names an unknown preset and falls back to the default', () => {
    const link = readLabAddress('?scenario=no-such-thing&t=500', '', decodeScenario)
    expect(link.source).toEqual({ kind: 'default' })
    expect(link.cursorMs).toBeNull()
    expect(link.notice).toBe(
      'There is no scenario called “no-such-thing”. Showing the default scenario, “GC pause: token 41 vs 42”.',
    )
  })

  it('names a broken scenario link and falls back to the default', () => {
    const link = readLabAddress('', '#s=AAAAAAAAAA&t=9000', decodeScenario)
    expect(link.source).toEqual({ kind: 'default' })
    expect(link.notice).toMatch(/^This link’s scenario could not be opened: .*damaged/)
  })

  it('says so when the page could not load the decoder a custom scenario needs', () => {
    const encoded = encodeScenario(presetScenario('gc-pause'))
    expect(holdsScenario('', `#s=${encoded}&t=5`)).toBe(true)
    expect(holdsScenario('?scenario=gc-pause', '')).toBe(false)
    const link = readLabAddress('', `#s=${encoded}&t=5`, null)
    expect(link.source).toEqual({ kind: 'default' })
    expect(link.cursorMs).toBeNull()
    expect(link.notice).toMatch(/could not load the part that reads custom scenarios/)
    // A preset needs no decoder.
    expect(readLabAddress('?scenario=gc-pause', '', null).source).toEqual({
      kind: 'preset',
      id: 'gc-pause',
    })
  })

  it('names a bad time but keeps the scenario', () => {
    const link = readLabAddress('?scenario=gc-pause&t=soon', '', decodeScenario)
    expect(link.source).toEqual({ kind: 'preset', id: 'gc-pause' })
    expect(link.cursorMs).toBeNull()
    expect(link.notice).toBe('The time t=soon is not a whole number of milliseconds.')
  })

  it('writes a preset as a query and anything else as a hash, and reads both back', () => {
    expect(writeLabLink({ kind: 'preset', id: 'gc-pause' }, 16005.4)).toEqual({
      search: '?scenario=gc-pause&t=16005',
      hash: '',
    })
    expect(writeLabLink({ kind: 'preset', id: 'gc-pause' }, 0).search).toBe('?scenario=gc-pause')
    const scenario = presetScenario('delayed-write')
    const custom = writeLabLink({ kind: 'custom', scenario }, 1200)
    expect(custom.search).toBe('')
    expect(readLabAddress(custom.search, custom.hash, decodeScenario)).toEqual({
      source: { kind: 'custom', scenario },
      cursorMs: 1200,
      view: {},
      notice: null,
    })
  })

  it('never throws on any address', () => {
    assertProperty(
      fc.property(fc.string({ maxLength: 200 }), fc.string({ maxLength: 200 }), (search, hash) => {
        const link = readLabAddress(search, hash, decodeScenario)
        expect(['preset', 'custom', 'default']).toContain(link.source.kind)
      }),
      { numRuns: 100 },
    )
  })
})

describe('view options in a link', () => {
  it('keeps compare mode and a non-default future after the cursor, and reads them back', () => {
    const preset = writeLabLink({ kind: 'preset', id: 'gc-pause' }, 16005, {
      compare: true,
      future: 'hide',
    })
    expect(preset.search).toBe('?scenario=gc-pause&t=16005&compare=1&future=hide')
    expect(readLinkView(preset.search, preset.hash)).toEqual({
      view: { compare: true, future: 'hide' },
      problems: [],
    })
    // The default view adds nothing, so existing links keep their exact shape.
    expect(
      writeLabLink({ kind: 'preset', id: 'gc-pause' }, 0, { compare: false, future: 'fade' }),
    ).toEqual({ search: '?scenario=gc-pause', hash: '' })
    const custom = writeLabLink({ kind: 'custom', scenario: presetScenario('lock-delay') }, 300, {
      future: 'show',
    })
    expect(custom.hash).toMatch(/^#s=[A-Za-z0-9_-]+&t=300&future=show$/)
    expect(readLinkView(custom.search, custom.hash).view).toEqual({ future: 'show' })
    expect(readLabAddress(custom.search, custom.hash, decodeScenario).notice).toBeNull()
  })

  it('names a bad view option and keeps the rest', () => {
    expect(readLinkView('?scenario=gc-pause&compare=yes&future=later', '')).toEqual({
      view: {},
      problems: [
        'The option compare=yes is not 0 or 1.',
        'The option future=later is not show, fade or hide.',
      ],
    })
    expect(readLinkView('', '#s=x&compare=0').view).toEqual({ compare: false })
  })

  it('never throws on any address', () => {
    assertProperty(
      fc.property(fc.string({ maxLength: 200 }), fc.string({ maxLength: 200 }), (search, hash) => {
        const { view, problems } = readLinkView(search, hash)
        expect(typeof view).toBe('object')
        for (const problem of problems) expect(problem.length).toBeGreaterThan(0)
      }),
      { numRuns: 60 },
    )
  })
})
