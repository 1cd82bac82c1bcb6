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

/** An answer given at the n-th choice point instead of the seeded one (see `scenario.choices`). */
export interface ChoiceAnswer {
  index: number
  answer: number
}

/**
 * Answers like the seeded chooser, except at the listed choice points. It offers tie points
 * (`exploresTies`), so choice points are counted the way the explorer counted them. Stateful:
 * make a fresh one for every run.
 */
export function replayChooser(answers: readonly ChoiceAnswer[]): Chooser {
  const sorted = [...answers].sort((a, b) => a.index - b.index)
  let count = 0
  let next = 0
  return {
    exploresTies: true,
    choose(point, rng) {
      const index = count++
      // The seeded answer is always drawn, so one override changes one decision, not every
      // draw after it.
      const seeded = seededChooser.choose(point, rng)
      const override = sorted[next]
      if (override === undefined || override.index !== index) return seeded
      next++
      switch (point.kind) {
        case 'latency':
          return Math.min(point.maxMs, Math.max(point.minMs, override.answer))
        case 'tie':
          return Math.min(point.count - 1, Math.max(0, override.answer))
        case 'token':
          return Math.min(point.bound - 1, Math.max(0, override.answer))
      }
    },
  }
}
