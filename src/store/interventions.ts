/**
 * What the reader does to the run, as scenario faults. Every intervention acts at the first whole
 * millisecond after the cursor, so nothing the reader has already seen (every event at or before
 * the cursor) changes: the engine guarantees that a fault at t leaves every event before t alone.
 *
 * Mapping (the engine has no other doors, so each action is expressed with these):
 * - Pause client X for d        → `pause` at t, `ms: d`.
 * - Resume client X             → `resume` at t (only when X is paused at the cursor).
 * - Crash a node (restart r)    → `crash` at t, `restartAfterMs: r` (omitted: it stays down).
 * - Expire lease                → `expire-lease` at t.
 * - Delay/drop the next message → `delay`/`drop` at t on the link from → to.
 * - Delay/drop an in-flight message (activated in the diagram) → the same fault at the message's
 *   send time on its link. Its send is the only moment the network model can act on it, so this
 *   one edit reaches back before the cursor: only that message's arrow changes.
 * - Partition a and b for d     → `partition` at t, `between: [a, b]`, `ms: d`.
 * - Jump a node's clock by ±d   → `clock-jump` at t, `ms: ±d`.
 * - Fencing of a resource       → not a fault: a scenario edit (`resources[i].fencing`), so the
 *                                 whole run can change, from the start.
 */
import type { Fault } from '../sim'
import type { MessageSpan } from '../timeline'

/** When an intervention made with the cursor at `cursorMs` acts. */
export function faultTimeMs(cursorMs: number): number {
  return Math.floor(Math.max(0, cursorMs)) + 1
}

export type MessageAction = { kind: 'delay'; ms: number } | { kind: 'drop' }

/**
 * A fault that acts on one message: a link fault armed at its send time. Null (with the reason)
 * when that fault would hit a different message or the message is already lost.
 */
export function messageFault(
  message: MessageSpan,
  action: MessageAction,
  messages: readonly MessageSpan[],
): { fault: Fault } | { reason: string } {
  if (message.lost !== null) return { reason: 'this message is already lost' }
  if (action.kind === 'delay' && message.extraDelayMs > 0) {
    return { reason: 'this message is already delayed' }
  }
  const earlier = messages.some(
    (m) =>
      m.msg < message.msg &&
      m.from === message.from &&
      m.to === message.to &&
      m.sentAtMs === message.sentAtMs,
  )
  if (earlier) {
    return { reason: 'another message left on the same link in the same millisecond, first' }
  }
  const at = { atMs: message.sentAtMs, from: message.from, to: message.to }
  return action.kind === 'delay'
    ? { fault: { ...at, do: 'delay', ms: action.ms } }
    : { fault: { ...at, do: 'drop' } }
}
