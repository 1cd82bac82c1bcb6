import fc from 'fast-check'
import { assertProperty } from '../testing/property'
import { describe, expect, it } from 'vitest'
import { PRESET_IDS } from '../sim'
import type { EmbedOptions } from './options'
import {
  CONTROLS_MODES,
  ELEMENT_ATTRIBUTES,
  readElementAttributes,
  readEmbedParams,
  readLabAttribute,
  readRangeMark,
  THEMES,
} from './options'
import { encodeScenario } from '../link/encode'

function attributes(map: Record<string, string>) {
  return (name: string) => (Object.hasOwn(map, name) ? (map[name] ?? null) : null)
}

/** What every result must satisfy, whatever the input. */
function expectWellFormed(options: EmbedOptions) {
  expect(CONTROLS_MODES).toContain(options.controls)
  expect(THEMES).toContain(options.theme)
  expect(typeof options.autoplay).toBe('boolean')
  expect(typeof options.loop).toBe('boolean')
  if (options.cursorMs !== null) {
    expect(Number.isInteger(options.cursorMs)).toBe(true)
    expect(options.cursorMs).toBeGreaterThanOrEqual(0)
  }
  for (const mark of [options.from, options.to]) {
    if (mark === null) continue
    const n = mark.kind === 'ms' ? mark.ms : mark.step
    expect(Number.isInteger(n) && n >= 0).toBe(true)
  }
  // A range is whole or absent.
  if (options.id !== null) expect(options.id.length).toBeLessThanOrEqual(100)
  for (const problem of options.problems) {
    expect(problem).toMatch(/^\S.*[.!]$/s)
    // Quoted input is clipped: a hostile link cannot flood the notice.
    expect(problem.length).toBeLessThan(400)
  }
}

