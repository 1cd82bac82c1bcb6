/**
 * The lock service: one lock, leased to one holder at a time, judged on the service's own clock.
 *
 * - Tokens go up on free → held only (never on renew); a holder that asks again keeps its token.
 * - Waiters are granted FIFO when the lock is released or expires.
 * - After an expiry (not a release) no grant happens before expiry + lockDelayMs (Chubby, Consul).
 * - Release and renew check the owner unless the scenario models the naive forms (blind DEL,
 *   PEXPIRE on whoever holds the key).
 * - A volatile service forgets holder, counter, waiters and lock-delay when it crashes.
 */
import { send } from './network'
import type { NodeId, Token } from './scenario'
import { LOCK_NODE } from './scenario'
import type { Message, World } from './world'
import { emit, localNowMs, node, schedule, trueTimeOfLocal } from './world'

export function handleLockMessage(world: World, message: Message): void {
  switch (message.kind) {
    case 'acquire':
      return onAcquire(world, message)
    case 'renew':
      return onRenew(world, message)
    case 'release':
      return onRelease(world, message)
    default:
      return
  }
}

function onAcquire(world: World, message: Message): void {
  const lock = world.lock
  const asker = message.from
  if (lock.holder === asker) {
    // Reentrant: the holder keeps its grant and token (Hazelcast, Consul LockIndex).
    const expiresAtMs = trueTimeOfLocal(world, LOCK_NODE, lock.expiresAtLocalMs)
    emit(world, {
      atMs: world.nowMs,
      node: LOCK_NODE,
      type: 'LeaseGranted',
      client: asker,
      token: lock.token,
      grant: lock.grant,
      expiresAtMs,
      expiresAtServiceMs: lock.expiresAtLocalMs,
      reentrant: true,
    })
    replyGrant(world, asker, message.id, expiresAtMs)
    return
  }
  // A second request from a client that is already waiting changes nothing.
  if (lock.waiters.includes(asker)) return
  lock.waiters.push(asker)
  grantNextIfFree(world)
  if (lock.holder === asker) return
  emit(world, {
    atMs: world.nowMs,
    node: LOCK_NODE,
    type: 'AcquireQueued',
    client: asker,
    position: lock.waiters.indexOf(asker) + 1,
  })
}

function onRenew(world: World, message: Message): void {
  const lock = world.lock
  const asker = message.from
  const owns = lock.holder === asker && sameToken(lock.token, message.token)
  const naive = !lock.config.renewChecksOwner && lock.holder !== null
  if (!owns && !naive) {
    const reason =
      lock.holder === null
        ? 'no lease is held'
        : lock.holder === asker
          ? `token ${String(message.token)} is not the current grant`
          : `the lease is held by ${lock.holder}`
    emit(world, { atMs: world.nowMs, node: LOCK_NODE, type: 'RenewRefused', client: asker, reason })
    send(world, { from: LOCK_NODE, to: asker, kind: 'renew-refused', replyTo: message.id, reason })
    return
  }
  const holder = lock.holder as NodeId
  const local = stampMs(world)
  lock.expiresAtLocalMs = local + lock.config.leaseMs
  lock.renewTimeLocalMs = local
  const expiresAtMs = scheduleExpiry(world)
  emit(world, {
    atMs: world.nowMs,
    node: LOCK_NODE,
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
    from: LOCK_NODE,
    to: asker,
    kind: 'renew-ok',
    replyTo: message.id,
    token: lock.token,
    expiresAtMs,
  })
}

