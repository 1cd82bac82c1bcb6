/**
 * A history replayed in time order as the trace events of a run: messages sent and delivered,
 * the resources' decisions and reads, and (through Leases) the leases and beliefs. Each trace
 * event remembers the history line it stands on.
 */
import type { NodeId, ResourceValue, Run, TraceEvent } from '../sim'
import { LOCK_NODE } from '../sim'
import type { Cast } from './cast'
import type { Fencing, HistoryEvent } from './format'
import type { Leases } from './leases'
import type { AcquirePairs, RunTime, WritePairs } from './pairs'
import { ref, tokenText } from './ref'

export interface Replayed {
  events: TraceEvent[]
  /** For each trace event, the 1-based history line it came from (0: none). */
  lineOf: number[]
  /** The same as words (`line 12`, `app.log line 12`; '' for none). */
  refOf: string[]
  /** Each resource's last accepted value and highest fenced token, by its history name. */
  final: Map<string, Run['final'][string]>
}

/** Where the replay's trace events go, each with its history line and that line's words. */
export class Trace {
  readonly events: TraceEvent[] = []
  readonly lineOf: number[] = []
  readonly refOf: string[] = []
  private current: HistoryEvent | null = null
  /** `ref(current)`, made once for all the trace events one history event emits. */
  private currentRef: string | null = null

  /** The history event being replayed: the one most trace events stand on. */
  at(e: HistoryEvent): void {
    this.current = e
    this.currentRef = null
  }

  readonly emit = (e: TraceEvent, from: HistoryEvent | null): void => {
    this.events.push(e)
    this.lineOf.push(from?.line ?? 0)
    this.refOf.push(
      from === null ? '' : from === this.current ? (this.currentRef ??= ref(from)) : ref(from),
    )
  }
}

export interface ReplayContext {
  order: readonly HistoryEvent[]
  t: RunTime
  cast: Cast
  fencing: ReadonlyMap<string, Fencing>
  writes: WritePairs
  acquires: AcquirePairs
  leases: Leases
  trace: Trace
}

