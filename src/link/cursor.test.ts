import { describe, expect, it } from 'vitest'
import { MAX_CURSOR_MS, readCursor } from './cursor'
import { readLinkParts } from './parts'

describe('readCursor', () => {
  it('reads whole milliseconds from 0 to a day', () => {
    expect(readCursor('0')).toEqual({ ok: true, ms: 0 })
    expect(readCursor('16005')).toEqual({ ok: true, ms: 16005 })
    expect(readCursor(String(MAX_CURSOR_MS))).toEqual({ ok: true, ms: MAX_CURSOR_MS })
  })

  it('says how a time is wrong: negative, too late, or not a whole number', () => {
    expect(readLinkParts('?scenario=gc-pause&t=-5', '').problems).toEqual([
      'The time t=-5 is negative: a time counts milliseconds from the start of the run.',
    ])
    expect(readLinkParts('?scenario=gc-pause&t=99999999999', '').problems).toEqual([
      'The time t=99999999999 is later than any run lasts (at most 86400000 ms, one day).',
    ])
    expect(readCursor(String(MAX_CURSOR_MS + 1))).toMatchObject({ ok: false, why: /later than/ })
    expect(readCursor('-2.5')).toMatchObject({ ok: false, why: /negative/ })
    for (const text of ['1.5', 'soon', '', '1e3', '-', '0x10', ' 5']) {
      expect(readCursor(text)).toEqual({ ok: false, why: 'is not a whole number of milliseconds' })
    }
  })
})
