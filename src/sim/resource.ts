/**
 * A protected resource (storage, an API, a mail service). What it does with a write depends on
 * its fencing mode:
 * - `none`: applies everything.
 * - `atomic`: compares the token with the highest one recorded and applies in the same step;
 *   equal tokens pass (a holder writes many times), lower ones are rejected ("token 41 < 42").
 * - `check-then-write`: checks now, applies `checkToApplyMs` later, so two writes can both pass
 *   their checks and the recorded token can go backwards.
 * A fenced resource cannot order a missing or random token and says so.
 */
import { send } from './network'
import type { NodeId, Token } from './scenario'
import type { Message, PendingApply, ResourceState, World } from './world'
import { emit, schedule } from './world'

export function handleResourceMessage(world: World, id: NodeId, message: Message): void {
  const resource = world.resources[id] as ResourceState
  switch (message.kind) {
    case 'read':
      return onRead(world, id, resource, message)
    case 'write':
    case 'effect':
      return onWrite(world, id, resource, message)
    default:
      return
  }
}

function onRead(world: World, id: NodeId, resource: ResourceState, message: Message): void {
  const { fencing, fenceReads } = resource.config
  // Fencing orders holders. A read that carries no token (its client never acquired, or the
  // service issues none) changes nothing and has nothing to record: it is served unfenced.
  const fenced = fenceReads && fencing !== 'none' && message.token !== null
  if (fenced) {
    const reason = fencingRejection(resource, message.token, 'read')
    if (reason !== null) {
      emit(world, {
        atMs: world.nowMs,
        node: id,
        type: 'ReadRejected',
        client: message.from,
        token: message.token,
        grant: message.grant,
        reason,
      })
      send(world, {
        from: id,
        to: message.from,
        kind: 'read-rejected',
        replyTo: message.id,
        reason,
      })
      return
    }
    resource.highestToken = Math.max(resource.highestToken ?? -Infinity, message.token as number)
  }
  emit(world, {
    atMs: world.nowMs,
    node: id,
    type: 'ReadServed',
    client: message.from,
    value: resource.value,
    token: message.token,
    grant: message.grant,
    recorded: fenced,
  })
  send(world, {
    from: id,
    to: message.from,
    kind: 'read-ok',
    replyTo: message.id,
    value: resource.value,
  })
}

function onWrite(world: World, id: NodeId, resource: ResourceState, message: Message): void {
  const facts = writeFacts(message)
  const reason =
    resource.config.fencing === 'none'
      ? null
      : fencingRejection(resource, message.token, message.kind === 'effect' ? 'effect' : 'write')
  if (reason !== null) {
    emit(world, { atMs: world.nowMs, node: id, type: 'WriteRejected', ...facts, reason })
    send(world, {
      from: id,
      to: message.from,
      kind: 'write-rejected',
      replyTo: message.id,
      reason,
    })
    return
  }
  if (resource.config.fencing === 'check-then-write') {
    const applyAtMs = world.nowMs + resource.config.checkToApplyMs
    emit(world, { atMs: world.nowMs, node: id, type: 'WriteChecked', ...facts, applyAtMs })
    const pending: PendingApply = { id: message.id, message, checkedAtMs: world.nowMs }
    resource.pending.push(pending)
    world.inFlight++
    schedule(world, { atMs: applyAtMs, type: 'apply', to: id, pending })
    return
  }
  const duplicate = apply(resource, message)
  emit(world, { atMs: world.nowMs, node: id, type: 'WriteAccepted', ...facts, duplicate })
  send(world, { from: id, to: message.from, kind: 'write-ok', replyTo: message.id })
}

/** The second step of check-then-write: apply what was checked earlier, unconditionally. */
export function onApply(world: World, id: NodeId, pending: PendingApply): void {
  const resource = world.resources[id] as ResourceState
  const index = resource.pending.indexOf(pending)
  if (index < 0) return // discarded by a crash
  resource.pending.splice(index, 1)
  world.inFlight--
  const { message, checkedAtMs } = pending
  const duplicate = apply(resource, message)
  emit(world, {
    atMs: world.nowMs,
    node: id,
    type: 'WriteApplied',
    ...writeFacts(message),
    checkedAtMs,
    duplicate,
  })
  send(world, { from: id, to: message.from, kind: 'write-ok', replyTo: message.id })
}

/** A crash loses the writes that were checked but not yet applied. */
export function onResourceCrashed(world: World, id: NodeId): void {
  const resource = world.resources[id] as ResourceState
  const lost = resource.pending
  resource.pending = []
  for (const pending of lost) {
    world.inFlight--
    emit(world, {
      atMs: world.nowMs,
      node: id,
      type: 'WriteDiscarded',
      ...writeFacts(pending.message),
      reason: `${id} crashed between the check and the apply`,
    })
  }
}

/** Applies a write; returns true when an idempotent resource absorbed a repeat instead. */
function apply(resource: ResourceState, message: Message): boolean {
  const { config } = resource
  const isEffect = message.kind === 'effect'
  // The token passed the check, so it is recorded even when the write turns out to be a repeat:
  // otherwise an older token could still get in after a newer holder's (absorbed) write.
  if (config.fencing !== 'none' && typeof message.token === 'number') {
    resource.highestToken =
      config.fencing === 'atomic'
        ? Math.max(resource.highestToken ?? -Infinity, message.token)
        : message.token
  }
  if (config.idempotent) {
    const seen = isEffect
      ? resource.appliedEffects.includes(message.value)
      : resource.value === message.value
    if (seen) return true
  }
  resource.value = message.value
  if (isEffect) resource.appliedEffects.push(message.value)
  return false
}

/**
 * Null when a fenced resource accepts the token; else the reason it must refuse it. A write's
 * lower token reads "token 41 < 42" (the format's example); a read's says it was a read.
 */
function fencingRejection(
  resource: ResourceState,
  token: Token,
  what: 'write' | 'effect' | 'read',
): string | null {
  if (token === null) return `no fencing token: the ${what} cannot be ordered`
  if (typeof token === 'string') {
    const refusal = `token ${token} is a random id: random tokens cannot be ordered`
    return what === 'read' ? `${refusal}, so the read is refused` : refusal
  }
  const highest = resource.highestToken
  if (highest !== null && token < highest) {
    return what === 'read'
      ? `token ${token} < ${highest}: the read is refused`
      : `token ${token} < ${highest}`
  }
  return null
}

function writeFacts(message: Message) {
  return {
    msg: message.id,
    client: message.from,
    token: message.token,
    grant: message.grant,
    value: message.value,
    effect: message.kind === 'effect',
    increment: message.increment,
    sentAtMs: message.sentAtMs,
  }
}
