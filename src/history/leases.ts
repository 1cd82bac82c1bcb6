/**
 * The leases a history shows, followed event by event: which grant is open and until when, and
 * whose belief in it stands. Each change is emitted as the trace event a simulated run has
 * (LeaseGranted, LeaseExpired, BeliefEnded…), so the checker and the diagram read a history as
 * they read a run.
 */
import type { NodeId, Token, TraceEvent } from '../sim'
import { formatMs, LOCK_NODE } from '../sim'
import type { Names } from './cast'
import type { HistoryEvent } from './format'
import type { Notes } from './notes'
import type { GrantSides } from './pairs'
import { grantKey } from './pairs'
import { ref, tokenKey, tokenText } from './ref'

/** A trace event and the history event it stands on (null: none). */
export type Emit = (e: TraceEvent, from: HistoryEvent | null) => void

export interface Grant {
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

export interface LeaseContext {
  emit: Emit
  notes: Notes
  names: Names
  isLockSide: (e: HistoryEvent) => boolean
  sides: GrantSides
  /** The header's lease length (null: not given). */
  leaseDefaultMs: number | null
  /** The run's end: a lease of unknown length lasts until then unless seen to end. */
  endMs: number
  /** Whether the history has any grant; without one, tokens order themselves. */
  hasGrants: boolean
  /** Without grants, each token's rank (by its tokenKey) stands for its grant. */
  tokenRank: ReadonlyMap<string, number>
}

export class Leases {
  private readonly grants: Grant[] = []
  // Keyed by the token itself, not its tokenKey (a Map tells 5 from "5" just the same): a key
  // made for every renew, read and write was a string to build and hash each time.
  private readonly byToken = new Map<NonNullable<Token>, Grant>()
  private readonly latestOf = new Map<string, Grant>()
  private open: Grant | null = null
  private warnedLease = false
  /** Lines where a client's belief was implied by the lock service's record. */
  readonly impliedBeliefLines: number[] = []

  constructor(private readonly ctx: LeaseContext) {}

  /** The grant an event names: by its token, else its client's latest. */
  grantFor(e: HistoryEvent): Grant | null {
    if (e.token !== null) return this.byToken.get(e.token) ?? null
    return this.latestOf.get(e.client) ?? null
  }

  /** Whether `e` renews the open lease at the very moment it runs out (which keeps it). */
  renewsOnDeadline(e: HistoryEvent, atMs: number): boolean {
    const open = this.open
    return (
      e.kind === 'renew' && open !== null && this.grantFor(e) === open && open.expiresAtMs === atMs
    )
  }

  /** A lease whose known length ran out by `atMs` ends then, by the lease's own rule. */
  expireUpTo(atMs: number): void {
    const g = this.open
    if (g === null || g.expiresAtMs === null || g.expiresAtMs > atMs) return
    this.expire(g, g.expiresAtMs, g.expiresFrom)
  }

