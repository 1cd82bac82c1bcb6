/**
 * The story every system profile tells, built from its parameters: holder A takes the lock and
 * writes, is frozen (a GC pause, SIGSTOP, CPU starvation) and wakes to act on its old belief,
 * while successor B has taken over once the system let A's lock go. What differs between systems
 * is how long the lock outlives A's silence, how long A keeps acting after it wakes, and whether
 * the resource can tell A's writes from B's (its token).
 *
 * The times are laid out so the danger windows can be computed from the parameters: A's grant
 * takes effect at GRANT_MS, nothing refreshes it before A freezes at PAUSE_AT_MS (every renew
 * interval a profile allows is at least PAUSE_AT_MS), and the network takes LATENCY_MS each way.
 */
import type { NarrationLine, ScenarioInput } from '../sim'
import { formatDurationMs, formatMs } from '../sim'
import type { BuiltSystem, DangerWindow } from './types'

export const LATENCY_MS = 5
/** A's acquire reaches the lock service at 5 ms; the grant reaches A at 10 ms. */
export const GRANT_MS = LATENCY_MS
export const PAUSE_AT_MS = 1000
/** B asks at 0.5 s and waits in line. */
export const SUCCESSOR_START_MS = 500
/** Shortest renew interval a profile may use, so that A's last refresh is its grant. */
export const MIN_RENEW_MS = PAUSE_AT_MS

export interface PausedHolderStory {
  id: string
  title: string
  description: string
  /** How long after the last refresh the lock is given away (on the judge's clock). */
  leaseMs: number
  /** Time-only mitigation: no new grant for this long after an expiry. */
  lockDelayMs?: number
  /** Rate of the clock that judges expiry (the service's, or the candidate's in client-go). */
  judgeClockRate?: number
  /**
   * The keep-alive interval. B, the healthy holder, renews at it. A's keep-alive runs in its
   * client library and its application never waits for it before acting, so the lab gives A no
   * renew loop (a lab client that renews checks its own deadline first): its last refresh is its
   * grant, since it freezes before its first keep-alive would be due.
   */
  renewEveryMs: number
  tokens: 'monotonic' | 'random' | 'none'
  firstToken?: number
  persistence?: 'durable' | 'volatile'
  resource: {
    id: string
    fencing: 'none' | 'atomic'
    fenceReads?: boolean
    idempotent?: boolean
    initialValue?: string | number
  }
  /** A freezes at PAUSE_AT_MS for this long (0: no pause). */
  pauseMs: number
  /**
   * After waking A keeps acting this long (client-go: until RenewDeadline); 0 = one write, then
   * it stops. A renewing holder stops earlier, when its overdue renew is refused.
   */
  actsForMs: number
  actEveryMs: number
  checkLeaseBeforeWrite?: boolean
  /** What A and B write (the same value makes an idempotent completion absorb the repeat). */
  holderValue: string
  successorValue: string
  /** Extra faults (e.g. a failover) and narration. */
  faults?: ScenarioInput['faults']
  narration?: NarrationLine[]
  /** B reads before it writes (for storage preconditions: the read is what a write is judged by). */
  successorReads?: boolean
  /** When B asks for the lock (default SUCCESSOR_START_MS). */
  successorStartMs?: number
}

export interface StoryTimes {
  /** True time A wakes (PAUSE_AT_MS without a pause). */
  wakeMs: number
  /** True time the lock is granted to B (its line is served at expiry + lock-delay). */
  takeoverMs: number
  /** True time A's acting ends (its last act; client-go: its stop at RenewDeadline). */
  holderStopMs: number
}

/** When things happen in the story, from its parameters alone (the engine agrees; tests check). */
export function storyTimes(story: PausedHolderStory): StoryTimes {
  const rate = story.judgeClockRate ?? 1
  // The judge reads its clock in whole ms at the grant; expiry and lock-delay run on that clock.
  const grantOnJudge = Math.floor(GRANT_MS * rate)
  const takeoverMs = Math.ceil((grantOnJudge + story.leaseMs + (story.lockDelayMs ?? 0)) / rate)
  const wakeMs = PAUSE_AT_MS + story.pauseMs
  const holderStopMs = wakeMs + 1 + story.actsForMs
  return { wakeMs, takeoverMs, holderStopMs }
}

