/**
 * An embed's range (`from`/`to`) in milliseconds of its run. A step number counts presses of
 * "Step forward" from the start (`step:0` is the start, `step:3` where the third press lands),
 * so an author can pick a moment by stepping in the lab. A `to` past the end means "to the end";
 * a `from` past the end, or a range that ends before it starts, is reported and ignored.
 */
import { formatMs } from '../sim'
import type { CursorRange } from '../store'
import type { Timeline } from '../timeline'
import type { RangeMark } from './options'

export interface ResolvedRange {
  range: CursorRange | null
  problems: string[]
}

export function resolveRange(
  from: RangeMark | null,
  to: RangeMark | null,
  timeline: Timeline,
): ResolvedRange {
  if (from === null && to === null) return { range: null, problems: [] }
  const endMs = timeline.run.endMs
  const steps = timeline.stopsMs.filter((ms) => ms > 0)
  const msOf = (mark: RangeMark): number =>
    mark.kind === 'ms' ? mark.ms : mark.step === 0 ? 0 : (steps[mark.step - 1] ?? endMs)
  const fromMs = from === null ? 0 : msOf(from)
  const toMs = to === null ? endMs : Math.min(msOf(to), endMs)

  if (from !== null && (fromMs > endMs || (from.kind === 'step' && from.step > steps.length))) {
    const what =
      from.kind === 'step'
        ? `from=step:${from.step} is past the last step of this run (step:${steps.length})`
        : `from=${from.ms} is after the run ends (${formatMs(endMs)})`
    return { range: null, problems: [`${what}; the range is ignored.`] }
  }
  if (fromMs > toMs) {
    return {
      range: null,
      problems: [
        `The range ends (${formatMs(toMs)}) before it starts (${formatMs(fromMs)}); the range is ignored.`,
      ],
    }
  }
  return { range: { fromMs, toMs }, problems: [] }
}
