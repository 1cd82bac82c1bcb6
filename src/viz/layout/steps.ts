/**
 * A layout in steps. A heavy run's layout takes longer than a frame (a 130k-event run about half
 * a second, a 2M-event one more), so its long loops pause every `STEP_ITEMS` items; the live
 * diagram runs the steps a few milliseconds at a time and the page keeps answering input
 * (viz/sliceSteps.ts). Everything else drains them at once (`finish`). Pausing changes nothing in
 * the result: the same input gives the same model, byte for byte.
 */
export type Steps<T> = Generator<void, T, void>

/** Items of a long loop between two pauses: a few milliseconds' work at the heaviest. */
export const STEP_ITEMS = 1024

/** True when a loop at item `i` should pause (every STEP_ITEMS items, never at the first). */
export function pauseAt(i: number): boolean {
  return i > 0 && i % STEP_ITEMS === 0
}

/** Runs the steps to the end and returns the result. */
export function finish<T>(steps: Steps<T>): T {
  for (;;) {
    const next = steps.next()
    if (next.done === true) return next.value
  }
}