export function buildPausedHolder(story: PausedHolderStory): BuiltSystem['scenario'] {
  const times = storyTimes(story)
  const res = story.resource.id
  // A: acquire (granted at 5 ms, known at 10), write (ack at 20), then work that the pause
  // stretches: it ends 1 ms after A wakes, so the wake's overdue timers fire first.
  const holderScript: NonNullable<ScenarioInput['clients'][number]['script']> = [
    { do: 'acquire' },
    { do: 'write', resource: res, value: `${story.holderValue} (before)` },
    { do: 'work', ms: PAUSE_AT_MS - 4 * LATENCY_MS + 1 },
    { do: 'write', resource: res, value: story.holderValue },
  ]
  // Acting on after waking: a write every actEveryMs while under actsForMs, then stop.
  let elapsed = 2 * LATENCY_MS // the first write's round trip
  for (let at = story.actEveryMs; at < story.actsForMs; at += story.actEveryMs) {
    holderScript.push({ do: 'work', ms: at - elapsed })
    holderScript.push({ do: 'write', resource: res, value: story.holderValue })
    elapsed = at + 2 * LATENCY_MS
  }
  if (story.actsForMs > elapsed) holderScript.push({ do: 'work', ms: story.actsForMs - elapsed })
  holderScript.push({ do: 'release' })

  const end = Math.max(times.takeoverMs, times.holderStopMs) + 5000
  const successorScript: NonNullable<ScenarioInput['clients'][number]['script']> = [
    { do: 'acquire' },
    ...(story.successorReads === true ? [{ do: 'read' as const, resource: res }] : []),
    { do: 'write', resource: res, value: story.successorValue },
    { do: 'work', ms: end },
    { do: 'release' },
  ]
  return {
    format: 'fencing-lab/scenario@1',
    id: story.id,
    title: story.title,
    description: story.description,
    seed: 1,
    durationMs: end,
    lockService: {
      leaseMs: story.leaseMs,
      tokens: story.tokens,
      ...(story.firstToken === undefined ? {} : { firstToken: story.firstToken }),
      persistence: story.persistence ?? 'durable',
      lockDelayMs: story.lockDelayMs ?? 0,
      clockRate: story.judgeClockRate ?? 1,
    },
    resources: [
      {
        id: res,
        fencing: story.resource.fencing,
        fenceReads: story.resource.fenceReads ?? false,
        idempotent: story.resource.idempotent ?? false,
        initialValue: story.resource.initialValue ?? 0,
      },
    ],
    network: { latencyMs: LATENCY_MS },
    clients: [
      {
        id: 'A',
        renewEveryMs: 0,
        checkLeaseBeforeWrite: story.checkLeaseBeforeWrite ?? false,
        script: holderScript,
      },
      {
        id: 'B',
        startMs: story.successorStartMs ?? SUCCESSOR_START_MS,
        renewEveryMs: story.renewEveryMs,
        script: successorScript,
      },
    ],
    faults: [
      ...(story.pauseMs > 0
        ? [{ atMs: PAUSE_AT_MS, do: 'pause' as const, node: 'A', ms: story.pauseMs }]
        : []),
      ...(story.faults ?? []),
    ],
    narration: [
      { atMs: 0, text: 'A takes the lock; B asks at 0.5 s and waits.' },
      ...(story.pauseMs > 0
        ? [
            {
              atMs: PAUSE_AT_MS,
              text: `A freezes for ${formatDurationMs(story.pauseMs)} (GC, SIGSTOP, CPU starvation).`,
            },
          ]
        : []),
      ...(story.narration ?? []),
    ],
  }
}

/**
 * The window in which A, woken, still acts while B holds the lock: from the later of A's wake and
 * B's grant to A's stop. Null times when the story's parameters close it.
 */
export function staleActingWindow(
  story: PausedHolderStory,
  stopMs: number,
  label: string,
  words: (from: number, to: number) => string,
  closed: string,
): DangerWindow {
  const t = storyTimes(story)
  const from = Math.max(t.wakeMs, t.takeoverMs)
  const id = 'stale-holder'
  if (t.takeoverMs >= stopMs) return { id, label, words: closed, fromMs: null, toMs: null }
  return { id, label, words: words(from, stopMs), fromMs: from, toMs: stopMs }
}

export { formatDurationMs, formatMs }

/**
 * For systems whose holder renews every `renewEveryMs`: a freeze loses the lock when it outlasts
 * the lease (plus any lock-delay) minus the time since the last renew — at worst, a freeze that
 * starts just before a renew was due, so `leaseMs + lockDelayMs − renewEveryMs`.
 */
export function freezeWindow(story: PausedHolderStory, leaseWords: string): DangerWindow {
  const t = storyTimes(story)
  const worst = story.leaseMs + (story.lockDelayMs ?? 0) - story.renewEveryMs
  const best = story.leaseMs + (story.lockDelayMs ?? 0)
  return {
    id: 'freeze',
    label: 'lock lost in a freeze',
    words: `A holder frozen for longer than ${formatDurationMs(worst)}–${formatDurationMs(best)} (${leaseWords}) can lose the lock without knowing; here B is granted it at ${formatMs(t.takeoverMs)}.`,
    fromMs: t.takeoverMs,
    toMs: t.takeoverMs,
  }
}

/** The stale window of a holder that learns on waking (its overdue renew is refused). */
export function wakeWindow(story: PausedHolderStory, fencedWords: string, unfencedWords: string) {
  const t = storyTimes(story)
  const fenced = story.resource.fencing !== 'none'
  return staleActingWindow(
    story,
    // It acts once on waking and stops when that write's reply is back, a round trip later.
    t.wakeMs + 2 * LATENCY_MS,
    fenced ? 'stale holder, refused' : 'stale holder acts',
    (from, to) =>
      `${fenced ? fencedWords : unfencedWords} Here A wakes at ${formatMs(t.wakeMs)} and acts before it learns, ${formatMs(from)}–${formatMs(to)}.`,
    `No stale holder in this run: A wakes at ${formatMs(t.wakeMs)}, before B could take over at ${formatMs(t.takeoverMs)}.`,
  )
}