  granted(e: HistoryEvent, atMs: number, client: NodeId): void {
    const { sides, emit, notes, names } = this.ctx
    const key = grantKey(e)
    const lockSide = this.ctx.isLockSide(e)
    // The lock service's record makes the grant; the client's makes its belief. A record from
    // one side alone stands for both.
    const makesGrant =
      lockSide ||
      !(e.token === null ? sides.lockGrantedTo.has(e.client) : sides.lockGranted.has(key))
    const makesBelief =
      !lockSide || !(sides.clientGranted.has(key) || sides.clientGrantedTokenless.has(e.client))
    let g = makesGrant ? null : this.grantFor(e)
    if (makesGrant) {
      const open = this.open
      const same =
        tokenKey(e.token) !== null &&
        open !== null &&
        open.client === e.client &&
        tokenKey(open.token) === tokenKey(e.token)
      if (same && open !== null) {
        g = open
        this.emitGranted(e, atMs, client, g, true)
      } else {
        if (open !== null) {
          if (notes.wants('implied-expiry'))
            notes.add(
              'implied-expiry',
              `The lock service granted ${client} the lock${e.token === null ? '' : ` (${tokenText(e.token)})`} at ${formatMs(atMs)} (${ref(e)}) while ${names.id(open.client)}'s lease${open.token === null ? '' : ` (${tokenText(open.token)})`} had not been seen to end${open.expiresAtMs === null ? '' : ` (it ran until ${formatMs(open.expiresAtMs)})`}: by the lock service's account it had ended by then.`,
              [e.line],
            )
          this.expire(open, atMs, e)
        }
        g = {
          n: this.grants.length + 1,
          client: e.client,
          token: e.token,
          open: true,
          believed: false,
          impliedBelief: !makesBelief ? false : lockSide,
          expiresAtMs: this.knownExpiry(atMs, e),
          expiresFrom: e,
          leaseMs: e.leaseMs ?? this.ctx.leaseDefaultMs,
        }
        this.grants.push(g)
        this.open = g
        this.emitGranted(e, atMs, client, g, false)
      }
      if (e.token !== null) this.byToken.set(e.token, g)
      this.latestOf.set(e.client, g)
    }
    if (makesBelief && g !== null && !g.believed) {
      g.believed = true
      if (lockSide) this.impliedBeliefLines.push(e.line)
      emit(
        {
          atMs,
          node: client,
          type: 'BeliefStarted',
          token: e.token,
          grant: g.n,
          deadlineMs: g.expiresAtMs ?? this.knownExpiry(atMs, e) ?? this.ctx.endMs,
          renewed: false,
        },
        e,
      )
    }
  }

