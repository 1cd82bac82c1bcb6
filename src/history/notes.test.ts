import { describe, expect, it } from 'vitest'
import { Notes } from './notes'

describe('Notes', () => {
  it('lists the first twenty of a kind and counts the rest, kinds in the order first said', () => {
    const notes = new Notes()
    for (let i = 1; i <= 23; i++) {
      if (notes.wants('no-token')) notes.add('no-token', `write ${i}`, [i])
    }
    notes.add('renamed', '"a b" is shown as a-b', [])
    for (let i = 1; i <= 21; i++) notes.add('unmatched', `release ${i}`, [i])
    const all = notes.all()
    expect(all.filter((n) => n.kind === 'no-token').map((n) => n.message)).toEqual([
      ...Array.from({ length: 20 }, (_, i) => `write ${i + 1}`),
      '… and 3 more like it.',
    ])
    expect(all.slice(-2)).toEqual([
      { kind: 'no-token', message: '… and 3 more like it.', lines: [] },
      { kind: 'unmatched', message: '… and 1 more like it.', lines: [] },
    ])
    expect(all.filter((n) => n.kind === 'renamed')).toHaveLength(1)
  })

  it('wants a kind until it has its fill', () => {
    const notes = new Notes()
    for (let i = 0; i < 20; i++) {
      expect(notes.wants('clocks-disagree')).toBe(true)
      notes.add('clocks-disagree', 'x', [])
    }
    expect(notes.wants('clocks-disagree')).toBe(false)
    expect(notes.wants('no-token')).toBe(true)
  })
})
