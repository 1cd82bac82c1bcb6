/**
 * Arbitraries and mutations shared by the fuzz tests: hostile values (huge and odd numbers,
 * unicode, deep nesting), and mutations of valid documents (a value replaced, a field removed or
 * added, an item duplicated). Test support only.
 */
import fc from 'fast-check'

/** Numbers at and past every edge a parser or a range check might get wrong. */
export const hugeNumberArb: fc.Arbitrary<number> = fc.oneof(
  fc.constantFrom(
    0,
    -0,
    -1,
    0.5,
    1e-300,
    2 ** 31,
    2 ** 32,
    2 ** 53,
    2 ** 53 + 2,
    Number.MAX_SAFE_INTEGER,
    -Number.MAX_SAFE_INTEGER,
    Number.MAX_VALUE,
    -Number.MAX_VALUE,
    Number.MIN_VALUE,
    86_400_000,
    86_400_001,
  ),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.integer(),
)

/** Text of every kind: unicode graphemes, lone surrogates, control characters, long runs. */
export const unicodeArb: fc.Arbitrary<string> = fc.oneof(
  fc.string({ unit: 'grapheme', maxLength: 30 }),
  fc.string({ unit: 'binary', maxLength: 30 }),
  fc.constantFrom('\u0000', '\ud800', '\udfff', '\u202e', '\ufeff', 'A\u0301', '👩‍👩‍👧', '\n\r\t'),
  fc.nat(5000).map((n) => 'x'.repeat(n)),
)

/** A value nested `depth` times, in arrays or objects. */
export function nested(depth: number, inArrays: boolean): unknown {
  let value: unknown = 1
  for (let i = 0; i < depth; i++) value = inArrays ? [value] : { a: value }
  return value
}

/** Any JSON value, with hostile numbers, text and nesting over-represented. */
export const junkArb: fc.Arbitrary<unknown> = fc.oneof(
  fc.jsonValue({ maxDepth: 3 }),
  hugeNumberArb,
  unicodeArb,
  fc.tuple(fc.nat(3000), fc.boolean()).map(([depth, inArrays]) => nested(depth, inArrays)),
  fc.constantFrom(null, true, false, [], {}, '', '0', 'A', 'gc-pause'),
)

/** How deep mutations reach: a preset is a few levels deep. */
const MAX_SLOT_DEPTH = 12

type Slot = { parent: Record<string, unknown> | unknown[]; key: string | number }

function slotsOf(root: unknown): Slot[] {
  const slots: Slot[] = []
  const walk = (value: unknown, depth: number) => {
    // Slots inside junk added by an earlier mutation are not interesting, and may be deep.
    if (depth > MAX_SLOT_DEPTH) return
    if (Array.isArray(value)) {
      value.forEach((item, i) => {
        slots.push({ parent: value, key: i })
        walk(item, depth + 1)
      })
    } else if (value !== null && typeof value === 'object') {
      for (const [key, item] of Object.entries(value)) {
        slots.push({ parent: value as Record<string, unknown>, key })
        walk(item, depth + 1)
      }
    }
  }
  walk(root, 0)
  return slots
}

export type Mutation =
  | { kind: 'replace'; pick: number; junk: unknown }
  | { kind: 'remove'; pick: number }
  | { kind: 'add'; pick: number; key: string; junk: unknown }
  | { kind: 'duplicate'; pick: number }

export const mutationArb: fc.Arbitrary<Mutation> = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.record({ kind: fc.constant('replace' as const), pick: fc.nat(), junk: junkArb }),
  },
  fc.record({ kind: fc.constant('remove' as const), pick: fc.nat() }),
  fc.record({
    kind: fc.constant('add' as const),
    pick: fc.nat(),
    key: fc.oneof(fc.string({ maxLength: 10 }), fc.constantFrom('__proto__', 'constructor', 'id')),
    junk: junkArb,
  }),
  fc.record({ kind: fc.constant('duplicate' as const), pick: fc.nat() }),
)

/** A deep copy of a JSON document with the mutations applied, in order. */
export function mutate(document: unknown, mutations: readonly Mutation[]): unknown {
  const root = { root: JSON.parse(JSON.stringify(document)) as unknown }
  for (const m of mutations) {
    const slots = slotsOf(root)
    const slot = slots[m.pick % slots.length]
    if (slot === undefined) continue
    const parent = slot.parent as Record<string | number, unknown>
    const value = parent[slot.key]
    switch (m.kind) {
      case 'replace':
        parent[slot.key] = m.junk
        break
      case 'remove':
        if (Array.isArray(slot.parent)) slot.parent.splice(slot.key as number, 1)
        else delete parent[slot.key]
        break
      case 'add':
        if (Array.isArray(value)) value.push(m.junk)
        else if (value !== null && typeof value === 'object') {
          Object.defineProperty(value, m.key, {
            value: m.junk,
            enumerable: true,
            writable: true,
            // A later mutation may remove it again.
            configurable: true,
          })
        }
        break
      case 'duplicate':
        if (Array.isArray(slot.parent)) slot.parent.splice(slot.key as number, 0, value)
        break
    }
  }
  return root.root
}

/** An object that fights back when read, described (fast-check itself must read it safely). */
export interface Hostile {
  hostile: 'getter' | 'proxy' | 'revoked' | 'height-getter'
  name: string
}

export const hostileArb: fc.Arbitrary<Hostile> = fc.record({
  hostile: fc.constantFrom(
    'getter' as const,
    'proxy' as const,
    'revoked' as const,
    'height-getter' as const,
  ),
  name: fc.constantFrom('type', 'height', 'id', 'then', 'toString'),
})

/** Builds the object a `Hostile` describes: a throwing getter, a proxy, a revoked proxy. */
export function makeHostile({ hostile, name }: Hostile): object {
  const boom = () => {
    throw new Error(`hostile ${name}`)
  }
  switch (hostile) {
    case 'getter':
      return Object.defineProperty({}, name, { get: boom, enumerable: true })
    case 'proxy':
      return new Proxy({}, { get: boom, has: boom, ownKeys: boom, getPrototypeOf: boom })
    case 'revoked': {
      const { proxy, revoke } = Proxy.revocable({}, {})
      revoke()
      return proxy
    }
    case 'height-getter':
      return Object.defineProperty({ type: 'fencing-lab:resize' }, 'height', { get: boom })
  }
}

/**
 * The data of a message: our own shapes with hostile values, other libraries' shapes, text, and
 * objects with a null prototype or a cycle.
 */
export function messageDataArb(types: readonly string[]): fc.Arbitrary<unknown> {
  const value = fc.oneof(
    hugeNumberArb,
    fc.constantFrom(NaN, Infinity, -Infinity, '500', '', null, undefined, [], {}, 1e9, -1e9),
    junkArb,
  )
  const ours = fc.record(
    { type: fc.oneof(fc.constantFrom(...types), value), height: value, id: value },
    { requiredKeys: [] },
  )
  return fc.oneof(
    { weight: 4, arbitrary: ours },
    ours.map((o) => Object.assign(Object.create(null) as object, o)),
    ours.map((o) => {
      const cyclic: Record<string, unknown> = { ...o }
      cyclic['self'] = cyclic
      return cyclic
    }),
    fc.constantFrom(...types).map((type) => JSON.stringify({ type, height: 500 })),
    fc.constantFrom(...types),
    junkArb,
  )
}
