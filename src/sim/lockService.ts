/**
 * The lock service: one lock, leased to one holder at a time, judged on the service's own clock.
 *
 * - Tokens go up on free → held only (never on renew); a holder that asks again keeps its token.
 * - Waiters are granted FIFO when the lock is released or expires.
 * - After an expiry (not a release) no grant happens before expiry + lockDelayMs (Chubby, Consul).
 * - Release and renew check the owner unless the scenario models the naive forms (blind DEL,
 *   PEXPIRE on whoever holds the key).
 * - A volatile service forgets holder, counter, waiters and lock-delay when it crashes.
 *
 * Each node of a service of independent nodes (Redlock) runs the same rules on its own clock and
 * memory, with one difference: an acquire is Redis's `SET key value NX PX lease` — the key takes
 * the client's random value, and a taken key refuses at once instead of queueing.
 */
import { send } from './network'
import type { NodeId, Token } from './scenario'
import type { LockState, Message, World } from './world'
import { emit, localNowMs, node, schedule, trueTimeOfLocal } from './world'

export function handleLockMessage(world: World, at: NodeId, message: Message): void {
  switch (message.kind) {
    case 'acquire':
      return onAcquire(world, at, message)
    case 'renew':
      return onRenew(world, at, message)
    case 'release':
      return onRelease(world, at, message)
    default:
      return
  }
}

function onAcquire(world: World, at: NodeId, message: Message): void {
  const lock = world.locks[at] as LockState
  const asker = message.from
  if (lock.setNx) return setIfAbsent(world, at, lock, message)
  if (lock.holder === asker) {
    // Reentrant: the holder keeps its grant and token (Hazelcast, Consul LockIndex).
    const expiresAtMs = trueTimeOfLocal(world, at, lock.expiresAtLocalMs)
    emit(world, {
      atMs: world.nowMs,
      node: at,
      type: 'LeaseGranted',
      client: asker,
      token: lock.token,
      grant: lock.grant,
      expiresAtMs,
      expiresAtServiceMs: lock.expiresAtLocalMs,
      reentrant: true,
    })
    replyGrant(world, at, asker, message.id, expiresAtMs)
    return
  }
  // A second request from a client that is already waiting changes nothing.
  if (lock.waiters.includes(asker)) return
  lock.waiters.push(asker)
  grantNextIfFree(world, at)
  if (lock.holder === asker) return
  emit(world, {
    atMs: world.nowMs,
    node: at,
    type: 'AcquireQueued',
    client: asker,
    position: lock.waiters.indexOf(asker) + 1,
  })
}

/** `SET key value NX PX lease`: the key is set only when it is absent (lock-delay counts). */
function setIfAbsent(world: World, at: NodeId, lock: LockState, message: Message): void {
  if (lock.holder === null && lock.lockDelayUntilLocalMs === null) {
    grant(world, at, message.from, message.token, message.id)
    return
  }
  const reason =
    lock.holder === null
      ? 'the key is in lock-delay'
      : `the key holds ${lock.holder === message.from ? 'an earlier value' : `${lock.holder}'s value`}`
  emit(world, { atMs: world.nowMs, node: at, type: 'AcquireRefused', client: message.from, reason })
  send(world, { from: at, to: message.from, kind: 'acquire-refused', replyTo: message.id, reason })
}

/**
 * Why the holder's own renew or release is refused: it carries another grant's token, or none (a
 * release sent before the client held, overtaken on the way by its next acquire, which was
 * granted first).
 */
function notTheGrant(token: Message['token']): string {
  return token === null
    ? 'it carries no token, so it is not for the current grant'
    : `token ${String(token)} is not the current grant`
}

function onRenew(world: World, at: NodeId, message: Message): void {
  const lock = world.locks[at] as LockState
  const asker = message.from
  const owns = lock.holder === asker && sameToken(lock.token, message.token)
  const naive = !lock.config.renewChecksOwner && lock.holder !== null
  if (!owns && !naive) {
    const reason =
      lock.holder === null
        ? 'no lease is held'
        : lock.holder === asker
          ? notTheGrant(message.token)
          : `the lease is held by ${lock.holder}`
    emit(world, { atMs: world.nowMs, node: at, type: 'RenewRefused', client: asker, reason })
    send(world, { from: at, to: asker, kind: 'renew-refused', replyTo: message.id, reason })
    return
  }
  const holder = lock.holder as NodeId
  const local = stampMs(world, at)
  lock.expiresAtLocalMs = local + lock.config.leaseMs
  lock.renewTimeLocalMs = local
  const expiresAtMs = scheduleExpiry(world, at)
  emit(world, {
    atMs: world.nowMs,
    node: at,
    type: 'LeaseRenewed',
    client: holder,
    by: asker,
    token: lock.token,
    grant: lock.grant,
    expiresAtMs,
    expiresAtServiceMs: lock.expiresAtLocalMs,
    foreign: holder !== asker,
  })
  send(world, {
    from: at,
    to: asker,
    kind: 'renew-ok',
    replyTo: message.id,
    token: lock.token,
    expiresAtMs,
  })
}

