/**
 * A history as a run: the same trace events a simulated run has, so the same checker, diagram,
 * inspector and event log read it. Each trace event remembers the history line it came from.
 *
 * Nothing is reordered to make the story tidy: events stand at their own clocks' times (plus the
 * header's offsets). Where clocks visibly disagree — a resource accepted a write before its
 * sender sent it, a client believed in a grant before the lock service made it — the history says
 * so in a note, and no arrow is drawn between the two. What a history cannot tell (a write with
 * no token cannot be ordered by the resource; a lease whose length is not given) is said in notes
 * too, never guessed silently.
 */
import type { NodeId, ResourceValue, Run, Scenario, Token, TraceEvent } from '../sim'
import { formatMs, LOCK_NODE, parseScenario } from '../sim'
import type { Fencing, HistoryEvent, ParsedHistory } from './format'
import { TupleMap } from './tupleMap'

export type NoteKind =
  | 'clocks-disagree'
  | 'no-token'
  | 'unknown-token'
  | 'unknown-lease'
  | 'implied-expiry'
  | 'implied-belief'
  | 'fencing-inferred'
  | 'no-lock-events'
  | 'renamed'
  | 'unmatched'
  | 'untimed'

/** Something the history cannot tell, or a reading the judge had to make, with the lines behind it. */
export interface Note {
  kind: NoteKind
  message: string
  lines: number[]
}

export interface HistoryRun {
  run: Run
  /** For each trace event, the 1-based history line it came from (0: none, e.g. RunEnded). */
  lineOf: number[]
  /** The same as words: `line 12`, or `app.log line 12` in a history read from several files. */
  refOf: string[]
  /** The history time (after offsets) that the run's 0 ms stands for. */
  originMs: number
  notes: Note[]
  /** Whether any grant was in the history (without one, lease ends are unknown). */
  hasGrants: boolean
}

/** A history the lab cannot draw (too many nodes, too long): bad input, not a crash. */
export class HistoryError extends Error {}

const MAX_CLIENTS = 64
const MAX_RESOURCES = 16
const MAX_SPAN_MS = 86_400_000
/** Notes of one kind beyond this are counted, not listed. */
const MAX_NOTES_PER_KIND = 20

/** Node ids follow the scenario format's id rule; other names are made to fit, once each. */
class Names {
  private readonly ids = new Map<string, NodeId>()
  private readonly used = new Set<NodeId>([LOCK_NODE])
  readonly renamed: Array<[string, NodeId]> = []
  id(name: string): NodeId {
    const known = this.ids.get(name)
    if (known !== undefined) return known
    let base = name.replace(/[^A-Za-z0-9_-]+/g, '-').replace(/^[^A-Za-z]+/, '')
    if (base === '') base = 'n'
    base = base.slice(0, 28)
    let id = base
    for (let n = 2; this.used.has(id); n++) id = `${base}-${n}`
    this.used.add(id)
    this.ids.set(name, id)
    if (id !== name) this.renamed.push([name, id])
    return id
  }
}

/** Where an event came from, in words. */
export function ref(e: HistoryEvent): string {
  return e.file === null ? `line ${e.line}` : `${e.file} line ${e.line}`
}

function tokenKey(token: Token): string | null {
  return token === null ? null : `${typeof token}:${String(token)}`
}

function tokenText(token: Token): string {
  return token === null ? 'no token' : `token ${String(token)}`
}