describe('readEmbedParams', () => {
  it('reads the documented parameters', () => {
    const o = readEmbedParams(
      '?scenario=lock-delay&controls=full&theme=dark&autoplay=1&loop=1&from=2000&to=step:5&t=3000&id=post-1',
      '',
    )
    expect(o).toEqual({
      scenario: { kind: 'preset', id: 'lock-delay' },
      controls: 'full',
      theme: 'dark',
      autoplay: true,
      loop: true,
      from: { kind: 'ms', ms: 2000 },
      to: { kind: 'step', step: 5 },
      cursorMs: 3000,
      id: 'post-1',
      problems: [],
      unknownScenario: false,
    })
  })

  it('defaults: the default scenario, minimal controls, auto theme, no autoplay, no loop', () => {
    expect(readEmbedParams('', '')).toEqual({
      scenario: { kind: 'default' },
      controls: 'minimal',
      theme: 'auto',
      autoplay: false,
      loop: false,
      from: null,
      to: null,
      cursorMs: null,
      id: null,
      problems: [],
      unknownScenario: false,
    })
  })

  it('takes a custom scenario and its time from the hash (s= wins over scenario=)', () => {
    const o = readEmbedParams('?scenario=lock-delay&t=5', '#s=abc&t=900')
    expect(o.scenario).toEqual({ kind: 'encoded', encoded: 'abc' })
    expect(o.cursorMs).toBe(900)
  })

  it('names every bad value and falls back to its default', () => {
    const o = readEmbedParams(
      '?controls=huge&theme=sepia&autoplay=maybe&loop=2&from=soon&to=3000&t=-4',
      '',
    )
    expect(o.controls).toBe('minimal')
    expect(o.theme).toBe('auto')
    expect(o.autoplay).toBe(false)
    expect(o.loop).toBe(false)
    expect(o.from).toBeNull()
    expect(o.to).toBeNull()
    expect(o.cursorMs).toBeNull()
    expect(o.problems).toEqual([
      'The time t=-4 is negative: a time counts milliseconds from the start of the run.',
      'controls=huge is not one of full, minimal or none; using minimal.',
      'theme=sepia is not one of auto, light or dark; using auto.',
      'autoplay=maybe is not 0 or 1; autoplay is off.',
      'loop=2 is not 0 or 1; loop is off.',
      'from=soon is neither a time in milliseconds (from=2000) nor a step (from=step:3); the range is ignored.',
    ])
  })

  it('an unknown preset: a message, the default scenario, and no time', () => {
    const o = readEmbedParams('?scenario=nope&t=3000', '')
    expect(o.scenario).toEqual({ kind: 'default' })
    expect(o.unknownScenario).toBe(true)
    expect(o.cursorMs).toBeNull()
    expect(o.problems).toEqual(['There is no scenario called “nope”.'])
  })

  it('a time with an unrelated bad parameter is kept', () => {
    const o = readEmbedParams('?t=3000&controls=big', '')
    expect(o.cursorMs).toBe(3000)
  })

  it('a range that ends before it starts is reported and dropped', () => {
    const o = readEmbedParams('?from=5000&to=1000', '')
    expect(o.from).toBeNull()
    expect(o.to).toBeNull()
    expect(o.problems).toEqual([
      'The range ends before it starts (from is after to); the range is ignored.',
    ])
  })

  it('accepts the usual spellings of on and off, and a bare flag', () => {
    expect(readEmbedParams('?autoplay&loop=true', '')).toMatchObject({ autoplay: true, loop: true })
    expect(readEmbedParams('?autoplay=0&loop=no', '')).toMatchObject({
      autoplay: false,
      loop: false,
    })
    expect(readEmbedParams('?controls=FULL&theme=Dark', '')).toMatchObject({
      controls: 'full',
      theme: 'dark',
      problems: [],
    })
  })

  it('never throws and always answers with well-formed options (random parameters)', () => {
    const names = [
      'scenario',
      's',
      'controls',
      'theme',
      'autoplay',
      'loop',
      'from',
      'to',
      't',
      'id',
    ]
    const value = fc.oneof(
      fc.string(),
      fc.string({ unit: 'binary' }),
      fc.constantFrom('', '1', '0', 'step:', 'step:3', 'step:-1', '1e3', '99999999999', 'full'),
      fc.constantFrom(...PRESET_IDS),
    )
    assertProperty(
      fc.property(
        fc.array(fc.tuple(fc.constantFrom(...names), value), { maxLength: 12 }),
        fc.boolean(),
        (pairs, inHash) => {
          const text = pairs
            .map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`)
            .join('&')
          const o = inHash ? readEmbedParams('', `#${text}`) : readEmbedParams(`?${text}`, '')
          expectWellFormed(o)
        },
      ),
      { numRuns: 100 },
    )
  })

  it('never throws on raw, malformed or cut-short addresses', () => {
    const encoded = encodeScenario({
      clients: [
        { id: 'A', script: [{ do: 'acquire' }, { do: 'write', resource: 'storage', value: 'A' }] },
      ],
    })
    const full = `?scenario=gc-pause&controls=full&from=step:2&to=9000&t=3000#s=${encoded}&t=12`
    assertProperty(
      fc.property(fc.string({ unit: 'binary' }), fc.nat(full.length), (junk, cut) => {
        expectWellFormed(readEmbedParams(junk, junk))
        expectWellFormed(readEmbedParams(`?${junk}`, `#${junk}`))
        const truncated = full.slice(0, cut)
        const hashAt = truncated.indexOf('#')
        expectWellFormed(
          hashAt === -1
            ? readEmbedParams(truncated, '')
            : readEmbedParams(truncated.slice(0, hashAt), truncated.slice(hashAt)),
        )
      }),
      { numRuns: 100 },
    )
    // Broken percent-escapes are not an exception either.
    expectWellFormed(readEmbedParams('?controls=%E0%A4%A&theme=%', '#s=%ZZ'))
  })
})

