/**
 * `choose` is the only door to nondeterminism in the engine. Every decision that is not fixed
 * by the scenario (a latency drawn from a range, which of several same-time messages a node
 * handles first, the bits of a random token) is a ChoicePoint answered by a Chooser.
 *
 * The normal run answers with the seeded generator held in the World; the explorer answers by
 * enumerating options, which is how it searches schedules without a second engine.
 */
import { nextRandom } from './rng'

export type ChoicePoint =
  /** A one-way latency in [minMs, maxMs] for a message on a link. */
  | { kind: 'latency'; minMs: number; maxMs: number; from: string; to: string }
  /** Several queue items are due at the same ms; pick which runs first (0 = FIFO order). */
  | { kind: 'tie'; count: number }
  /** Bits of an unordered random token (like Redis's random lock value). */
  | { kind: 'token'; bound: number }

export interface Chooser {
  /** Returns an integer answer for the point; for latency in [minMs, maxMs], else in [0, n). */
  choose(point: ChoicePoint, rng: RngCell): number
  /** Whether same-time items should be offered as `tie` points (costly; off in normal runs). */
  readonly exploresTies: boolean
}

/** The generator state of one run, mutated in place by draws. */
export interface RngCell {
  state: number
}

export function drawInt(rng: RngCell, lo: number, hi: number): number {
  const { value, state } = nextRandom(rng.state)
  rng.state = state
  return lo + Math.floor(value * (hi - lo + 1))
}

/** The default: latencies and random tokens from the seeded generator, ties in FIFO order. */
export const seededChooser: Chooser = {
  exploresTies: false,
  choose(point, rng) {
    switch (point.kind) {
      case 'latency':
        return point.minMs === point.maxMs ? point.minMs : drawInt(rng, point.minMs, point.maxMs)
      case 'tie':
        return 0
      case 'token':
        return drawInt(rng, 0, point.bound - 1)
    }
  },
}