function onRelease(world: World, at: NodeId, message: Message): void {
  const lock = world.locks[at] as LockState
  const asker = message.from
  const owns = lock.holder === asker && sameToken(lock.token, message.token)
  const blind = !lock.config.releaseChecksOwner && lock.holder !== null
  if (!owns && !blind) {
    const reason =
      lock.holder === null
        ? 'no lease is held'
        : lock.holder === asker
          ? notTheGrant(message.token)
          : `the lease is held by ${lock.holder}`
    emit(world, {
      atMs: world.nowMs,
      node: at,
      type: 'ReleaseRefused',
      client: asker,
      reason,
    })
    send(world, {
      from: at,
      to: asker,
      kind: 'release-refused',
      replyTo: message.id,
      reason,
    })
    return
  }
  const holder = lock.holder as NodeId
  emit(world, {
    atMs: world.nowMs,
    node: at,
    type: 'LeaseReleased',
    client: holder,
    by: asker,
    token: lock.token,
    grant: lock.grant,
    foreign: holder !== asker,
  })
  free(world, at, 'release')
  send(world, { from: at, to: asker, kind: 'release-ok', replyTo: message.id })
  grantNextIfFree(world, at)
}

/** The expiry timer fired: expire the lease if the service's clock says it has run out. */
export function onExpiryTimer(world: World, at: NodeId): void {
  const lock = world.locks[at] as LockState
  if (lock.holder === null) return
  if (localNowMs(world, at) < lock.expiresAtLocalMs) {
    scheduleExpiry(world, at)
    return
  }
  expire(world, at, false)
}

/** Ends the current lease by expiry (a timer, an operator, or a clock jump). */
export function expire(world: World, at: NodeId, byOperator: boolean): void {
  const lock = world.locks[at] as LockState
  if (lock.holder === null) return
  emit(world, {
    atMs: world.nowMs,
    node: at,
    type: 'LeaseExpired',
    client: lock.holder,
    token: lock.token,
    grant: lock.grant,
    byOperator,
  })
  free(world, at, 'expiry')
  grantNextIfFree(world, at)
}

export function onLockDelayTimer(world: World, at: NodeId): void {
  const lock = world.locks[at] as LockState
  if (lock.lockDelayUntilLocalMs === null) return
  if (localNowMs(world, at) < lock.lockDelayUntilLocalMs) {
    scheduleLockDelayEnd(world, at)
    return
  }
  lock.lockDelayUntilLocalMs = null
  emit(world, { atMs: world.nowMs, node: at, type: 'LockDelayEnded' })
  grantNextIfFree(world, at)
}

/** After a jump of the service's clock, expiry and lock-delay are judged again at once. */
export function onLockClockJumped(world: World, at: NodeId): void {
  const lock = world.locks[at] as LockState
  const service = node(world, at)
  if (service.paused) {
    // A paused service judges nothing now; it re-judges at its resume, in due order.
    const due = { atMs: world.nowMs, type: 'timer', to: at } as const
    service.deferred.push({ ...due, seq: world.seq++, timer: 'expiry', gen: lock.expiryGen })
    service.deferred.push({ ...due, seq: world.seq++, timer: 'lock-delay', gen: lock.lockDelayGen })
    return
  }
  if (lock.holder !== null) {
    if (localNowMs(world, at) >= lock.expiresAtLocalMs) expire(world, at, false)
    else scheduleExpiry(world, at)
  }
  if (lock.lockDelayUntilLocalMs !== null) onLockDelayTimer(world, at)
}

export function onLockCrashed(world: World, at: NodeId): boolean {
  const lock = world.locks[at] as LockState
  lock.expiryGen++
  lock.lockDelayGen++
  if (lock.persistence === 'durable') return false
  if (lock.holder !== null) {
    emit(world, {
      atMs: world.nowMs,
      node: at,
      type: 'LeaseForgotten',
      client: lock.holder,
      token: lock.token,
      grant: lock.grant,
    })
  }
  lock.holder = null
  lock.token = null
  lock.grant = 0
  lock.waiters = []
  lock.lockDelayUntilLocalMs = null
  lock.nextToken = lock.config.firstToken
  lock.transitions = 0
  return true
}

