/**
 * A map keyed by a fixed number of plain values (text, numbers, null), each compared as a Map
 * compares its keys: 5 and "5" differ, null is a key like any other. Kept as nested Maps rather
 * than one joined string: pairing a 100k-event history's writes with their decisions built and
 * hashed two such strings a write, the hottest part of making its run.
 */
export type KeyPart = string | number | boolean | null

export class TupleMap<V> {
  private readonly root = new Map<KeyPart, unknown>()

  constructor(private readonly arity: number) {
    if (!(arity >= 1)) throw new RangeError('a TupleMap needs at least one key part')
  }

  get(key: readonly KeyPart[]): V | undefined {
    this.check(key)
    let level: Map<KeyPart, unknown> | undefined = this.root
    for (let i = 0; i < this.arity - 1; i++) {
      level = level.get(key[i] as KeyPart) as Map<KeyPart, unknown> | undefined
      if (level === undefined) return undefined
    }
    return level.get(key[this.arity - 1] as KeyPart) as V | undefined
  }

  set(key: readonly KeyPart[], value: V): void {
    this.check(key)
    let level = this.root
    for (let i = 0; i < this.arity - 1; i++) {
      const part = key[i] as KeyPart
      let next = level.get(part) as Map<KeyPart, unknown> | undefined
      if (next === undefined) {
        next = new Map()
        level.set(part, next)
      }
      level = next
    }
    level.set(key[this.arity - 1] as KeyPart, value)
  }

  private check(key: readonly KeyPart[]): void {
    if (key.length !== this.arity) {
      throw new RangeError(`a key of ${key.length} parts for a TupleMap of ${this.arity}`)
    }
  }
}
