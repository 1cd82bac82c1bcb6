import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { assertProperty } from '../testing/property'
import type { KeyPart } from './tupleMap'
import { TupleMap } from './tupleMap'

const part = fc.oneof(
  fc.constantFrom<KeyPart>(null, '', '-', '5', 5, 0, -0, true, false),
  fc.string({ maxLength: 3 }),
  fc.integer({ min: -3, max: 3 }),
)

describe('TupleMap', () => {
  it('tells keys apart exactly as a Map of their parts would (property)', () => {
    assertProperty(
      fc.property(
        fc.array(fc.tuple(fc.tuple(part, part, part), fc.nat()), { maxLength: 40 }),
        (entries) => {
          const map = new TupleMap<number>(3)
          // The model: each part's identity as a Map sees it (SameValueZero), joined.
          const model = new Map<string, number>()
          const id = (p: KeyPart) =>
            `${p === null ? 'null' : typeof p}:${Object.is(p, -0) ? 0 : String(p)}`
          for (const [key, value] of entries) {
            map.set(key, value)
            model.set(key.map(id).join('|'), value)
          }
          for (const [key] of entries) expect(map.get(key)).toBe(model.get(key.map(id).join('|')))
          expect(map.get([5, 5, 5])).toBe(model.get([5, 5, 5].map(id).join('|')))
        },
      ),
    )
  })

  it('keeps 5 apart from "5", and null from "null"', () => {
    const map = new TupleMap<string>(2)
    map.set(['A', 5], 'number')
    map.set(['A', '5'], 'text')
    map.set(['A', null], 'none')
    expect([
      map.get(['A', 5]),
      map.get(['A', '5']),
      map.get(['A', null]),
      map.get(['A', 'null']),
    ]).toEqual(['number', 'text', 'none', undefined])
  })

  it('refuses a key of the wrong length', () => {
    const map = new TupleMap<number>(2)
    expect(() => map.set(['A'], 1)).toThrow('a key of 1 parts for a TupleMap of 2')
    expect(() => new TupleMap(0)).toThrow('at least one key part')
  })
})
