/**
 * Narration lines (a scenario's `narration`) resolved to moments of a run: a line tied to a time
 * shows from that time; a line tied to an event (`on`, optional `node` and `nth`) shows from the
 * moment that event happens. Lines whose event never happens in this run are left out — after a
 * reader's intervention the story may go differently, and a caption must not lie.
 */
import type { NarrationLine, Run } from '../sim'

export interface Caption {
  atMs: number
  /** The event the caption is tied to, or -1 for a time-tied line. */
  eventIndex: number
  text: string
}

export function resolveCaptions(run: Run, lines: readonly NarrationLine[] = []): Caption[] {
  const captions: Caption[] = []
  for (const line of lines) {
    if ('atMs' in line) {
      if (line.atMs <= run.endMs)
        captions.push({ atMs: line.atMs, eventIndex: -1, text: line.text })
      continue
    }
    const nth = line.nth ?? 1
    let seen = 0
    const index = run.events.findIndex((e) => {
      if (e.type !== line.on) return false
      if (line.node !== undefined && e.node !== line.node) return false
      seen++
      return seen === nth
    })
    const event = run.events[index]
    if (event !== undefined) captions.push({ atMs: event.atMs, eventIndex: index, text: line.text })
  }
  return captions.sort((a, b) => a.atMs - b.atMs || a.eventIndex - b.eventIndex)
}

/** The caption showing at `ms`: the latest one that has started. */
export function captionAt(captions: readonly Caption[], ms: number): Caption | null {
  let current: Caption | null = null
  for (const c of captions) {
    if (c.atMs <= ms) current = c
    else break
  }
  return current
}
