/**
 * A cheap fingerprint of a whole trace, to tell distinct runs apart without keeping them.
 *
 * Every field of every event is encoded without ambiguity (a type tag, then the value: integers
 * as themselves, other numbers as their two float64 words, strings as an interned id — each
 * distinct string gets its own small number, so two strings never encode alike; the one array
 * field, a partition's `between`, as its length and its node ids) and mixed into two
 * independent 32-bit lanes. The result is a 53-bit number, usable as a Map key. Two different
 * traces share a fingerprint with probability about n² / 2⁵⁴ for n traces: for a million runs,
 * about one in eighteen thousand.
 */
import type { TraceEvent } from '../sim'

const TAG_INT = 1
const TAG_FLOAT = 2
const TAG_STRING = 3
const TAG_TRUE = 4
const TAG_FALSE = 5
const TAG_NULL = 6
const TAG_ARRAY = 7
const TAG_OTHER = 8
const SEED_A = 0x2545f491
const SEED_B = 0x6a09e667

/** A walked trace: lane states before each event (`a[i]`, `b[i]`), event times, fingerprint. */
export interface PrefixStates {
  a: Int32Array
  b: Int32Array
  times: Float64Array
  hash: number
}

/** How many events of a walked trace happen strictly before `atMs`. */
export function eventsBefore(prefix: PrefixStates, atMs: number): number {
  let lo = 0
  let hi = prefix.times.length
  while (lo < hi) {
    const mid = (lo + hi) >> 1
    if ((prefix.times[mid] as number) < atMs) lo = mid + 1
    else hi = mid
  }
  return lo
}

export class TraceHasher {
  /** The two lanes, between calls. */
  private readonly lanes = new Int32Array(2)
  private readonly strings = new Map<string, number>()
  private readonly float = new Float64Array(1)
  private readonly words = new Int32Array(this.float.buffer)

  /** The fingerprint of a whole trace. */
  hash(events: readonly TraceEvent[]): number {
    return this.hashFrom(events, 0, null)
  }

  /**
   * The fingerprint of a trace whose first `from` events are known to equal those of a trace
   * whose `prefixes` were taken (prefix stability: a fault at t changes nothing before t).
   */
  hashFrom(events: readonly TraceEvent[], from: number, prefix: PrefixStates | null): number {
    const lanes = this.lanes
    if (prefix === null || from === 0) {
      lanes[0] = SEED_A
      lanes[1] = SEED_B
      from = 0
    } else {
      lanes[0] = prefix.a[from] as number
      lanes[1] = prefix.b[from] as number
    }
    for (let i = from; i < events.length; i++) this.event(events[i] as TraceEvent)
    return (lanes[0] >>> 0) * 2097152 + (lanes[1] >>> 11)
  }

  /**
   * Walks a whole trace, keeping the lane states before each event (and after the last) so that
   * traces sharing a prefix with it can be fingerprinted from there. The first `from` events may
   * be taken from a known prefix, as in `hashFrom`.
   */
  prefixes(
    events: readonly TraceEvent[],
    from = 0,
    known: PrefixStates | null = null,
  ): PrefixStates {
    const n = events.length
    const a = new Int32Array(n + 1)
    const b = new Int32Array(n + 1)
    const times = new Float64Array(n)
    const lanes = this.lanes
    if (known === null || from === 0) {
      from = 0
      lanes[0] = SEED_A
      lanes[1] = SEED_B
    } else {
      a.set(known.a.subarray(0, from))
      b.set(known.b.subarray(0, from))
      lanes[0] = known.a[from] as number
      lanes[1] = known.b[from] as number
    }
    for (let i = 0; i < n; i++) times[i] = (events[i] as TraceEvent).atMs
    for (let i = from; i < n; i++) {
      a[i] = lanes[0]
      b[i] = lanes[1]
      this.event(events[i] as TraceEvent)
    }
    a[n] = lanes[0]
    b[n] = lanes[1]
    return { a, b, times, hash: fingerprint(lanes[0], lanes[1]) }
  }

  /** Mixes one event into the lanes (in locals, with no closures: the explorer's hot loop). */
  private event(e: TraceEvent): void {
    let a = this.lanes[0] as number
    let b = this.lanes[1] as number
    const record = e as unknown as Record<string, unknown>
    let fields = 0
    for (const key in record) {
      const v = record[key]
      fields++
      let tag: number
      let x: number
      if (typeof v === 'number') {
        if ((v | 0) === v) {
          tag = TAG_INT
          x = v
        } else {
          this.float[0] = v
          tag = TAG_FLOAT
          a = mixA(a, this.words[0] as number)
          b = mixB(b, this.words[0] as number)
          x = this.words[1] as number
        }
      } else if (typeof v === 'string') {
        tag = TAG_STRING
        x = this.intern(v)
      } else if (v === null) {
        tag = TAG_NULL
        x = 0
      } else if (typeof v === 'boolean') {
        tag = v ? TAG_TRUE : TAG_FALSE
        x = 0
      } else if (Array.isArray(v)) {
        tag = TAG_ARRAY
        x = v.length
        for (const item of v as unknown[]) {
          const y =
            typeof item === 'string' ? this.intern(item) : typeof item === 'number' ? item | 0 : -1
          a = mixA(a, y)
          b = mixB(b, y)
        }
      } else {
        tag = TAG_OTHER
        x = 0
      }
      a = mixA(mixA(a, tag), x)
      b = mixB(mixB(b, tag), x)
    }
    this.lanes[0] = mixA(a, fields)
    this.lanes[1] = mixB(b, fields)
  }

  private intern(s: string): number {
    let id = this.strings.get(s)
    if (id === undefined) {
      id = this.strings.size + 1
      this.strings.set(s, id)
    }
    return id
  }
}

function fingerprint(a: number, b: number): number {
  return (a >>> 0) * 2097152 + (b >>> 11)
}

function mixA(a: number, x: number): number {
  let t = Math.imul(a ^ x, 0x9e3779b1)
  t = (t << 13) | (t >>> 19)
  return (Math.imul(t, 5) + 0xe6546b64) | 0
}

function mixB(b: number, x: number): number {
  let u = Math.imul((b + x) | 0, 0x85ebca77)
  u ^= u >>> 15
  return Math.imul(u, 0xc2b2ae3d) ^ (u >>> 13)
}
