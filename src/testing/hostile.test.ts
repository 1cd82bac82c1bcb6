import { describe, expect, it } from 'vitest'
import { mutate } from './hostile'

describe('mutate', () => {
  it('removes a key it added, even __proto__, leaving the input untouched', () => {
    const document = { a: { b: 1 } }
    // Slots: 0 the document, 1 `a`, 2 `a.b`; the key added to `a` becomes slot 3.
    const once = mutate(document, [{ kind: 'add', pick: 1, key: '__proto__', junk: 'x' }]) as {
      a: object
    }
    expect(Object.keys(once.a)).toEqual(['b', '__proto__'])
    expect(Object.getPrototypeOf(once.a)).toBe(Object.prototype)
    const twice = mutate(document, [
      { kind: 'add', pick: 1, key: '__proto__', junk: 'x' },
      { kind: 'remove', pick: 3 },
    ]) as { a: object }
    expect(Object.keys(twice.a)).toEqual(['b'])
    expect(document).toEqual({ a: { b: 1 } })
  })
})