export function historyToRun(history: ParsedHistory): HistoryRun {
  const { header } = history
  if (history.events.length === 0) throw new HistoryError('the history has no events')
  // Array sort is stable: events at the same time and line keep the order they were read in.
  const order = [...history.events].sort((a, b) => a.atMs - b.atMs || a.line - b.line)
  const originMs = (order[0] as HistoryEvent).atMs
  const last = order[order.length - 1] as HistoryEvent
  if (last.atMs - originMs > MAX_SPAN_MS) {
    throw new HistoryError(
      `the history spans ${formatMs(Math.round(last.atMs - originMs))}, more than one day (lines ${(order[0] as HistoryEvent).line} to ${last.line}): split it, or check the times`,
    )
  }
  const t = (e: HistoryEvent) => Math.round(e.atMs - originMs)
  const endMs = t(last)

  const notes: Note[] = []
  const noteCount = new Map<NoteKind, number>()
  /** False once a kind has its fill of notes (then only counted): spares building the words. */
  const wants = (kind: NoteKind): boolean => {
    const n = noteCount.get(kind) ?? 0
    if (n < MAX_NOTES_PER_KIND) return true
    noteCount.set(kind, n + 1)
    return false
  }
  const note = (kind: NoteKind, message: string, lines: number[]) => {
    const n = (noteCount.get(kind) ?? 0) + 1
    noteCount.set(kind, n)
    if (n <= MAX_NOTES_PER_KIND) notes.push({ kind, message, lines })
  }

  // Who is who: clients are the events' subjects; resources are named; anyone else is the lock.
  const names = new Names()
  const clientNames = new Set<string>()
  const resourceNames = new Set<string>()
  for (const e of order) {
    if (e.resource !== null) resourceNames.add(e.resource)
  }
  const addClient = (c: string) => {
    if (!resourceNames.has(c) && c !== LOCK_NODE) clientNames.add(c)
  }
  for (const e of order) {
    addClient(e.client)
    addClient(e.by)
  }
  if (clientNames.size > MAX_CLIENTS) {
    throw new HistoryError(
      `the history names ${clientNames.size} clients; the lab draws at most ${MAX_CLIENTS}`,
    )
  }
  if (resourceNames.size > MAX_RESOURCES) {
    throw new HistoryError(
      `the history names ${resourceNames.size} resources; the lab draws at most ${MAX_RESOURCES}`,
    )
  }
  for (const c of clientNames) names.id(c)
  for (const r of resourceNames) names.id(r)
  const nodeOf = (actor: string): NodeId =>
    clientNames.has(actor) || resourceNames.has(actor) ? names.id(actor) : LOCK_NODE
  const isLockSide = (e: HistoryEvent) => nodeOf(e.actor) === LOCK_NODE

  // Fencing: as declared, else inferred from what the resource did.
  const fencing = new Map<string, Fencing>()
  const rejecting = new Map<string, HistoryEvent>()
  for (const e of order) {
    if (e.kind === 'write-rejected' && e.resource !== null && !rejecting.has(e.resource)) {
      rejecting.set(e.resource, e)
    }
  }
  for (const r of resourceNames) {
    const declared = header.resources[r]?.fencing
    if (declared !== undefined) {
      fencing.set(r, declared)
      continue
    }
    const rejected = rejecting.get(r)
    fencing.set(r, rejected === undefined ? 'none' : 'atomic')
    note(
      'fencing-inferred',
      rejected === undefined
        ? `${names.id(r)}'s fencing is not declared and it rejected no write: it is taken to be unfenced.`
        : `${names.id(r)}'s fencing is not declared; it rejected a write (${ref(rejected)}), so it is taken to check tokens.`,
      rejected === undefined ? [] : [rejected.line],
    )
  }

  // Events pair up by their positions in `order` (-1: no pair): typed arrays, not Maps keyed by
  // the events, whose updates were among the hottest lines of making a 100k-event history's run.
  const positions = () => new Int32Array(order.length).fill(-1)

  // Pair each write with the resource's decision on it (by id, else by client, resource, token, value).
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
  const sendOf = positions()
  const decisionOf = positions()
  order.forEach((e, i) => {
    if (e.kind !== 'write-accepted' && e.kind !== 'write-rejected' && e.kind !== 'effect') return
    const sent = sendsOf(e)?.shift()
    if (sent === undefined) return
    sendOf[i] = sent
    decisionOf[sent] = i
    const send = order[sent] as HistoryEvent
    if (t(e) < t(send)) {
      if (wants('clocks-disagree'))
        note(
          'clocks-disagree',
          `Clocks disagree: ${names.id(e.actor)} decided on ${names.id(e.client)}'s write (${tokenText(e.token)}) at ${formatMs(t(e))}, before ${names.id(e.client)} sent it at ${formatMs(t(send))} (${ref(e)} and ${ref(send)}). Their order is unknown; no arrow is drawn.`,
          [send.line, e.line],
        )
    }
  })

  // Grants seen from both sides: the lock's record makes the grant, the client's the belief.
  const grantKey = (e: HistoryEvent) => `${e.client}|${tokenKey(e.token) ?? '-'}`
  const lockGranted = new Map<string, HistoryEvent>()
  const clientGranted = new Map<string, HistoryEvent>()
  // A client's own log rarely knows the token (client-go's does not): its tokenless record pairs
  // with the lock service's grants to that client.
  const lockGrantedTo = new Set<string>()
  const clientGrantedTokenless = new Set<string>()
  for (const e of order) {
    if (e.kind !== 'acquire-granted') continue
    const lockSide = isLockSide(e)
    const side = lockSide ? lockGranted : clientGranted
    if (!side.has(grantKey(e))) side.set(grantKey(e), e)
    if (lockSide) lockGrantedTo.add(e.client)
    else if (e.token === null) clientGrantedTokenless.add(e.client)
  }
  for (const [key, seen] of clientGranted) {
    const made = lockGranted.get(key)
    if (made !== undefined && t(seen) < t(made)) {
      if (wants('clocks-disagree'))
        note(
          'clocks-disagree',
          `Clocks disagree: ${names.id(seen.client)} recorded its grant (${tokenText(seen.token)}) at ${formatMs(t(seen))}, before the lock service made it at ${formatMs(t(made))} (${ref(seen)} and ${ref(made)}).`,
          [made.line, seen.line],
        )
    }
  }
  const hasGrants = order.some((e) => e.kind === 'acquire-granted')
  if (!hasGrants) {
    note(
      'no-lock-events',
      'The history has no grants: when leases began and ended is unknown, so only the order of tokens at the resources is judged.',
      [],
    )
  }

  // Acquire requests pair with the next answer to the same client, for the diagram's arrow.
  const answerOf = positions()
  const requestOf = positions()
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

  const events: TraceEvent[] = []
  const lineOf: number[] = []
  const refOf: string[] = []
  let current: HistoryEvent | null = null
  /** `ref(current)`, made once for all the trace events one history event emits. */
  let currentRef: string | null = null
  /** A trace event and the history event it stands on (null: none), whose line and ref it gets. */
  const emit = (e: TraceEvent, from: HistoryEvent | null) => {
    events.push(e)
    lineOf.push(from?.line ?? 0)
    refOf.push(from === null ? '' : from === current ? (currentRef ??= ref(from)) : ref(from))
  }

  interface GrantState {
    n: number
    client: string
    token: Token
    open: boolean
    believed: boolean
    /** The belief was implied by the lock's record (the client's own view is not in the history). */
    impliedBelief: boolean
    /** When the lease runs out unless renewed (null: its length is not known). */
    expiresAtMs: number | null
    /** The grant or renew that set `expiresAtMs` (a lease that runs out is cited by it). */
    expiresFrom: HistoryEvent
    leaseMs: number | null
  }
  const grants: GrantState[] = []
  // Keyed by the token itself, not its tokenKey (a Map tells 5 from "5" just the same): a key
  // made for every renew, read and write was a string to build and hash each time.
  const grantByToken = new Map<NonNullable<Token>, GrantState>()
  const latestGrantOf = new Map<string, GrantState>()
  let openGrant: GrantState | null = null
  const leaseDefaultMs = header.leaseMs
  let warnedLease = false
  const knownExpiry = (atMs: number, e: HistoryEvent): number | null => {
    const lease = e.leaseMs ?? leaseDefaultMs
    return lease === null ? null : atMs + Math.round(lease)
  }
  const expiresAt = (atMs: number, e: HistoryEvent): number => {
    const known = knownExpiry(atMs, e)
    if (known !== null) return known
    if (!warnedLease) {
      warnedLease = true
      note(
        'unknown-lease',
        `The lease length is not given (first at ${ref(e)}): a lease lasts, as far as the lab knows, until it is seen to end.`,
        [e.line],
      )
    }
    return endMs
  }
  const endBelief = (
    g: GrantState,
    atMs: number,
    from: HistoryEvent,
    reason: 'released' | 'deadline' | 'renew-refused',
  ) => {
    if (!g.believed) return
    g.believed = false
    emit({ atMs, node: names.id(g.client), type: 'BeliefEnded', reason }, from)
  }
  const endGrant = (g: GrantState, atMs: number, from: HistoryEvent) => {
    if (!g.open) return
    g.open = false
    if (openGrant === g) openGrant = null
    if (g.impliedBelief) endBelief(g, atMs, from, 'deadline')
  }
  const grantFor = (e: HistoryEvent): GrantState | null => {
    if (e.token !== null) return grantByToken.get(e.token) ?? null
    return latestGrantOf.get(e.client) ?? null
  }
  /** The grant a write is judged under (0: none known), with a note when it cannot be known. */
  const writeGrant = (e: HistoryEvent, atMs: number): number => {
    if (e.token === null) {
      const g = latestGrantOf.get(e.client)
      if (wants('no-token'))
        note(
          'no-token',
          `${names.id(e.client)}'s write at ${formatMs(atMs)} (${ref(e)}) carries no token: ${names.id(e.resource ?? '')} could not order it. It is judged as written under ${g === undefined ? 'no grant (the client never held the lock here)' : `${names.id(g.client)}'s latest grant (${tokenText(g.token)})`}.`,
          [e.line],
        )
      return g?.n ?? 0
    }
    const g = grantFor(e)
    if (g !== undefined && g !== null) return g.n
    if (!hasGrants) return tokenRank.get(tokenKey(e.token) as string) ?? 0
    if (wants('unknown-token'))
      note(
        'unknown-token',
        `${names.id(e.client)}'s write at ${formatMs(atMs)} (${ref(e)}) carries ${tokenText(e.token)}, which no grant in the history issued: it is judged as a write without the lock.`,
        [e.line],
      )
    return 0
  }
  // Without grants, tokens order themselves: the rank of a token stands for its grant.
  const tokenRank = new Map<string, number>()
  if (!hasGrants) {
    const tokens = [
      ...new Map(
        order.filter((e) => e.token !== null).map((e) => [tokenKey(e.token) as string, e.token]),
      ).entries(),
    ]
    tokens.sort(([, a], [, b]) =>
      typeof a === 'number' && typeof b === 'number'
        ? a - b
        : String(a) < String(b)
          ? -1
          : String(a) > String(b)
            ? 1
            : 0,
    )
    tokens.forEach(([key], i) => tokenRank.set(key, i + 1))
  }

  let msg = 0
  /** The message a write or an answered acquire request went out as, by position (0: none yet). */
  const msgOf = new Int32Array(order.length)
  const valueOf = (e: HistoryEvent): ResourceValue => e.value ?? null
  const final = new Map<string, { value: ResourceValue; highestToken: number | null }>()
  const impliedBeliefLines: number[] = []

  /** A lease whose known length ran out before `atMs` ended then, by the lease's own rule. */
  const expireUpTo = (atMs: number) => {
    const g = openGrant
    if (g === null || g.expiresAtMs === null || g.expiresAtMs > atMs) return
    // Is the event that sets the time this very lease's renew? Renewing on the deadline keeps it.
    emit(
      {
        atMs: g.expiresAtMs,
        node: LOCK_NODE,
        type: 'LeaseExpired',
        client: names.id(g.client),
        token: g.token,
        grant: g.n,
        byOperator: false,
      },
      g.expiresFrom,
    )
    endGrant(g, g.expiresAtMs, g.expiresFrom)
  }

  /**
   * A message the history saw answered arrives where it is answered, just before the answer: the
   * run says so (MessageDelivered, as a simulated run does), so nothing stays in flight forever.
   * Without it every answered write of a long history was still "in flight" at its end, and the
   * timeline's snapshots, each copying the messages in flight, grew with the square of its length
   * (a 100k-event history took 22 s to open in the page).
   */
  const deliver = (send: HistoryEvent, id: number, to: NodeId, kind: 'acquire' | 'write') =>
    emit(
      {
        atMs: t(current ?? send),
        node: to,
        type: 'MessageDelivered',
        msg: id,
        from: names.id(send.client),
        kind,
        sentAtMs: t(send),
      },
      current ?? send,
    )

  for (let i = 0; i < order.length; i++) {
    const e = order[i] as HistoryEvent
    current = e
    currentRef = null
    const atMs = t(e)
    if (!(
      e.kind === 'renew' &&
      openGrant !== null &&
      grantFor(e) === openGrant &&
      openGrant.expiresAtMs === atMs
    )) {
      expireUpTo(atMs - (e.kind === 'acquire-granted' ? 0 : 1))
    }
    const client = names.id(e.client)
    const node = nodeOf(e.actor)
    const request = requestOf[i] as number
    const requestMsg = request === -1 ? 0 : (msgOf[request] as number)
    if (requestMsg !== 0) deliver(order[request] as HistoryEvent, requestMsg, LOCK_NODE, 'acquire')
    switch (e.kind) {
      case 'acquire-requested': {
        const answer = answerOf[i] as number
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
      case 'acquire-granted': {
        const key = grantKey(e)
        const lockSide = isLockSide(e)
        const makesGrant =
          lockSide || !(e.token === null ? lockGrantedTo.has(e.client) : lockGranted.has(key))
        const makesBelief =
          !lockSide || !(clientGranted.has(key) || clientGrantedTokenless.has(e.client))
        let g = makesGrant ? null : grantFor(e)
        if (makesGrant) {
          const same =
            tokenKey(e.token) !== null &&
            openGrant !== null &&
            openGrant.client === e.client &&
            tokenKey(openGrant.token) === tokenKey(e.token)
          if (same && openGrant !== null) {
            g = openGrant
            emit(
              {
                atMs,
                node: LOCK_NODE,
                type: 'LeaseGranted',
                client,
                token: e.token,
                grant: g.n,
                expiresAtMs: expiresAt(atMs, e),
                expiresAtServiceMs: expiresAt(atMs, e),
                reentrant: true,
              },
              e,
            )
          } else {
            if (openGrant !== null) {
              const before = openGrant
              if (wants('implied-expiry'))
                note(
                  'implied-expiry',
                  `The lock service granted ${client} the lock${e.token === null ? '' : ` (${tokenText(e.token)})`} at ${formatMs(atMs)} (${ref(e)}) while ${names.id(before.client)}'s lease${before.token === null ? '' : ` (${tokenText(before.token)})`} had not been seen to end${before.expiresAtMs === null ? '' : ` (it ran until ${formatMs(before.expiresAtMs)})`}: by the lock service's account it had ended by then.`,
                  [e.line],
                )
              emit(
                {
                  atMs,
                  node: LOCK_NODE,
                  type: 'LeaseExpired',
                  client: names.id(before.client),
                  token: before.token,
                  grant: before.n,
                  byOperator: false,
                },
                e,
              )
              endGrant(before, atMs, e)
            }
            g = {
              n: grants.length + 1,
              client: e.client,
              token: e.token,
              open: true,
              believed: false,
              impliedBelief: !makesBelief ? false : lockSide,
              expiresAtMs: knownExpiry(atMs, e),
              expiresFrom: e,
              leaseMs: e.leaseMs ?? leaseDefaultMs,
            }
            grants.push(g)
            openGrant = g
            const exp = expiresAt(atMs, e)
            emit(
              {
                atMs,
                node: LOCK_NODE,
                type: 'LeaseGranted',
                client,
                token: e.token,
                grant: g.n,
                expiresAtMs: exp,
                expiresAtServiceMs: exp,
                reentrant: false,
              },
              e,
            )
          }
          if (e.token !== null) grantByToken.set(e.token, g)
          latestGrantOf.set(e.client, g)
        }
        if (makesBelief && g !== null && !g.believed) {
          g.believed = true
          if (lockSide) impliedBeliefLines.push(e.line)
          emit(
            {
              atMs,
              node: client,
              type: 'BeliefStarted',
              token: e.token,
              grant: g.n,
              deadlineMs: g.expiresAtMs ?? knownExpiry(atMs, e) ?? endMs,
              renewed: false,
            },
            e,
          )
        }
        break
      }
      case 'renew': {
        const g = grantFor(e)
        if (g === null) {
          if (wants('unmatched'))
            note(
              'unmatched',
              `A renew of ${client}'s lease (${tokenText(e.token)}, ${ref(e)}) matches no grant in the history; it is left out.`,
              [e.line],
            )
          break
        }
        const lease = e.leaseMs ?? g.leaseMs
        const exp = lease === null ? expiresAt(atMs, e) : atMs + Math.round(lease)
        if (g.open && lease !== null) {
          g.expiresAtMs = exp
          g.expiresFrom = e
        }
        emit(
          {
            atMs,
            node,
            type: 'LeaseRenewed',
            client: names.id(g.client),
            by: names.id(e.by),
            token: g.token,
            grant: g.n,
            expiresAtMs: exp,
            expiresAtServiceMs: exp,
            foreign: e.by !== g.client,
          },
          e,
        )
        break
      }
      case 'renew-refused': {
        emit({ atMs, node, type: 'RenewRefused', client, reason: e.reason ?? 'refused' }, e)
        const g = latestGrantOf.get(e.client)
        if (g !== undefined) endBelief(g, atMs, e, 'renew-refused')
        break
      }
      case 'release': {
        const g = grantFor(e)
        if (g === null) {
          if (wants('unmatched'))
            note(
              'unmatched',
              `A release of ${client}'s lease (${tokenText(e.token)}, ${ref(e)}) matches no grant in the history; it is left out.`,
              [e.line],
            )
          break
        }
        const foreign = e.by !== g.client
        emit(
          {
            atMs,
            node: isLockSide(e) ? LOCK_NODE : node,
            type: 'LeaseReleased',
            client: names.id(g.client),
            by: names.id(e.by),
            token: g.token,
            grant: g.n,
            foreign,
          },
          e,
        )
        if (!foreign) {
          endBelief(g, atMs, e, 'released')
          endGrant(g, atMs, e)
        }
        break
      }
      case 'expiry-observed': {
        const g = grantFor(e)
        if (g === null) break
        if (isLockSide(e)) {
          if (g.open) {
            emit(
              {
                atMs,
                node: LOCK_NODE,
                type: 'LeaseExpired',
                client: names.id(g.client),
                token: g.token,
                grant: g.n,
                byOperator: false,
              },
              e,
            )
            endGrant(g, atMs, e)
          }
        } else {
          endBelief(g, atMs, e, 'deadline')
        }
        break
      }
      case 'read': {
        const g = grantFor(e)
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
        const decided = decisionOf[i] as number
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
        const sentAt = sendOf[i] as number
        const send = sentAt === -1 ? undefined : (order[sentAt] as HistoryEvent)
        const ordered = send !== undefined && t(send) <= atMs
        const sentAtMs = ordered && send !== undefined ? t(send) : atMs
        // 0: no send, or none the run has made yet.
        const sent = ordered ? (msgOf[sentAt] as number) : 0
        const id = sent === 0 ? ++msg : sent
        const resource = names.id(e.resource ?? e.actor)
        if (send !== undefined && sent !== 0) deliver(send, sent, resource, 'write')
        const grant = writeGrant(e, atMs)
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
  if (impliedBeliefLines.length > 0) {
    note(
      'implied-belief',
      "The clients' own view of their grants is not in the history: each is taken to believe it holds the lock from its grant until its lease ends by the lock service's account.",
      impliedBeliefLines.slice(0, 10),
    )
  }
  emit({ atMs: endMs, node: '*', type: 'RunEnded', reason: 'quiescent' }, null)
  for (const [name, id] of names.renamed) {
    note(
      'renamed',
      `"${name}" is shown as ${id} (node names use letters, digits, "-" and "_").`,
      [],
    )
  }
  for (const [kind, n] of noteCount) {
    if (n > MAX_NOTES_PER_KIND) {
      notes.push({ kind, message: `… and ${n - MAX_NOTES_PER_KIND} more like it.`, lines: [] })
    }
  }

  const scenario = scenarioFor(
    [...clientNames].map((c) => names.id(c)),
    [...resourceNames].map((r) => ({
      id: names.id(r),
      fencing: fencing.get(r) ?? 'none',
      initialValue: header.resources[r]?.initialValue ?? null,
    })),
    Math.max(1, endMs),
    header.title,
    // The lock lane names the lease length: the header's, else the first one a grant gave.
    leaseDefaultMs ?? order.find((e) => e.leaseMs !== null)?.leaseMs ?? null,
  )
  const finalOut: Run['final'] = {}
  for (const r of resourceNames) {
    finalOut[names.id(r)] = final.get(r) ?? {
      value: header.resources[r]?.initialValue ?? null,
      highestToken: null,
    }
  }
  return {
    run: { scenario, events, endMs, endReason: 'quiescent', truncated: null, final: finalOut },
    lineOf,
    refOf,
    originMs,
    notes,
    hasGrants,
  }
}

function scenarioFor(
  clients: NodeId[],
  resources: Array<{ id: NodeId; fencing: Fencing; initialValue: ResourceValue }>,
  durationMs: number,
  title: string | null,
  leaseMs: number | null,
): Scenario {
  const parsed = parseScenario({
    ...(title === null ? {} : { title: title.slice(0, 200) }),
    durationMs,
    lockService: { leaseMs: Math.max(1, Math.round(leaseMs ?? 10_000)) },
    resources:
      resources.length > 0
        ? resources.map((r) => ({ id: r.id, fencing: r.fencing, initialValue: r.initialValue }))
        : [{ id: 'storage', fencing: 'none' }],
    clients: (clients.length > 0 ? clients : ['client']).map((id) => ({ id, script: [] })),
  })
  if (!parsed.ok) throw new HistoryError(`the history cannot be drawn: ${parsed.message}`)
  return parsed.scenario
}
