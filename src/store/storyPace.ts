/**
 * The pace of "play the story" (pure; the playback loop applies it): how long a narration line
 * is held so it can be read, and how an idle stretch is shortened so playing does not spend
 * seconds on nothing. Simulation time is never skipped over an event: only the approach to the
 * next one is cut short.
 */
import type { Caption } from '../timeline'

// How long a line is held is the timeline's (the animated exports hold lines as long).
export { MAX_HOLD_MS, MIN_HOLD_MS, readingMs } from '../timeline'

/** The longest an idle stretch between two events takes to play (wall ms). */
export const MAX_IDLE_WALL_MS = 600

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
