/**
 * Which events of a history answer which: a write and the resource's decision on it, an acquire
 * request and the lock service's answer, a grant as the lock service recorded it and as its
 * client did. Where the two sides' clocks put an answer before its question, a note says so.
 *
 * Pairs are by position in the history's time order (-1: no pair), in typed arrays rather than
 * Maps keyed by the events, whose updates were among the hottest lines of making a 100k-event
 * history's run.
 */
import { formatMs } from '../sim'
import type { Names } from './cast'
import type { HistoryEvent } from './format'
import type { Notes } from './notes'
import { ref, tokenKey, tokenText } from './ref'
import { TupleMap } from './tupleMap'

/** An event's time in the run (ms from the history's first event). */
export type RunTime = (e: HistoryEvent) => number

const positions = (n: number) => new Int32Array(n).fill(-1)

export interface WritePairs {
  /** For a decision (accepted, rejected, effect), the write it decides. */
  sendOf: Int32Array
  /** For a write, the decision on it. */
  decisionOf: Int32Array
}

/** Each write with the resource's decision on it: by id, else by client, resource, token, value. */
export function pairWrites(
  order: readonly HistoryEvent[],
  t: RunTime,
  names: Names,
  notes: Notes,
): WritePairs {
  const sentById = new Map<string, number[]>()
  const sentByWrite = new TupleMap<number[]>(4)
  const writeKey = (e: HistoryEvent) => [e.client, e.resource ?? '', e.token, e.value]
  const sendsOf = (e: HistoryEvent) =>
    e.id !== null ? sentById.get(e.id) : sentByWrite.get(writeKey(e))
  order.forEach((e, i) => {
    if (e.kind !== 'write-sent') return
    const list = sendsOf(e)
    if (list !== undefined) list.push(i)
    else if (e.id !== null) sentById.set(e.id, [i])
    else sentByWrite.set(writeKey(e), [i])
  })
  const sendOf = positions(order.length)
  const decisionOf = positions(order.length)
  order.forEach((e, i) => {
    if (e.kind !== 'write-accepted' && e.kind !== 'write-rejected' && e.kind !== 'effect') return
    const sent = sendsOf(e)?.shift()
    if (sent === undefined) return
    sendOf[i] = sent
    decisionOf[sent] = i
    const send = order[sent] as HistoryEvent
    if (t(e) < t(send) && notes.wants('clocks-disagree')) {
      notes.add(
        'clocks-disagree',
        `Clocks disagree: ${names.id(e.actor)} decided on ${names.id(e.client)}'s write (${tokenText(e.token)}) at ${formatMs(t(e))}, before ${names.id(e.client)} sent it at ${formatMs(t(send))} (${ref(e)} and ${ref(send)}). Their order is unknown; no arrow is drawn.`,
        [send.line, e.line],
      )
    }
  })
  return { sendOf, decisionOf }
}

export interface AcquirePairs {
  /** For a request, the lock service's answer (a grant or a refusal). */
  answerOf: Int32Array
  /** For an answer, the request it answers. */
  requestOf: Int32Array
}

/** Acquire requests pair with the lock service's next answer to the same client (the arrow). */
export function pairAcquires(
  order: readonly HistoryEvent[],
  isLockSide: (e: HistoryEvent) => boolean,
): AcquirePairs {
  const answerOf = positions(order.length)
  const requestOf = positions(order.length)
  const waiting = new Map<string, number[]>()
  order.forEach((e, i) => {
    if (e.kind === 'acquire-requested') {
      const list = waiting.get(e.client) ?? []
      list.push(i)
      waiting.set(e.client, list)
    } else if ((e.kind === 'acquire-granted' || e.kind === 'acquire-refused') && isLockSide(e)) {
      const request = waiting.get(e.client)?.shift()
      if (request !== undefined) {
        answerOf[request] = i
        requestOf[i] = request
      }
    }
  })
  return { answerOf, requestOf }
}

/** A grant's key on both sides: its client and token. */
export const grantKey = (e: HistoryEvent) => `${e.client}|${tokenKey(e.token) ?? '-'}`

/**
 * Grants seen from both sides: the lock service's record makes the grant, the client's the
 * belief. A client's own log rarely knows the token (client-go's does not): its tokenless record
 * pairs with the lock service's grants to that client.
 */
export interface GrantSides {
  /** The lock service's first record of each grant, by `grantKey`. */
  lockGranted: Map<string, HistoryEvent>
  /** The client's first record of each grant, by `grantKey`. */
  clientGranted: Map<string, HistoryEvent>
  /** Clients the lock service recorded a grant to. */
  lockGrantedTo: Set<string>
  /** Clients that recorded a grant without its token. */
  clientGrantedTokenless: Set<string>
}

export function grantSides(
  order: readonly HistoryEvent[],
  isLockSide: (e: HistoryEvent) => boolean,
  t: RunTime,
  names: Names,
  notes: Notes,
): GrantSides {
  const sides: GrantSides = {
    lockGranted: new Map(),
    clientGranted: new Map(),
    lockGrantedTo: new Set(),
    clientGrantedTokenless: new Set(),
  }
  for (const e of order) {
    if (e.kind !== 'acquire-granted') continue
    const lockSide = isLockSide(e)
    const side = lockSide ? sides.lockGranted : sides.clientGranted
    if (!side.has(grantKey(e))) side.set(grantKey(e), e)
    if (lockSide) sides.lockGrantedTo.add(e.client)
    else if (e.token === null) sides.clientGrantedTokenless.add(e.client)
  }
  for (const [key, seen] of sides.clientGranted) {
    const made = sides.lockGranted.get(key)
    if (made !== undefined && t(seen) < t(made) && notes.wants('clocks-disagree')) {
      notes.add(
        'clocks-disagree',
        `Clocks disagree: ${names.id(seen.client)} recorded its grant (${tokenText(seen.token)}) at ${formatMs(t(seen))}, before the lock service made it at ${formatMs(t(made))} (${ref(seen)} and ${ref(made)}).`,
        [made.line, seen.line],
      )
    }
  }
  return sides
}
