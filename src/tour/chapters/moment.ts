import type { Run } from '../../sim'
import type { Moment } from './types'

/**
 * Where a moment falls in a run: its time, and the index of the event it names (for an event
 * moment) — or null when that event never happens in this run.
 */
export function resolveMoment(
  run: Run,
  moment: Moment,
): { atMs: number; eventIndex: number } | null {
  if ('atMs' in moment) return { atMs: Math.min(moment.atMs, run.endMs), eventIndex: -1 }
  const nth = moment.nth ?? 1
  let seen = 0
  const index = run.events.findIndex((e) => {
    if (e.type !== moment.on) return false
    if (moment.node !== undefined && e.node !== moment.node) return false
    seen++
    return seen === nth
  })
  const event = run.events[index]
  if (event === undefined) return null
  return { atMs: Math.max(0, event.atMs + (moment.offsetMs ?? 0)), eventIndex: index }
}