export function replay(ctx: ReplayContext): Replayed {
  const { order, t, cast, fencing, writes, acquires, leases, trace } = ctx
  const { names, nodeOf } = cast
  const emit = trace.emit
  let msg = 0
  /** The message a write or an answered acquire request went out as, by position (0: none yet). */
  const msgOf = new Int32Array(order.length)
  const valueOf = (e: HistoryEvent): ResourceValue => e.value ?? null
  const final = new Map<string, Run['final'][string]>()

  /**
   * A message the history saw answered arrives where it is answered, just before the answer: the
   * run says so (MessageDelivered, as a simulated run does), so nothing stays in flight forever.
   * Without it every answered write of a long history was still "in flight" at its end, and the
   * timeline's snapshots, each copying the messages in flight, grew with the square of its length
   * (a 100k-event history took 22 s to open in the page).
   */
  const deliver = (
    now: HistoryEvent,
    send: HistoryEvent,
    id: number,
    to: NodeId,
    kind: 'acquire' | 'write',
  ) =>
    emit(
      {
        atMs: t(now),
        node: to,
        type: 'MessageDelivered',
        msg: id,
        from: names.id(send.client),
        kind,
        sentAtMs: t(send),
      },
      now,
    )

  for (let i = 0; i < order.length; i++) {
    const e = order[i] as HistoryEvent
    trace.at(e)
    const atMs = t(e)
    // A lease ends before anything at its deadline, except its own renew then (which keeps it)
    // and a grant then (which may be the next lease, made the moment this one ran out).
    if (!leases.renewsOnDeadline(e, atMs)) {
      leases.expireUpTo(atMs - (e.kind === 'acquire-granted' ? 0 : 1))
    }
    const client = names.id(e.client)
    const node = nodeOf(e.actor)
    const request = acquires.requestOf[i] as number
    const requestMsg = request === -1 ? 0 : (msgOf[request] as number)
    if (requestMsg !== 0)
      deliver(e, order[request] as HistoryEvent, requestMsg, LOCK_NODE, 'acquire')
    switch (e.kind) {
      case 'acquire-requested': {
        const answer = acquires.answerOf[i] as number
        const arrive = answer === -1 ? null : t(order[answer] as HistoryEvent)
        if (answer !== -1) msgOf[i] = msg + 1
        emit(
          {
            atMs,
            node: client,
            type: 'MessageSent',
            msg: ++msg,
            to: LOCK_NODE,
            kind: 'acquire',
            token: null,
            value: null,
            deliverAtMs: arrive,
            extraDelayMs: 0,
          },
          e,
        )
        break
      }
      case 'acquire-refused':
        break
      case 'acquire-granted':
        leases.granted(e, atMs, client)
        break
      case 'renew':
        leases.renewed(e, atMs, client, node)
        break
      case 'renew-refused':
        leases.renewRefused(e, atMs, client, node)
        break
      case 'release':
        leases.released(e, atMs, client, node)
        break
      case 'expiry-observed':
        leases.expiryObserved(e, atMs)
        break
      case 'read': {
        const g = leases.grantFor(e)
        emit(
          {
            atMs,
            node: names.id(e.resource ?? ''),
            type: 'ReadServed',
            client,
            value: valueOf(e),
            token: e.token,
            grant: g?.n ?? 0,
            recorded: false,
          },
          e,
        )
        break
      }
      case 'write-sent': {
        const id = ++msg
        msgOf[i] = id
        const decided = writes.decisionOf[i] as number
        const decision = decided === -1 ? undefined : (order[decided] as HistoryEvent)
        const arrive = decision !== undefined && t(decision) >= atMs ? t(decision) : null
        emit(
          {
            atMs,
            node: client,
            type: 'MessageSent',
            msg: id,
            to: names.id(e.resource ?? ''),
            kind: 'write',
            token: e.token,
            value: valueOf(e),
            deliverAtMs: arrive,
            extraDelayMs: 0,
          },
          e,
        )
        break
      }
      case 'write-accepted':
      case 'effect':
      case 'write-rejected': {
        const sentAt = writes.sendOf[i] as number
        const send = sentAt === -1 ? undefined : (order[sentAt] as HistoryEvent)
        const ordered = send !== undefined && t(send) <= atMs
        const sentAtMs = ordered && send !== undefined ? t(send) : atMs
        // 0: no send, or none the run has made yet.
        const sent = ordered ? (msgOf[sentAt] as number) : 0
        const id = sent === 0 ? ++msg : sent
        const resource = names.id(e.resource ?? e.actor)
        if (send !== undefined && sent !== 0) deliver(e, send, sent, resource, 'write')
        const grant = leases.writeGrant(e, atMs)
        // Each decision is written out whole: spreading shared fields into it was the run's
        // hottest line on a 100k-event history.
        if (e.kind === 'write-rejected') {
          emit(
            {
              atMs,
              node: resource,
              msg: id,
              client,
              token: e.token,
              grant,
              value: valueOf(e),
              effect: false,
              increment: null,
              sentAtMs,
              type: 'WriteRejected',
              reason: e.reason ?? `${tokenText(e.token)} refused`,
            },
            e,
          )
        } else {
          emit(
            {
              atMs,
              node: resource,
              msg: id,
              client,
              token: e.token,
              grant,
              value: valueOf(e),
              effect: e.kind === 'effect',
              increment: null,
              sentAtMs,
              type: 'WriteAccepted',
              duplicate: false,
            },
            e,
          )
          const before = final.get(e.resource ?? '')
          const fenced = (fencing.get(e.resource ?? '') ?? 'none') !== 'none'
          const token = typeof e.token === 'number' && fenced ? e.token : null
          final.set(e.resource ?? '', {
            value: valueOf(e),
            highestToken:
              token === null
                ? (before?.highestToken ?? null)
                : Math.max(token, before?.highestToken ?? token),
          })
        }
        break
      }
    }
  }
  return { events: trace.events, lineOf: trace.lineOf, refOf: trace.refOf, final }
}
