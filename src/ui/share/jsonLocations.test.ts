import fc from 'fast-check'
import { assertProperty } from '../../testing/property'
import { describe, expect, it } from 'vitest'
import { locateJson, locatePath, parentPath } from './jsonLocations'

describe('locateJson', () => {
  const text = [
    '{',
    '  "format": "fencing-lab/scenario@1",',
    '  "clients": [',
    '    { "id": "A", "script": [{ "do": "acquire" }, { "do": "fly" }] },',
    '    {',
    '      "id": "B",',
    '      "script": []',
    '    }',
    '  ]',
    '}',
  ].join('\n')

  it('places every key and array item by the schema’s path', () => {
    const result = locateJson(text)
    expect(result.ok).toBe(true)
    if (!result.ok) return
    const at = (path: string) => {
      const place = result.paths.get(path)
      return place === undefined ? null : [place.line, place.column]
    }
    expect(at('')).toEqual([1, 1])
    expect(at('format')).toEqual([2, 3])
    expect(at('clients')).toEqual([3, 3])
    expect(at('clients[0]')).toEqual([4, 5])
    expect(at('clients[0].script[1].do')).toEqual([4, 52])
    expect(at('clients[1].id')).toEqual([6, 7])
    expect(at('clients[1].script')).toEqual([7, 7])
  })

  it('falls back to the nearest ancestor for a path that is not written', () => {
    const result = locateJson(text)
    if (!result.ok) throw new Error(result.message)
    expect(locatePath(result.paths, 'clients[1].startMs')?.line).toBe(5)
    expect(locatePath(result.paths, 'faults')?.line).toBe(1)
    expect(parentPath('clients[1].script[2].do')).toBe('clients[1].script[2]')
    expect(parentPath('clients[1]')).toBe('clients')
    expect(parentPath('clients')).toBe('')
  })

  it('names and places syntax errors', () => {
    const cases: Array<[string, RegExp, number, number]> = [
      ['{"a": 1,}', /trailing comma/, 1, 9],
      ['[1, 2,]', /trailing comma/, 1, 7],
      ['{"a": 1\n "b": 2}', /missing comma/, 2, 2],
      ["{'a': 1}", /key must be text in double quotes/, 1, 2],
      ['{"a": tru}', /not a value/, 1, 7],
      ['{"a": "x\ny"}', /line break/, 1, 9],
      ['{"a": [1, 2', /not closed/, 1, 12],
      ['{"a": "open', /string is not closed/, 1, 7],
      ['', /empty/, 1, 1],
      ['{} {}', /goes on after the end/, 1, 4],
      ['{"a": 01}', /“,” or “}”/, 1, 8],
    ]
    for (const [json, message, line, column] of cases) {
      const result = locateJson(json)
      expect(result.ok, json).toBe(false)
      if (result.ok) continue
      expect(result.message, json).toMatch(message)
      expect([result.at.line, result.at.column], json).toEqual([line, column])
    }
  })

  it('agrees with JSON.parse on what is JSON (property)', () => {
    assertProperty(
      fc.property(fc.oneof(fc.json(), fc.string({ maxLength: 60 })), (text) => {
        let valid = true
        try {
          JSON.parse(text)
        } catch {
          valid = false
        }
        expect(locateJson(text).ok).toBe(valid)
      }),
      { numRuns: 200 },
    )
  })

  it('gives a place for any cut of valid JSON, and never throws (property)', () => {
    assertProperty(
      fc.property(fc.json(), fc.nat(), (json, cut) => {
        const text = json.slice(0, cut % (json.length + 1))
        const result = locateJson(text)
        if (!result.ok) {
          expect(result.message.length).toBeGreaterThan(0)
          expect(result.at.offset).toBeLessThanOrEqual(text.length)
        }
      }),
      { numRuns: 200 },
    )
  })

  it('refuses absurd nesting with a message instead of overflowing the stack', () => {
    const result = locateJson('['.repeat(100_000))
    expect(result.ok).toBe(false)
    if (!result.ok) expect(result.message).toMatch(/nested more than/)
  })
})
