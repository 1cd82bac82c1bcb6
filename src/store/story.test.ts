import { describe, expect, it } from 'vitest'
import { PRESETS } from '../sim'
import { createLabStore, storyLineAtCursor } from './labStore'

/** The lines the caption shows pressing Next from the start, then Previous from the last one. */
function walkStory(preset: string) {
  const store = createLabStore({ preset: preset as never })
  const seen = () => {
    const s = store.getState()
    return s.lab.captions[storyLineAtCursor(s)]?.text
  }
  const forward: Array<string | undefined> = []
  if (seen() !== undefined) forward.push(seen())
  for (let i = 0; i < 200; i++) {
    const before = store.getState()
    store.getState().nextStory()
    const after = store.getState()
    if (after.cursorMs === before.cursorMs && after.storyLine === before.storyLine) break
    forward.push(seen())
  }
  const backward: Array<string | undefined> = [seen()]
  for (let i = 0; i < 200; i++) {
    const before = store.getState()
    store.getState().previousStory()
    const after = store.getState()
    if (after.cursorMs === before.cursorMs && after.storyLine === before.storyLine) break
    backward.push(seen())
  }
  return { store, forward, backward }
}

describe('the lab walks the story line by line', () => {
  for (const preset of PRESETS) {
    it(`${preset.id}: Next shows every narration line once, in order; Previous walks back`, () => {
      const { store, forward, backward } = walkStory(preset.id)
      const lines = store.getState().lab.captions.map((c) => c.text)
      expect(lines).toHaveLength(preset.scenario.narration?.length ?? 0)
      expect(forward).toEqual(lines)
      expect(backward).toEqual([...lines].reverse())
    })
  }

  it('a step or a scrub leaves the story line; the caption follows the time again', () => {
    const store = createLabStore({ preset: 'gc-pause' })
    const s = store.getState()
    const expiry = s.lab.captions.findIndex((c) => c.text.includes('runs out'))
    for (let i = 0; i < expiry + 1; i++) store.getState().nextStory()
    expect(storyLineAtCursor(store.getState())).toBe(expiry + 1)
    store.getState().setCursor(store.getState().cursorMs + 1)
    expect(storyLineAtCursor(store.getState())).toBe(expiry + 1)
    store.getState().setCursor(0)
    expect(storyLineAtCursor(store.getState())).toBe(0)
  })

  it('says the line it goes to', () => {
    const store = createLabStore({ preset: 'gc-pause' })
    store.getState().nextStory()
    expect(store.getState().announcement.text).toContain('fencing token 41')
  })
})

describe('narration stays true after an edit', () => {
  it('gc-pause, A resumed at 5 s: no line claims the lease expired unnoticed; the run is told', () => {
    const store = createLabStore({ preset: 'gc-pause' })
    store.getState().setCursor(5000)
    store.getState().resumeClient('A')
    const captions = store.getState().lab.captions
    const texts = captions.map((c) => c.text).join('\n')
    expect(texts).not.toMatch(/Nothing told it the lease expired/)
    expect(texts).not.toMatch(/lease runs out/)
    expect(texts).not.toMatch(/rejects 41/)
    // The author's lines before the change stay; the rest is generated from the run.
    expect(captions[0]?.text).toMatch(/asks the lock service/)
    const told = captions.filter((c) => c.generated === true)
    expect(told[0]?.text).toMatch(/^A resumed after 4\.001 s/)
    expect(told.some((c) => /storage accepted A's write "A" with token 41/.test(c.text))).toBe(true)
    expect(told.at(-1)?.text).toBe(
      'After your change, the run ends safe: no violation; the same verdict as the scenario as written.',
    )
    expect(told.every((c) => c.atMs >= 5000)).toBe(true)
  })

  it('gc-pause with fencing set to none: the overwrite is told', () => {
    const store = createLabStore({ preset: 'gc-pause' })
    store.getState().setFencing('storage', 'none')
    const captions = store.getState().lab.captions
    const texts = captions.map((c) => c.text)
    expect(texts.join('\n')).not.toMatch(/rejects 41/)
    const overwrite = captions.find((c) => /an older holder overwrote a newer one/.test(c.text))
    expect(overwrite?.generated).toBe(true)
    expect(overwrite?.text).toMatch(
      /^storage accepted A's write "A" with token 41\. Violation \(token-order\)/,
    )
    expect(texts.at(-1)).toBe(
      'After your change, the run ends unsafe (token-order); as written it was safe.',
    )
  })

  it('an undone edit brings the author’s story back', () => {
    const store = createLabStore({ preset: 'gc-pause' })
    const written = store.getState().lab.captions
    store.getState().setFencing('storage', 'none')
    store.getState().undo()
    expect(store.getState().lab.captions).toEqual(written)
  })

  it('an edit that changes nothing keeps every line', () => {
    const store = createLabStore({ preset: 'gc-pause' })
    const written = store.getState().lab.captions
    store.getState().setCursor(store.getState().lab.run.endMs)
    store.getState().expireLease()
    // Expiring at the end adds no event before it; every line up to there is kept.
    const now = store.getState().lab.captions.filter((c) => c.generated !== true)
    expect(now).toEqual(written)
  })
})