describe('readElementAttributes', () => {
  it('reads the attributes, boolean ones by presence', () => {
    const o = readElementAttributes(
      attributes({
        scenario: 'gc-pause',
        controls: 'none',
        theme: 'light',
        autoplay: '',
        loop: '',
        from: 'step:2',
        to: '12000',
        t: '4000',
      }),
    )
    expect(o).toMatchObject({
      scenario: { kind: 'preset', id: 'gc-pause' },
      controls: 'none',
      theme: 'light',
      autoplay: true,
      loop: true,
      from: { kind: 'step', step: 2 },
      to: { kind: 'ms', ms: 12000 },
      cursorMs: 4000,
      id: null,
      problems: [],
    })
  })

  it('data-controls is controls under a name Astro keeps, and wins over it', () => {
    expect(readElementAttributes(attributes({ 'data-controls': 'full' })).controls).toBe('full')
    expect(
      readElementAttributes(attributes({ 'data-controls': 'none', controls: '' })).controls,
    ).toBe('none')
    // What Astro leaves of controls="full" without the alias: a bare attribute, an error.
    const bare = readElementAttributes(attributes({ controls: '' }))
    expect(bare.controls).toBe('minimal')
    expect(bare.problems).toHaveLength(1)
    expect(ELEMENT_ATTRIBUTES).toContain('data-controls')
  })

  it('quotes a bad attribute the way it is written in HTML', () => {
    const o = readElementAttributes(attributes({ controls: 'big', autoplay: 'sometimes' }))
    expect(o.problems).toEqual([
      'controls="big" is not one of full, minimal or none; using minimal.',
      'autoplay="sometimes" is not a yes or no (leave the attribute out for no); autoplay is off.',
    ])
  })

  it('a link attribute holds a lab link in any of its forms; its t yields to a t attribute', () => {
    const encoded = encodeScenario({ clients: [{ id: 'A', script: [{ do: 'acquire' }] }] })
    const forms = [
      `https://lab.example/?x=1#s=${encoded}&t=700`,
      `#s=${encoded}&t=700`,
      `s=${encoded}&t=700`,
    ]
    for (const link of forms) {
      const o = readElementAttributes(attributes({ link, scenario: 'lock-delay' }))
      expect(o.scenario).toEqual({ kind: 'encoded', encoded })
      expect(o.cursorMs).toBe(700)
      expect(o.problems).toEqual([])
    }
    expect(readElementAttributes(attributes({ link: encoded })).scenario).toEqual({
      kind: 'encoded',
      encoded,
    })
    expect(readElementAttributes(attributes({ link: '?scenario=lock-delay' })).scenario).toEqual({
      kind: 'preset',
      id: 'lock-delay',
    })
    expect(
      readElementAttributes(attributes({ link: `#s=${encoded}&t=700`, t: '5' })).cursorMs,
    ).toBe(5)
  })

  it('a link with no scenario in it says so', () => {
    const o = readElementAttributes(attributes({ link: 'https://lab.example/' }))
    expect(o.scenario).toEqual({ kind: 'default' })
    expect(o.problems).toEqual([
      'link="https://lab.example/" holds no scenario: paste a lab link with ?scenario= or #s= in it.',
    ])
  })

  it('never throws and always answers with well-formed options (random attributes)', () => {
    const value = fc.oneof(
      fc.string(),
      fc.string({ unit: 'binary' }),
      fc.constantFrom('', 'step:7', '#s=', 's=', '?scenario=', 'https://x/#s=AAAA', 'gc-pause'),
    )
    assertProperty(
      fc.property(
        fc.dictionary(fc.constantFrom(...ELEMENT_ATTRIBUTES, 'id', 'class'), value),
        (map) => expectWellFormed(readElementAttributes(attributes(map))),
      ),
      { numRuns: 100 },
    )
  })
})

describe('readLabAttribute', () => {
  it('reads the lab’s directory from its address, a page in it, or a bare path', () => {
    expect(readLabAttribute(null)).toEqual({ ok: true, url: null })
    expect(readLabAttribute('  ')).toEqual({ ok: true, url: null })
    for (const [value, url] of [
      ['https://lab.example/', 'https://lab.example/'],
      ['https://lab.example', 'https://lab.example/'],
      [' https://lab.example/fencing ', 'https://lab.example/fencing/'],
      ['https://lab.example/fencing/index.html?scenario=x#s=y', 'https://lab.example/fencing/'],
      ['http://127.0.0.1:4173/', 'http://127.0.0.1:4173/'],
    ] as const) {
      expect(readLabAttribute(value), value).toEqual({ ok: true, url })
    }
  })

  it('names what is wrong with anything but an http(s) address', () => {
    for (const bad of ['lab.example', '/fencing/', 'javascript:alert(1)', 'data:text/html,x']) {
      const read = readLabAttribute(bad)
      expect(read.ok, bad).toBe(false)
      if (!read.ok)
        expect(read.problem).toMatch(/^lab=".*" is not the lab's address: give one like/)
    }
  })
})

describe('readRangeMark', () => {
  it('reads milliseconds and steps, nothing else', () => {
    expect(readRangeMark('2000')).toEqual({ kind: 'ms', ms: 2000 })
    expect(readRangeMark(' step:3 ')).toEqual({ kind: 'step', step: 3 })
    for (const bad of ['', 'step:', 'step:-1', '2s', '1e3', '-5', 'step:99999999', '86400001']) {
      expect(readRangeMark(bad)).toBeNull()
    }
  })
})
