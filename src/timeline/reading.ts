/**
 * How long a narration line is held so it can be read (wall ms): by "play the story" in the lab
 * and by the animated exports, so a GIF reads at the lab's pace. A floor, a ceiling and a pace of
 * about 250 words a minute.
 */
export const MIN_HOLD_MS = 2200
export const MAX_HOLD_MS = 8000
const MS_PER_WORD = 240
const HOLD_BASE_MS = 1000

/** How long a line is held on screen (wall ms), from its length. */
export function readingMs(text: string): number {
  const words = text.split(/\s+/).filter((w) => w.length > 0).length
  return Math.min(MAX_HOLD_MS, Math.max(MIN_HOLD_MS, HOLD_BASE_MS + words * MS_PER_WORD))
}