export function onLockRestarted(world: World, at: NodeId): void {
  // A durable service kept its lease; it judges it on its clock, which ran on while it was down.
  onLockClockJumped(world, at)
  grantNextIfFree(world, at)
}

function free(world: World, at: NodeId, how: 'release' | 'expiry'): void {
  const lock = world.locks[at] as LockState
  lock.holder = null
  lock.expiryGen++
  if (how === 'expiry' && lock.config.lockDelayMs > 0) {
    lock.lockDelayUntilLocalMs = localNowMs(world, at) + lock.config.lockDelayMs
    const untilMs = scheduleLockDelayEnd(world, at)
    emit(world, { atMs: world.nowMs, node: at, type: 'LockDelayStarted', untilMs })
  }
}

/** Grants the lock to the first waiter when it is free and outside lock-delay. */
function grantNextIfFree(world: World, at: NodeId): boolean {
  const lock = world.locks[at] as LockState
  if (lock.holder !== null || lock.lockDelayUntilLocalMs !== null) return false
  if (node(world, at).crashed) return false
  const next = lock.waiters.shift()
  if (next === undefined) return false
  grant(world, at, next, nextToken(world, at), null)
  return true
}

function grant(
  world: World,
  at: NodeId,
  holder: NodeId,
  token: Token,
  replyTo: number | null,
): void {
  const lock = world.locks[at] as LockState
  const local = stampMs(world, at)
  lock.holder = holder
  lock.token = token
  lock.grant = ++world.grantCount
  lock.transitions++
  lock.acquireTimeLocalMs = local
  lock.renewTimeLocalMs = local
  lock.expiresAtLocalMs = local + lock.config.leaseMs
  const expiresAtMs = scheduleExpiry(world, at)
  emit(world, {
    atMs: world.nowMs,
    node: at,
    type: 'LeaseGranted',
    client: holder,
    token: lock.token,
    grant: lock.grant,
    expiresAtMs,
    expiresAtServiceMs: lock.expiresAtLocalMs,
    reentrant: false,
  })
  replyGrant(world, at, holder, replyTo, expiresAtMs)
}

function replyGrant(
  world: World,
  at: NodeId,
  to: NodeId,
  replyTo: number | null,
  expiresAtMs: number,
): void {
  const lock = world.locks[at] as LockState
  send(world, {
    from: at,
    to,
    kind: 'grant',
    token: lock.token,
    grant: lock.grant,
    replyTo,
    expiresAtMs,
  })
}

function nextToken(world: World, at: NodeId): Token {
  const lock = world.locks[at] as LockState
  switch (lock.config.tokens) {
    case 'none':
      return null
    case 'monotonic':
      return lock.nextToken++
    case 'random': {
      // Six hex digits, like an abbreviated Redis lock value: unique in practice, unordered.
      const bits = world.chooser.choose({ kind: 'token', bound: 0x1000000 }, world.rng)
      return bits.toString(16).padStart(6, '0')
    }
  }
}

/** (Re)schedules the expiry check at the true time the service's clock reaches the expiry. */
function scheduleExpiry(world: World, at: NodeId): number {
  const lock = world.locks[at] as LockState
  const atMs = trueTimeOfLocal(world, at, lock.expiresAtLocalMs)
  schedule(world, { atMs, type: 'timer', to: at, timer: 'expiry', gen: ++lock.expiryGen })
  return atMs
}

function scheduleLockDelayEnd(world: World, at: NodeId): number {
  const lock = world.locks[at] as LockState
  const atMs = trueTimeOfLocal(world, at, lock.lockDelayUntilLocalMs ?? 0)
  schedule(world, {
    atMs,
    type: 'timer',
    to: at,
    timer: 'lock-delay',
    gen: ++lock.lockDelayGen,
  })
  return atMs
}

/**
 * The service's clock read in whole milliseconds, as it stamps a lease: a clock that runs at a
 * fractional rate must not promise an expiry of 10004.37 ms (the format's times are integers).
 */
function stampMs(world: World, at: NodeId): number {
  return Math.floor(localNowMs(world, at))
}

function sameToken(a: Token, b: Token): boolean {
  return a === b
}
