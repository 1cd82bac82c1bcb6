/**
 * Narration lines (a scenario's `narration`) resolved to moments of a run, and the story a reader
 * walks through them. A line tied to a time shows from that time; a line tied to an event (`on`,
 * optional `node` and `nth`) shows from the moment that event happens. Lines whose event never
 * happens in this run are left out — after a reader's intervention the story may go differently,
 * and a caption must not lie.
 *
 * The story is walked by line, not by time: several lines can fall on one millisecond (a lease
 * expires and the next one is granted at once), so "Next" and "Previous" move an index, and the
 * time only says where the cursor goes.
 */
import type { NarrationLine, Run } from '../sim'

export interface Caption {
  atMs: number
  /** The event the caption is tied to, or -1 for a time-tied line. */
  eventIndex: number
  text: string
  /** True for a line generated from an edited run (what happens now), not written by the author. */
  generated?: boolean
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
  return sortCaptions(captions)
}

/**
 * Orders captions by time, then by event (a time-tied line before the events of its millisecond);
 * lines on the same event keep the author's order (the sort is stable).
 */
export function sortCaptions(captions: Caption[]): Caption[] {
  return captions.sort((a, b) => a.atMs - b.atMs || a.eventIndex - b.eventIndex)
}

/**
 * The index of the caption showing at `ms`, or -1 before the first. `pinned` is the line the
 * reader last went to with Next or Previous: it stays while the cursor is at its moment, so a
 * line that shares its millisecond with the next one is shown too. Otherwise the latest line
 * that has started — at a moment where several start, the first of them.
 */
export function captionIndexAt(
  captions: readonly Caption[],
  ms: number,
  pinned: number | null = null,
): number {
  if (pinned !== null && captions[pinned]?.atMs === ms) return pinned
  let current = -1
  for (let i = 0; i < captions.length; i++) {
    if ((captions[i]?.atMs ?? Infinity) <= ms) current = i
    else break
  }
  // Arriving at a moment where several lines start, the story begins with the first of them.
  while (current > 0 && captions[current - 1]?.atMs === ms) current--
  return current
}

/** The caption showing at `ms` (see captionIndexAt). */
export function captionAt(
  captions: readonly Caption[],
  ms: number,
  pinned: number | null = null,
): Caption | null {
  return captions[captionIndexAt(captions, ms, pinned)] ?? null
}

/** The line "Next" goes to, or null at the last one. */
export function nextCaptionIndex(
  captions: readonly Caption[],
  ms: number,
  pinned: number | null = null,
): number | null {
  const next = captionIndexAt(captions, ms, pinned) + 1
  return next < captions.length ? next : null
}

/**
 * The line "Previous" goes to, or null at the first. Between two lines (the cursor moved on after
 * one), Previous returns to the line that is showing before it goes further back.
 */
export function previousCaptionIndex(
  captions: readonly Caption[],
  ms: number,
  pinned: number | null = null,
): number | null {
  const current = captionIndexAt(captions, ms, pinned)
  if (current < 0) return null
  if ((captions[current]?.atMs ?? ms) < ms) return current
  return current > 0 ? current - 1 : null
}
