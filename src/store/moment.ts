/**
 * A moment of the run in words: what the scrubber's aria-valuetext says and what the live region
 * announces after a manual step.
 */
import { capital, describeEvent, formatMs } from '../sim'
import type { LabState } from '../timeline'
import { captionAt, eventIndexAt, stateAfterEvent } from '../timeline'
import type { LabRun } from './derive'

/** "B holds the lease with token 42", "the lock is free". */
export function holderSentence(state: LabState): string {
  const { holderIdentity, token } = state.lock
  if (state.lock.down) return 'the lock service is down'
  if (holderIdentity === null) return 'the lock is free'
  return token === null
    ? `${holderIdentity} holds the lease`
    : `${holderIdentity} holds the lease with token ${String(token)}`
}

/** The state after event `index` in words: "B holds the lease with token 42; last: …". */
export function momentWords(lab: LabRun, index: number): string {
  const state = stateAfterEvent(lab.timeline, index)
  const event = lab.run.events[index]
  const last = event === undefined ? 'nothing has happened yet' : `last: ${describeEvent(event)}`
  return `${holderSentence(state)}; ${last}`
}

/** What the live region says after a manual move to `ms`: the caption, then what happened. */
export function momentAnnouncement(
  lab: LabRun,
  ms: number,
  storyLine: number | null = null,
): string {
  const parts = [`${formatMs(Math.round(ms))}.`]
  const caption = captionAt(lab.captions, ms, storyLine)
  if (caption !== null && caption.atMs === ms) parts.push(caption.text)
  const events = eventsAt(lab, ms)
  const shown = events.slice(0, 3).map((e) => `${describeEvent(e)}.`)
  parts.push(...shown)
  if (events.length > shown.length) parts.push(`And ${events.length - shown.length} more events.`)
  if (events.length === 0) {
    const index = eventIndexAt(lab.timeline, ms)
    const state = stateAfterEvent(lab.timeline, index)
    parts.push(`${capital(holderSentence(state))}.`)
  }
  return parts.join(' ')
}

/** The events that happen exactly at `ms`, in order. */
export function eventsAt(lab: LabRun, ms: number) {
  const last = eventIndexAt(lab.timeline, ms)
  let first = last
  while (first >= 0 && lab.run.events[first]?.atMs === ms) first--
  return lab.run.events.slice(first + 1, last + 1)
}
