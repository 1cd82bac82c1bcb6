import fc from 'fast-check'
import { pngWithScenario, svgWithScenario } from '../../link/figureScenario'
import { assertProperty } from '../../testing/property'
import { describe, expect, it } from 'vitest'
import type { Scenario } from '../../sim'
import { check, findPreset, parseScenario, PRESETS, run, SCENARIO_FORMAT } from '../../sim'
import {
  checkScenarioText,
  fileStem,
  MAX_FILE_BYTES,
  readScenarioFile,
  reportFileText,
  scenarioFileText,
} from './scenarioFile'

function presetScenario(id: string): Scenario {
  const parsed = parseScenario(findPreset(id)?.scenario)
  if (!parsed.ok) throw new Error(parsed.message)
  return parsed.scenario
}

const bytes = (text: string) => new TextEncoder().encode(text)

/** A result is either a valid scenario or a non-empty sentence; never an exception. */
function expectClear(result: ReturnType<typeof checkScenarioText>) {
  if (result.ok) expect(parseScenario(result.scenario).ok).toBe(true)
  else {
    expect(result.message).toMatch(/^[A-Z]/)
    expect(result.problems.length).toBeGreaterThan(0)
  }
}

describe('scenario files', () => {
  it('round-trips every preset through its file, format first', () => {
    for (const preset of PRESETS) {
      const scenario = presetScenario(preset.id)
      const text = scenarioFileText(scenario)
      expect(text.startsWith(`{\n  "format": "${SCENARIO_FORMAT}",\n`)).toBe(true)
      expect(text.endsWith('}\n')).toBe(true)
      expect(readScenarioFile(bytes(text))).toEqual({ ok: true, scenario })
    }
  })

  it('writes the run’s report exactly as the CLI prints it', () => {
    const scenario = presetScenario('gc-pause')
    const result = run(scenario)
    const report = JSON.parse(reportFileText(result, check(result))) as Record<string, unknown>
    expect(Object.keys(report)).toEqual([
      'scenario',
      'verdict',
      'truncated',
      'grants',
      'writes',
      'final',
      'violations',
      'warnings',
      'events',
    ])
    expect(report.scenario).toBe('gc-pause')
    expect(report.truncated).toBeNull()
    expect(JSON.stringify(report.writes)).toContain('"reason":"token 41 < 42"')
  })

  it('names the path and the line of an invalid field', () => {
    const scenario = presetScenario('gc-pause')
    const broken = JSON.parse(scenarioFileText(scenario)) as {
      clients: Array<{ script: Array<{ do: string }> }>
    }
    const step = broken.clients[1]?.script[2]
    if (step === undefined) throw new Error('gc-pause has no clients[1].script[2]')
    step.do = 'fly'
    const text = JSON.stringify(broken, null, 2)
    const result = checkScenarioText(text)
    expect(result.ok).toBe(false)
    if (result.ok) return
    const line = text.split('\n').findIndex((l) => l.includes('"do": "fly"')) + 1
    expect(result.message).toMatch(
      new RegExp(
        `^Invalid scenario: clients\\[1\\]\\.script\\[2\\]\\.do \\(line ${line}\\): must be one of`,
      ),
    )
    expect(result.problems[0]?.at?.line).toBe(line)
  })

  it('says what is wrong with a file that is not a scenario', () => {
    const scenario = presetScenario('gc-pause')
    const report = reportFileText(run(scenario), check(run(scenario)))
    const cases: Array<[Uint8Array, RegExp]> = [
      [bytes(''), /^The text is empty/],
      [bytes('{"clients": [}'), /^Not valid JSON: .*\(line 1, column 14\)$/],
      [bytes('[1, 2]'), /^Not a scenario: the JSON holds a list/],
      [bytes('"gc-pause"'), /^Not a scenario: the JSON holds a string/],
      [
        bytes(JSON.stringify({ ...scenario, format: 'fencing-lab/scenario@2' })),
        /^Invalid scenario: format \(line 1\): format must be "fencing-lab\/scenario@1"/,
      ],
      [
        bytes(JSON.stringify({ clients: [{ id: 'A', script: [], colour: 'red' }] })),
        /clients\[0\]\.colour \(line 1\): unknown field/,
      ],
      [bytes(report), /trace .*not a scenario/],
      [new Uint8Array([0x7b, 0xff, 0xfe, 0x7d]), /not UTF-8 text/],
      // UTF-16 with its byte-order mark is read (Windows PowerShell 5), then judged as JSON.
      [new Uint8Array([0xff, 0xfe, 0x7b, 0x00, 0x7d, 0x00]), /clients/],
      [new Uint8Array(MAX_FILE_BYTES + 1), /too large/],
    ]
    for (const [input, message] of cases) {
      const result = readScenarioFile(input)
      expect(result.ok).toBe(false)
      if (!result.ok) expect(result.message).toMatch(message)
    }
  })

  it('accepts a byte-order mark and a scenario without "format" (the schema’s default)', () => {
    const result = readScenarioFile(bytes('\uFEFF{"clients": [{"id": "A", "script": []}]}'))
    expect(result.ok).toBe(true)
  })

  it('reads a scenario saved as UTF-16 with a byte-order mark, either byte order', () => {
    const text = '{"title": "Pause – Ä", "clients": [{"id": "A", "script": []}]}'
    for (const littleEndian of [true, false]) {
      const out = new Uint8Array(2 + text.length * 2)
      const view = new DataView(out.buffer)
      view.setUint16(0, 0xfeff, littleEndian)
      for (let i = 0; i < text.length; i++)
        view.setUint16(2 + i * 2, text.charCodeAt(i), littleEndian)
      const result = readScenarioFile(out)
      expect(result.ok ? result.scenario.title : result.message).toBe('Pause – Ä')
    }
  })

  it('never throws on random bytes (property)', () => {
    assertProperty(
      fc.property(fc.uint8Array({ maxLength: 300 }), (input) =>
        expectClear(readScenarioFile(input)),
      ),
      { numRuns: 100 },
    )
  })

  it('never throws on random text (property)', () => {
    assertProperty(
      fc.property(fc.oneof(fc.string({ maxLength: 300 }), fc.json()), (text) =>
        expectClear(checkScenarioText(text)),
      ),
      { numRuns: 100 },
    )
  })

  it('never throws on any cut of a scenario file, and only the whole file is valid (property)', () => {
    // Without the final newline: cutting only that leaves the whole (valid) JSON.
    const text = scenarioFileText(presetScenario('check-then-write')).trimEnd()
    assertProperty(
      fc.property(fc.integer({ min: 0, max: text.length - 1 }), (cut) => {
        const result = readScenarioFile(bytes(text.slice(0, cut)))
        expect(result.ok).toBe(false)
        expectClear(result)
      }),
      { numRuns: 80 },
    )
  })

  it('never throws on any cut of a scenario file’s bytes (property)', () => {
    // Cutting bytes can split a multi-byte character (“…” in a title): still a sentence.
    const encoded = bytes(scenarioFileText(presetScenario('check-then-write')).trimEnd())
    assertProperty(
      fc.property(fc.integer({ min: 0, max: encoded.length - 1 }), (cut) =>
        expectClear(readScenarioFile(encoded.subarray(0, cut))),
      ),
      { numRuns: 80 },
    )
  })

  it('never throws when any value in a scenario is replaced by random JSON (property)', () => {
    const base = JSON.parse(scenarioFileText(presetScenario('gc-pause'))) as unknown
    const slots: Array<Array<string | number>> = []
    const walk = (value: unknown, path: Array<string | number>) => {
      slots.push(path)
      if (Array.isArray(value)) value.forEach((v, i) => walk(v, [...path, i]))
      else if (typeof value === 'object' && value !== null) {
        for (const [k, v] of Object.entries(value)) walk(v, [...path, k])
      }
    }
    walk(base, [])
    assertProperty(
      fc.property(fc.constantFrom(...slots), fc.jsonValue(), (path, replacement) => {
        const copy = structuredClone(base) as Record<string | number, unknown>
        let holder: Record<string | number, unknown> = copy
        for (const key of path.slice(0, -1))
          holder = holder[key] as Record<string | number, unknown>
        const last = path.at(-1)
        const mutated = last === undefined ? replacement : ((holder[last] = replacement), copy)
        const result = checkScenarioText(JSON.stringify(mutated, null, 2))
        expectClear(result)
        if (!result.ok && result.problems[0]?.path !== '') {
          expect(result.problems.every((p) => p.at !== null)).toBe(true)
        }
      }),
      { numRuns: 100 },
    )
  })

  it('names files after the scenario’s id, else its title', () => {
    expect(fileStem({ id: 'gc-pause', title: 'GC pause' })).toBe('gc-pause')
    expect(fileStem({ title: 'Ünïcode “quotes” & <tags>!' })).toBe('unicode-quotes-tags')
    expect(fileStem({ title: '???' })).toBe('scenario')
    expect(fileStem({})).toBe('scenario')
  })
})

