/**
 * The reader's first edit of a long run was twice as slow as the ones after it (the 5k-event
 * bench run: 197 ms against 93 in bench/lab.ts), though it does the same work: the diagram's
 * layout code had run once, at the page's start, and the JavaScript engine compiles a function to
 * fast code only after it has run a while (in Node on that run the 1st layout takes about 114 ms,
 * the 2nd 65–76, the 20th 9). So a page that shows a long run lays it out a few more times in its
 * idle time, a few milliseconds at a time, and throws the results away: by the time the reader
 * clicks, the code the click needs is warm.
 *
 * Once per page, not per lab: compiled code is the page's (every lab on it shares it). The lab
 * page does it (warmUpContext.ts); the embed keeps its bytes.
 */
import { layoutAndBulk } from './bulkOf'
import type { LayoutInput, Steps } from './layout'
import type { Schedule } from './sliceSteps'
import { idleAfter, idleTask, sliceSteps } from './sliceSteps'

/** A layout of fewer events is quick even cold (a preset's first edit: about 50 ms in all). */
export const WARM_FROM_EVENTS = 1000

/**
 * Layouts made to warm up: measured on the 5k-event run (first click, fresh pages, medians of 5
 * loads, three interleaved sets): none 218–280 ms, 1 218–262, 2 174–214, 3 140–194, 6 144–179.
 */
export const WARM_LAYOUTS = 3

export interface WarmUpOptions<I> {
  /** The layout's steps for an input, and its size in events. */
  layout: (input: I) => Steps<unknown>
  eventsOf: (input: I) => number
  /** The fewest events worth it. */
  fromEvents: number
  /** How many times the steps are run. */
  times: number
  /** Starts the warm-up once the page has settled; returns the function that calls it off. */
  start: (task: () => void) => () => void
  /** Queues each slice of the steps (idle time on the page). */
  schedule: Schedule
  /** Work per slice, in ms. */
  sliceMs: number
}

/** Starts warming up with the layout of `input`; returns the function that calls it off. */
export type WarmUp<I = LayoutInput> = (input: I) => () => void

/**
 * A page's warm-up: the first call with enough events runs its layout's steps `times` times over;
 * later calls do nothing once it has run to the end. One called off before the end leaves it to
 * the next call (the run shown changed, or its lab closed).
 */
export function createWarmUp<I>(options: WarmUpOptions<I>): WarmUp<I> {
  let state: 'due' | 'running' | 'done' = 'due'
  return (input) => {
    if (state !== 'due' || options.eventsOf(input) < options.fromEvents) return () => {}
    state = 'running'
    let cancel = () => {}
    const round = (left: number) => {
      if (left === 0) {
        state = 'done'
        return
      }
      cancel = sliceSteps(options.layout(input), () => round(left - 1), {
        sliceMs: options.sliceMs,
        schedule: options.schedule,
      })
    }
    cancel = options.start(() => round(options.times))
    return () => {
      if (state !== 'running') return
      cancel()
      state = 'due'
    }
  }
}

/** As the layouts made ahead: a moment after the run is shown, then in the page's idle time. */
const SETTLE_MS = 120

/** The page's warm-up: slices of 4 ms of idle time, as the layouts made ahead (useDiagramLayout). */
export const warmUpLayout: WarmUp = createWarmUp<LayoutInput>({
  // With the bulk paths a dense run's marks and pointer handling draw from (bulkOf.ts).
  layout: layoutAndBulk,
  eventsOf: (input) => input.run.events.length,
  fromEvents: WARM_FROM_EVENTS,
  times: WARM_LAYOUTS,
  start: (task) => idleAfter(SETTLE_MS, task),
  schedule: idleTask,
  sliceMs: 4,
})
