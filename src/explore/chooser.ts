/**
 * The explorer's answers to `choose()` (src/sim/choice.ts).
 *
 * By default it answers exactly as the seeded chooser does (latencies drawn from the scenario's
 * seed, same-time deliveries in FIFO order), so a schedule with no deviations reproduces under a
 * plain `run(scenario)`. A schedule may carry deviations: at the n-th choice point, answer
 * something else — a latency at the low or high end of its range, or another same-time delivery
 * first. Every point is recorded, so the search knows where later deviations can go.
 *
 * It asks for tie points (`exploresTies`), which costs a little; the normal seeded chooser is a
 * different object and is not affected.
 */
import type { ChoicePoint, Chooser, RngCell } from '../sim'
import { seededChooser } from '../sim'
import type { ChoiceDeviation } from './types'

/** A recorded choice point: its kind, the seeded answer and the other answers worth trying. */
export interface RecordedPoint {
  point: 'latency' | 'tie' | 'token'
  seeded: number
  alternatives: number[]
}

export class EnumeratingChooser implements Chooser {
  readonly exploresTies: boolean
  /** Points met in the current run, in order (only while `recording`). */
  readonly points: RecordedPoint[] = []
  recording = false
  private deviations: readonly ChoiceDeviation[] = []
  private next = 0
  private count = 0

  constructor(exploresTies: boolean) {
    this.exploresTies = exploresTies
  }

  /** Prepares for a run with these deviations (sorted by index). */
  reset(deviations: readonly ChoiceDeviation[], recording: boolean): void {
    this.deviations = deviations
    this.next = 0
    this.count = 0
    this.recording = recording
    this.points.length = 0
  }

  choose(point: ChoicePoint, rng: RngCell): number {
    const index = this.count++
    // The seeded answer is always computed, so the generator stays in step with the seeded run
    // and one deviation changes one decision, not every draw after it.
    const seeded = seededChooser.choose(point, rng)
    if (this.recording) this.points.push(record(point, seeded))
    const deviation = this.deviations[this.next]
    if (deviation !== undefined && deviation.index === index) {
      this.next++
      return deviation.answer
    }
    return seeded
  }
}

/**
 * Replays a counterexample's deviations: `run(scenario, { chooser: replayChooser(choices) })`.
 * A counterexample scenario also carries them as `choices`, which `run` replays by itself.
 */
export { replayChooser } from '../sim'

function record(point: ChoicePoint, seeded: number): RecordedPoint {
  switch (point.kind) {
    case 'latency': {
      const ends = point.minMs === point.maxMs ? [] : [point.minMs, point.maxMs]
      return { point: 'latency', seeded, alternatives: ends.filter((ms) => ms !== seeded) }
    }
    case 'tie': {
      const others: number[] = []
      for (let i = 1; i < point.count; i++) others.push(i)
      return { point: 'tie', seeded, alternatives: others }
    }
    case 'token':
      // Random tokens are opaque ids; which bits they get does not change what a resource does.
      return { point: 'token', seeded, alternatives: [] }
  }
}