function onRelease(world: World, message: Message): void {
  const lock = world.lock
  const asker = message.from
  const owns = lock.holder === asker && sameToken(lock.token, message.token)
  const blind = !lock.config.releaseChecksOwner && lock.holder !== null
  if (!owns && !blind) {
    const reason =
      lock.holder === null
        ? 'no lease is held'
        : lock.holder === asker
          ? `token ${String(message.token)} is not the current grant`
          : `the lease is held by ${lock.holder}`
    emit(world, {
      atMs: world.nowMs,
      node: LOCK_NODE,
      type: 'ReleaseRefused',
      client: asker,
      reason,
    })
    send(world, {
      from: LOCK_NODE,
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
    node: LOCK_NODE,
    type: 'LeaseReleased',
    client: holder,
    by: asker,
    token: lock.token,
    grant: lock.grant,
    foreign: holder !== asker,
  })
  free(world, 'release')
  send(world, { from: LOCK_NODE, to: asker, kind: 'release-ok', replyTo: message.id })
  grantNextIfFree(world)
}

/** The expiry timer fired: expire the lease if the service's clock says it has run out. */
export function onExpiryTimer(world: World): void {
  const lock = world.lock
  if (lock.holder === null) return
  if (localNowMs(world, LOCK_NODE) < lock.expiresAtLocalMs) {
    scheduleExpiry(world)
    return
  }
  expire(world, false)
}

/** Ends the current lease by expiry (a timer, an operator, or a clock jump). */
export function expire(world: World, byOperator: boolean): void {
  const lock = world.lock
  if (lock.holder === null) return
  emit(world, {
    atMs: world.nowMs,
    node: LOCK_NODE,
    type: 'LeaseExpired',
    client: lock.holder,
    token: lock.token,
    grant: lock.grant,
    byOperator,
  })
  free(world, 'expiry')
  grantNextIfFree(world)
}

export function onLockDelayTimer(world: World): void {
  const lock = world.lock
  if (lock.lockDelayUntilLocalMs === null) return
  if (localNowMs(world, LOCK_NODE) < lock.lockDelayUntilLocalMs) {
    scheduleLockDelayEnd(world)
    return
  }
  lock.lockDelayUntilLocalMs = null
  emit(world, { atMs: world.nowMs, node: LOCK_NODE, type: 'LockDelayEnded' })
  grantNextIfFree(world)
}

/** After a jump of the service's clock, expiry and lock-delay are judged again at once. */
export function onLockClockJumped(world: World): void {
  const lock = world.lock
  const service = node(world, LOCK_NODE)
  if (service.paused) {
    // A paused service judges nothing now; it re-judges at its resume, in due order.
    const at = { atMs: world.nowMs, type: 'timer', to: LOCK_NODE } as const
    service.deferred.push({ ...at, seq: world.seq++, timer: 'expiry', gen: lock.expiryGen })
    service.deferred.push({ ...at, seq: world.seq++, timer: 'lock-delay', gen: lock.lockDelayGen })
    return
  }
  if (lock.holder !== null) {
    if (localNowMs(world, LOCK_NODE) >= lock.expiresAtLocalMs) expire(world, false)
    else scheduleExpiry(world)
  }
  if (lock.lockDelayUntilLocalMs !== null) onLockDelayTimer(world)
}

export function onLockCrashed(world: World): boolean {
  const lock = world.lock
  lock.expiryGen++
  lock.lockDelayGen++
  if (lock.config.persistence === 'durable') return false
  if (lock.holder !== null) {
    emit(world, {
      atMs: world.nowMs,
      node: LOCK_NODE,
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

export function onLockRestarted(world: World): void {
  // A durable service kept its lease; it judges it on its clock, which ran on while it was down.
  onLockClockJumped(world)
  grantNextIfFree(world)
}

function free(world: World, how: 'release' | 'expiry'): void {
  const lock = world.lock
  lock.holder = null
  lock.expiryGen++
  if (how === 'expiry' && lock.config.lockDelayMs > 0) {
    lock.lockDelayUntilLocalMs = localNowMs(world, LOCK_NODE) + lock.config.lockDelayMs
    const untilMs = scheduleLockDelayEnd(world)
    emit(world, { atMs: world.nowMs, node: LOCK_NODE, type: 'LockDelayStarted', untilMs })
  }
}

/** Grants the lock to the first waiter when it is free and outside lock-delay. */
function grantNextIfFree(world: World): boolean {
  const lock = world.lock
  if (lock.holder !== null || lock.lockDelayUntilLocalMs !== null) return false
  if (node(world, LOCK_NODE).crashed) return false
  const next = lock.waiters.shift()
  if (next === undefined) return false
  grant(world, next)
  return true
}

function grant(world: World, holder: NodeId): void {
  const lock = world.lock
  const local = stampMs(world)
  lock.holder = holder
  lock.token = nextToken(world)
  lock.grant = ++world.grantCount
  lock.transitions++
  lock.acquireTimeLocalMs = local
  lock.renewTimeLocalMs = local
  lock.expiresAtLocalMs = local + lock.config.leaseMs
  const expiresAtMs = scheduleExpiry(world)
  emit(world, {
    atMs: world.nowMs,
    node: LOCK_NODE,
    type: 'LeaseGranted',
    client: holder,
    token: lock.token,
    grant: lock.grant,
    expiresAtMs,
    expiresAtServiceMs: lock.expiresAtLocalMs,
    reentrant: false,
  })
  replyGrant(world, holder, null, expiresAtMs)
}

function replyGrant(world: World, to: NodeId, replyTo: number | null, expiresAtMs: number): void {
  const lock = world.lock
  send(world, {
    from: LOCK_NODE,
    to,
    kind: 'grant',
    token: lock.token,
    grant: lock.grant,
    replyTo,
    expiresAtMs,
  })
}

function nextToken(world: World): Token {
  const lock = world.lock
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
function scheduleExpiry(world: World): number {
  const lock = world.lock
  const atMs = trueTimeOfLocal(world, LOCK_NODE, lock.expiresAtLocalMs)
  schedule(world, { atMs, type: 'timer', to: LOCK_NODE, timer: 'expiry', gen: ++lock.expiryGen })
  return atMs
}

function scheduleLockDelayEnd(world: World): number {
  const lock = world.lock
  const atMs = trueTimeOfLocal(world, LOCK_NODE, lock.lockDelayUntilLocalMs ?? 0)
  schedule(world, {
    atMs,
    type: 'timer',
    to: LOCK_NODE,
    timer: 'lock-delay',
    gen: ++lock.lockDelayGen,
  })
  return atMs
}

/**
 * The service's clock read in whole milliseconds, as it stamps a lease: a clock that runs at a
 * fractional rate must not promise an expiry of 10004.37 ms (the format's times are integers).
 */
function stampMs(world: World): number {
  return Math.floor(localNowMs(world, LOCK_NODE))
}

function sameToken(a: Token, b: Token): boolean {
  return a === b
}
