/**
 * The pace of "play the story" (pure; the playback loop applies it): how long a narration line
 * is held so it can be read, and how an idle stretch is shortened so playing does not spend
 * seconds on nothing. Simulation time is never skipped over an event: only the approach to the
 * next one is cut short.
 */
import type { Caption } from '../timeline'

/** The longest an idle stretch between two events takes to play (wall ms). */
export const MAX_IDLE_WALL_MS = 600
/** Reading time: a floor, a ceiling and a pace of about 250 words a minute. */
export const MIN_HOLD_MS = 2200
export const MAX_HOLD_MS = 8000
const MS_PER_WORD = 240
const HOLD_BASE_MS = 1000

/** How long a line is held on screen (wall ms), from its length. */
export function readingMs(text: string): number {
  const words = text.split(/\s+/).filter((w) => w.length > 0).length
  return Math.min(MAX_HOLD_MS, Math.max(MIN_HOLD_MS, HOLD_BASE_MS + words * MS_PER_WORD))
}

/**
 * Where the story's clock goes after `wallMs` of playing at `speed`, from `clockMs`, when the
 * next event is at `nextEventMs` (null: none left): at most MAX_IDLE_WALL_MS of an idle stretch
 * is played, the rest is skipped; never past the next event.
 */
export function storyAdvanceMs(
  clockMs: number,
  wallMs: number,
  speed: number,
  nextEventMs: number | null,
): number {
  const idleLimitMs = MAX_IDLE_WALL_MS * speed
  let from = clockMs
  if (nextEventMs !== null && nextEventMs - clockMs > idleLimitMs) from = nextEventMs - idleLimitMs
  return from + wallMs * speed
}

/** The first line after `lastTold` that has started by `untilMs`, or null. */
export function nextLineToTell(
  captions: readonly Caption[],
  lastTold: number,
  untilMs: number,
): number | null {
  const next = lastTold + 1
  const caption = captions[next]
  return caption !== undefined && caption.atMs <= untilMs ? next : null
}
