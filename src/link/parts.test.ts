/**
 * Which scenario and cursor an address names: a preset in the query, a custom scenario's payload
 * in the hash (or in the query, where a `#` turned into `?` on the way), the hash winning.
 */
import { describe, expect, it } from 'vitest'
import { readLinkParts } from './parts'

describe('readLinkParts', () => {
  it('reads a custom scenario from the hash, with its cursor', () => {
    expect(readLinkParts('', '#s=abc&t=700')).toEqual({
      ref: { kind: 'encoded', encoded: 'abc' },
      cursorMs: 700,
      problems: [],
      unknownScenario: false,
    })
  })

  it('reads a custom scenario from the query too (`?s=`), with a cursor beside it', () => {
    const parts = readLinkParts('?s=abc&t=700', '')
    expect(parts.ref).toEqual({ kind: 'encoded', encoded: 'abc' })
    expect(parts.cursorMs).toBe(700)
    expect(parts.problems).toEqual([])
  })

  it('takes the hash when both hold one, and a custom scenario over a preset', () => {
    expect(readLinkParts('?s=query', '#s=hash').ref).toEqual({ kind: 'encoded', encoded: 'hash' })
    expect(readLinkParts('?scenario=gc-pause&s=abc', '').ref).toEqual({
      kind: 'encoded',
      encoded: 'abc',
    })
  })

  it('names a preset, the default, or says that a preset does not exist', () => {
    expect(readLinkParts('?scenario=gc-pause', '').ref).toEqual({ kind: 'preset', id: 'gc-pause' })
    expect(readLinkParts('', '').ref).toEqual({ kind: 'default' })
    const unknown = readLinkParts('?scenario=gc-paws&t=5', '')
    expect(unknown).toEqual({
      ref: { kind: 'default' },
      cursorMs: null,
      problems: ['There is no scenario called “gc-paws”.'],
      unknownScenario: true,
    })
  })
})