  renewed(e: HistoryEvent, atMs: number, client: NodeId, node: NodeId): void {
    const { names } = this.ctx
    const g = this.grantFor(e)
    if (g === null) {
      this.unmatched('renew', e, client)
      return
    }
    const lease = e.leaseMs ?? g.leaseMs
    const exp = lease === null ? this.expiresAt(atMs, e) : atMs + Math.round(lease)
    if (g.open && lease !== null) {
      g.expiresAtMs = exp
      g.expiresFrom = e
    }
    this.ctx.emit(
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
  }

  renewRefused(e: HistoryEvent, atMs: number, client: NodeId, node: NodeId): void {
    this.ctx.emit({ atMs, node, type: 'RenewRefused', client, reason: e.reason ?? 'refused' }, e)
    const g = this.latestOf.get(e.client)
    if (g !== undefined) this.endBelief(g, atMs, e, 'renew-refused')
  }

  released(e: HistoryEvent, atMs: number, client: NodeId, node: NodeId): void {
    const { names } = this.ctx
    const g = this.grantFor(e)
    if (g === null) {
      this.unmatched('release', e, client)
      return
    }
    const foreign = e.by !== g.client
    this.ctx.emit(
      {
        atMs,
        node: this.ctx.isLockSide(e) ? LOCK_NODE : node,
        type: 'LeaseReleased',
        client: names.id(g.client),
        by: names.id(e.by),
        token: g.token,
        grant: g.n,
        foreign,
      },
      e,
    )
    // Someone else's release does not end the holder's lease (the run shows it as refused).
    if (!foreign) {
      this.endBelief(g, atMs, e, 'released')
      this.endGrant(g, atMs, e)
    }
  }

  /** A lease seen to end: by the lock service (the grant ends) or by its client (the belief). */
  expiryObserved(e: HistoryEvent, atMs: number): void {
    const g = this.grantFor(e)
    if (g === null) return
    if (!this.ctx.isLockSide(e)) {
      this.endBelief(g, atMs, e, 'deadline')
      return
    }
    if (g.open) this.expire(g, atMs, e)
  }

  /** The grant a write is judged under (0: none known), with a note when it cannot be known. */
  writeGrant(e: HistoryEvent, atMs: number): number {
    const { names, notes } = this.ctx
    if (e.token === null) {
      const g = this.latestOf.get(e.client)
      if (notes.wants('no-token'))
        notes.add(
          'no-token',
          `${names.id(e.client)}'s write at ${formatMs(atMs)} (${ref(e)}) carries no token: ${names.id(e.resource ?? '')} could not order it. It is judged as written under ${g === undefined ? 'no grant (the client never held the lock here)' : `${names.id(g.client)}'s latest grant (${tokenText(g.token)})`}.`,
          [e.line],
        )
      return g?.n ?? 0
    }
    const g = this.grantFor(e)
    if (g !== null) return g.n
    if (!this.ctx.hasGrants) return this.ctx.tokenRank.get(tokenKey(e.token) as string) ?? 0
    if (notes.wants('unknown-token'))
      notes.add(
        'unknown-token',
        `${names.id(e.client)}'s write at ${formatMs(atMs)} (${ref(e)}) carries ${tokenText(e.token)}, which no grant in the history issued: it is judged as a write without the lock.`,
        [e.line],
      )
    return 0
  }

  /** A grant made (or made again to its holder: `reentrant`) by `e`. */
  private emitGranted(
    e: HistoryEvent,
    atMs: number,
    client: NodeId,
    g: Grant,
    reentrant: boolean,
  ): void {
    const expiresAtMs = this.expiresAt(atMs, e)
    this.ctx.emit(
      {
        atMs,
        node: LOCK_NODE,
        type: 'LeaseGranted',
        client,
        token: e.token,
        grant: g.n,
        expiresAtMs,
        expiresAtServiceMs: expiresAtMs,
        reentrant,
      },
      e,
    )
  }

  /** A lease that ends at `atMs` by the lock service's account (cited by `from`). */
  private expire(g: Grant, atMs: number, from: HistoryEvent): void {
    this.ctx.emit(
      {
        atMs,
        node: LOCK_NODE,
        type: 'LeaseExpired',
        client: this.ctx.names.id(g.client),
        token: g.token,
        grant: g.n,
        byOperator: false,
      },
      from,
    )
    this.endGrant(g, atMs, from)
  }

  private unmatched(what: 'renew' | 'release', e: HistoryEvent, client: NodeId): void {
    if (this.ctx.notes.wants('unmatched'))
      this.ctx.notes.add(
        'unmatched',
        `A ${what} of ${client}'s lease (${tokenText(e.token)}, ${ref(e)}) matches no grant in the history; it is left out.`,
        [e.line],
      )
  }

  private knownExpiry(atMs: number, e: HistoryEvent): number | null {
    const lease = e.leaseMs ?? this.ctx.leaseDefaultMs
    return lease === null ? null : atMs + Math.round(lease)
  }

  /** When a lease granted or renewed by `e` at `atMs` runs out: unknown lengths last to the end. */
  private expiresAt(atMs: number, e: HistoryEvent): number {
    const known = this.knownExpiry(atMs, e)
    if (known !== null) return known
    if (!this.warnedLease) {
      this.warnedLease = true
      this.ctx.notes.add(
        'unknown-lease',
        `The lease length is not given (first at ${ref(e)}): a lease lasts, as far as the lab knows, until it is seen to end.`,
        [e.line],
      )
    }
    return this.ctx.endMs
  }

  private endBelief(
    g: Grant,
    atMs: number,
    from: HistoryEvent,
    reason: 'released' | 'deadline' | 'renew-refused',
  ): void {
    if (!g.believed) return
    g.believed = false
    this.ctx.emit({ atMs, node: this.ctx.names.id(g.client), type: 'BeliefEnded', reason }, from)
  }

  private endGrant(g: Grant, atMs: number, from: HistoryEvent): void {
    if (!g.open) return
    g.open = false
    if (this.open === g) this.open = null
    if (g.impliedBelief) this.endBelief(g, atMs, from, 'deadline')
  }
}
