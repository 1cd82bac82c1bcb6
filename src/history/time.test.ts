import { describe, expect, it } from 'vitest'
import { isoFromMs, parseIsoMs, parseKlogMs } from './time'

describe('wall-clock times', () => {
  it('reads ISO 8601 in UTC and with offsets, keeping fractions of a ms', () => {
    expect(parseIsoMs('1970-01-01T00:00:00Z')).toBe(0)
    expect(parseIsoMs('2026-12-03T16:53:24.123Z')).toBe(1796316804123)
    expect(parseIsoMs('2026-12-03T17:53:24.123+01:00')).toBe(1796316804123)
    expect(parseIsoMs('2026-12-03T16:53:24.000250Z')).toBeCloseTo(1796316804000.25, 3)
    expect(parseIsoMs('2000-02-29T00:00:00Z')).toBe(951782400000)
  })
  it('refuses what is not a timestamp', () => {
    for (const bad of [
      '',
      'yesterday',
      '2026-13-01T00:00:00Z',
      '2026-12-03',
      '2026-12-03T25:00:00Z',
    ]) {
      expect(parseIsoMs(bad)).toBeNull()
    }
  })
  it('writes ISO 8601 back, the inverse of reading it', () => {
    for (const text of [
      '1970-01-01T00:00:00.000Z',
      '2026-12-03T16:53:24.123Z',
      '1999-12-31T23:59:59.999Z',
    ]) {
      expect(isoFromMs(parseIsoMs(text) as number)).toBe(text)
    }
  })
  it("reads klog's month-day and clock", () => {
    const a = parseKlogMs('1203', '16:53:24.000100') as number
    const b = parseKlogMs('1203', '16:53:25.500100') as number
    expect(b - a).toBeCloseTo(1500, 6)
    expect(parseKlogMs('1340', '16:53:24')).toBeNull()
  })
})
