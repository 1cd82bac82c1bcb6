/**
 * The story line's label: where in the story, and when, with the time kept on one line.
 */
import { describe, expect, it } from 'vitest'
import { storyMeta, storyWhen } from './Caption'

const line = (atMs: number, generated = false) => ({ atMs, eventIndex: 0, text: 'x', generated })

describe('storyMeta', () => {
  it('says which line of how many, and when, with no break inside the time', () => {
    const meta = storyMeta([line(1000), line(16_000)], 1)
    expect(meta.replaceAll('\u00a0', ' ')).toBe('Story 2 of 2 · 16 s')
    // Breaks only around the separator, never between the number and its unit.
    expect(meta.split(' ')).toEqual(['Story', '2', 'of', '2', '·', '16\u00a0s'])
  })

  it('says a line was told after the reader changed the run', () => {
    expect(storyWhen(line(4005, true)).replaceAll('\u00a0', ' ')).toBe(
      ' · 4.005 s · after your change',
    )
  })
})