describe('an exported figure opens its run', () => {
  const scenario = presetScenario('gc-pause')
  const text = scenarioFileText(scenario)
  const svg = svgWithScenario(
    '<svg xmlns="http://www.w3.org/2000/svg" width="9" height="9"></svg>',
    text,
  )

  it('an SVG or PNG the lab exported reads as the scenario it carries', async () => {
    const fromSvg = readScenarioFile(new TextEncoder().encode(svg))
    expect(fromSvg.ok && fromSvg.scenario).toEqual(scenario)
    const { chooseFonts, rasterize } = await import('../../cli/media')
    const fonts = chooseFonts()
    if (!fonts.ok) throw new Error(fonts.message)
    const png = pngWithScenario(rasterize(svg, 1, fonts).png, text)
    const fromPng = readScenarioFile(png)
    expect(fromPng.ok && fromPng.scenario).toEqual(scenario)
  })

  it('a figure that carries no scenario, or other markup, is refused with a reason', () => {
    const plain = readScenarioFile(new TextEncoder().encode('<svg width="1" height="1"></svg>'))
    expect(!plain.ok && plain.message).toMatch(/^This SVG image carries no scenario/)
    const html = readScenarioFile(new TextEncoder().encode('<!doctype html><p>hi</p>'))
    expect(!html.ok && html.message).toMatch(/markup, not scenario JSON/)
    const png = readScenarioFile(new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))
    expect(!png.ok && png.message).toMatch(/^This PNG image carries no scenario/)
  })
})
