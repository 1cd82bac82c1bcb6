import { describe, expect, it } from 'vitest'
import { sharedAcrossParts } from './sharedParts'

const plan = { paths: [{ path: ['list'], itemsPerPart: 10 }] }

describe('sharedAcrossParts', () => {
  it('finds nothing shared in items of their own', () => {
    expect(sharedAcrossParts({ list: [{ a: 1 }, { a: 2 }], rest: { b: 1 } }, plan)).toEqual({
      parts: 2,
      shared: 0,
    })
  })

  it('finds an object two parts share', () => {
    const one = { a: 1 }
    expect(sharedAcrossParts({ list: [{ one }, { one }] }, plan).shared).toBe(1)
  })

  it('finds an object a part shares with the skeleton', () => {
    const one = { a: 1 }
    expect(sharedAcrossParts({ list: [{ one }, {}], also: one }, plan).shared).toBe(1)
  })
})
