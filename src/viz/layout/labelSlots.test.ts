import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { assertProperty } from '../../testing/property'
import { LabelSlots } from './labelSlots'

/** The slot a label falls in, as text: the key the slots stand for (4 px of axis by 8 px). */
const slotText = (
  priority: number,
  className: string,
  y0: number,
  y1: number,
  x: number,
  y: number,
) => `${priority}|${className}|${y0}|${y1}|${Math.floor(x / 4)}|${Math.floor(y / 8)}`

const coordinate = fc.double({ min: -5_000, max: 50_000, noNaN: true })
const ask = fc.record({
  priority: fc.constantFrom(10, 44, 62),
  className: fc.constantFrom('fl-msg-label', 'fl-lease-label', 'fl-msg-label fl-msg-label-lost'),
  y0: fc.constantFrom(0, 12.5, 40),
  y1: fc.constantFrom(40, 80.5),
  x: coordinate,
  y: fc.double({ min: -100, max: 2_000, noNaN: true }),
})

describe('LabelSlots', () => {
  it('takes a slot once per kind and band, as a set of slot texts would (property)', () => {
    assertProperty(
      fc.property(fc.array(ask, { maxLength: 60 }), (asks) => {
        const slots = new LabelSlots()
        const model = new Set<string>()
        for (const a of asks) {
          const key = slotText(a.priority, a.className, a.y0, a.y1, a.x, a.y)
          const band = { y0: a.y0, y1: a.y1 }
          expect(slots.has(a.priority, a.className, band, a.x, a.y)).toBe(model.has(key))
          expect(slots.claim(a.priority, a.className, band, a.x, a.y)).toBe(!model.has(key))
          model.add(key)
          expect(slots.has(a.priority, a.className, band, a.x, a.y)).toBe(true)
        }
      }),
    )
  })

  it('keeps neighbouring slots, kinds and bands apart', () => {
    const slots = new LabelSlots()
    const band = { y0: 0, y1: 40 }
    expect(slots.claim(62, 'fl-msg-label', band, 100, 20)).toBe(true)
    // Same 4 px column and 8 px row: taken.
    expect(slots.claim(62, 'fl-msg-label', band, 103.9, 23)).toBe(false)
    expect(slots.has(62, 'fl-msg-label', band, 104, 20)).toBe(false)
    expect(slots.has(62, 'fl-msg-label', band, 100, 24)).toBe(false)
    expect(slots.has(55, 'fl-msg-label', band, 100, 20)).toBe(false)
    expect(slots.has(62, 'fl-lease-label', band, 100, 20)).toBe(false)
    expect(slots.has(62, 'fl-msg-label', { y0: 0, y1: 41 }, 100, 20)).toBe(false)
    // Left of and above the plot too.
    expect(slots.claim(62, 'fl-msg-label', band, -1, -1)).toBe(true)
    expect(slots.has(62, 'fl-msg-label', band, 0, 0)).toBe(false)
  })
})
