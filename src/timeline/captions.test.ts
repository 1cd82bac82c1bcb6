import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { check, parseScenario, PRESETS, run } from '../sim'
import { assertProperty } from '../testing/property'
import type { Caption } from './captions'
import {
  captionIndexAt,
  nextCaptionIndex,
  previousCaptionIndex,
  resolveCaptions,
  sortCaptions,
} from './captions'

/** The lines a reader sees pressing Next from the start, then Previous from the last line. */
function walk(captions: readonly Caption[], startMs: number) {
  let ms = startMs
  let pinned: number | null = null
  const forward: number[] = []
  const first = captionIndexAt(captions, ms, pinned)
  if (first >= 0) forward.push(first)
  for (let guard = 0; guard <= captions.length; guard++) {
    const next = nextCaptionIndex(captions, ms, pinned)
    if (next === null) break
    pinned = next
    ms = captions[next]?.atMs ?? ms
    forward.push(captionIndexAt(captions, ms, pinned))
  }
  const backward: number[] = captions.length === 0 ? [] : [captionIndexAt(captions, ms, pinned)]
  for (let guard = 0; guard <= captions.length; guard++) {
    const previous = previousCaptionIndex(captions, ms, pinned)
    if (previous === null) break
    pinned = previous
    ms = captions[previous]?.atMs ?? ms
    backward.push(captionIndexAt(captions, ms, pinned))
  }
  return { forward, backward }
}

const indices = (n: number) => Array.from({ length: n }, (_, i) => i)

describe('the story is walked by line', () => {
  for (const preset of PRESETS) {
    it(`${preset.id}: Next reaches every narration line in order, Previous walks back`, () => {
      const parsed = parseScenario(preset.scenario)
      if (!parsed.ok) throw new Error(parsed.message)
      const r = run(parsed.scenario)
      const captions = resolveCaptions(r, parsed.scenario.narration)
      // Every line the author wrote happens in the run as written.
      expect(captions).toHaveLength(parsed.scenario.narration?.length ?? 0)
      const { forward, backward } = walk(captions, 0)
      expect(forward).toEqual(indices(captions.length))
      expect(backward).toEqual(indices(captions.length).reverse())
    })
  }

  it('gc-pause: the expiry and the next grant share a millisecond, and both are told', () => {
    const preset = PRESETS.find((p) => p.id === 'gc-pause')
    const parsed = parseScenario(preset?.scenario)
    if (!parsed.ok) throw new Error(parsed.message)
    const r = run(parsed.scenario)
    expect(check(r).verdict).toBe('safe')
    const captions = resolveCaptions(r, parsed.scenario.narration)
    const expiry = captions.findIndex((c) => c.text.includes('runs out'))
    expect(captions[expiry + 1]?.atMs).toBe(captions[expiry]?.atMs)
    // Arriving at that moment shows the first; pinned by Next, the second; after it, the second.
    const atMs = captions[expiry]?.atMs ?? -1
    expect(captionIndexAt(captions, atMs)).toBe(expiry)
    expect(captionIndexAt(captions, atMs, expiry + 1)).toBe(expiry + 1)
    expect(captionIndexAt(captions, atMs + 1)).toBe(expiry + 1)
    expect(nextCaptionIndex(captions, atMs)).toBe(expiry + 1)
    expect(previousCaptionIndex(captions, atMs, expiry + 1)).toBe(expiry)
  })

  it('Previous between two lines returns to the line showing, then further back', () => {
    const captions: Caption[] = [
      { atMs: 0, eventIndex: -1, text: 'a' },
      { atMs: 100, eventIndex: 3, text: 'b' },
    ]
    expect(previousCaptionIndex(captions, 150)).toBe(1)
    expect(previousCaptionIndex(captions, 100)).toBe(0)
    expect(previousCaptionIndex(captions, 0)).toBeNull()
    expect(nextCaptionIndex(captions, 100)).toBeNull()
    expect(captionIndexAt(captions, -1)).toBe(-1)
    expect(nextCaptionIndex(captions, -1)).toBe(0)
  })

  it('any captions, ties included, are each reached once in order', () => {
    const caption = fc.record({
      atMs: fc.integer({ min: 0, max: 20 }),
      eventIndex: fc.integer({ min: -1, max: 30 }),
      text: fc.string(),
    })
    assertProperty(
      fc.property(
        fc.array(caption, { maxLength: 12 }),
        fc.integer({ min: -5, max: 0 }),
        (raw, startMs) => {
          const captions = sortCaptions([...raw])
          const { forward, backward } = walk(captions, startMs)
          expect(forward).toEqual(indices(captions.length))
          expect(backward).toEqual(indices(captions.length).reverse())
        },
      ),
      { numRuns: 40 },
    )
  })
})
