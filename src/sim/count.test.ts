import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { assertProperty } from '../testing/property'
import { formatCount } from './count'

describe('formatCount', () => {
  it('groups thousands as en-US does', () => {
    expect(formatCount(0)).toBe('0')
    expect(formatCount(999)).toBe('999')
    expect(formatCount(1000)).toBe('1,000')
    expect(formatCount(123456)).toBe('123,456')
    expect(formatCount(2_000_000)).toBe('2,000,000')
    expect(formatCount(-1234567)).toBe('-1,234,567')
  })

  it('equals toLocaleString("en-US") for every safe integer (property)', () => {
    assertProperty(
      fc.property(
        fc.oneof(
          fc
            .integer({ min: -Number.MAX_SAFE_INTEGER, max: Number.MAX_SAFE_INTEGER })
            .map((n) => n + 0),
          fc.nat({ max: 10_000_000 }),
        ),
        (n) => {
          expect(formatCount(n)).toBe(n.toLocaleString('en-US'))
        },
      ),
      { numRuns: 100 },
    )
  })
})
