/**
 * A client of a service of independent lock nodes acquires the Redlock way (Redis's distlock
 * page; go-redsync's `Mutex.Lock`, node-redlock's `acquire`):
 *
 * 1. It reads its clock (the start) and sends `SET key value NX PX lease` to every node at once,
 *    with one random value for the whole acquisition.
 * 2. It counts the grants until every node has answered or the per-node timeout has run out.
 * 3. validity = lease − elapsed − drift, where drift = round(driftFactor × lease) + 2 ms. It holds
 *    the lock only with a quorum and a positive validity, until start + lease − drift by its own
 *    clock; otherwise it releases on every node and tries again after the retry delay, up to
 *    `retryCount` more times, then gives up its job.
 *
 * A client without the elapsed-time check (`elapsedTimeCheck: false`, research S08b) skips the
 * validity test and counts its lease from the moment it read the answers. Extend (a renew tick)
 * and release also go to every node; an extend needs a quorum and time left as well.
 */
import { completeStep, endBelief, finish, scheduleDeadline, startBelief } from './client'
import { send } from './network'
import type { QuorumSettings, Token } from './scenario'
import { driftAllowanceMs } from './scenario'
import type { ClientState, Message, VoteRound, World } from './world'
import { emit, localNowMs, schedule, trueDurationMs, trueTimeOfLocal } from './world'

export function startAcquire(world: World, c: ClientState): void {
  c.attempts = 0
  // Six hex digits, like the one-node service's random tokens: unique in practice, unordered.
  const bits = world.chooser.choose({ kind: 'token', bound: 0x1000000 }, world.rng)
  c.round = sendRound(world, c, 'acquire', bits.toString(16).padStart(6, '0'))
}

export function startRelease(world: World, c: ClientState): void {
  c.extendRound = null
  c.round = sendRound(world, c, 'release', c.token)
}

/** A renew tick: extend on every node; only the latest round counts. */
export function startExtend(world: World, c: ClientState): void {
  c.extendRound = sendRound(world, c, 'extend', c.token)
}

function sendRound(
  world: World,
  c: ClientState,
  purpose: VoteRound['purpose'],
  value: Token,
): VoteRound {
  const id = c.config.id
  const kind = purpose === 'acquire' ? 'acquire' : purpose === 'extend' ? 'renew' : 'release'
  const requests = world.lockIds.map((at) =>
    send(world, { from: id, to: at, kind, token: value, grant: c.grant }),
  )
  const gen = requests[0] ?? 0
  const settings = world.quorum as QuorumSettings
  schedule(world, {
    atMs: world.nowMs + Math.max(1, trueDurationMs(world, id, settings.nodeTimeoutMs)),
    type: 'timer',
    to: id,
    timer: purpose === 'extend' ? 'extend-timeout' : 'vote-timeout',
    gen,
  })
  return {
    purpose,
    value,
    startLocalMs: localNowMs(world, id),
    requests,
    votes: 0,
    answers: 0,
    gen,
  }
}

/** Counts an answer to the client's current round; false when the message answers none. */
export function countAnswer(world: World, c: ClientState, message: Message): boolean {
  const replyTo = message.replyTo
  if (replyTo === null) return false
  const round =
    c.round?.requests.includes(replyTo) === true
      ? c.round
      : c.extendRound?.requests.includes(replyTo) === true
        ? c.extendRound
        : null
  if (round === null) return false
  round.answers++
  if (message.kind === 'grant' || message.kind === 'renew-ok') round.votes++
  if (round.answers === round.requests.length) decide(world, c, round)
  return true
}

/** The per-node timeout ran out: decide with the answers in hand. */
export function onRoundTimeout(world: World, c: ClientState, gen: number): void {
  const round = c.round?.gen === gen ? c.round : c.extendRound?.gen === gen ? c.extendRound : null
  if (round !== null) decide(world, c, round)
}

export function onRetryTimer(world: World, c: ClientState): void {
  if (c.phase !== 'running' || c.step?.do !== 'acquire') return
  c.round = sendRound(world, c, 'acquire', c.round?.value ?? null)
}

function decide(world: World, c: ClientState, round: VoteRound): void {
  if (round.purpose === 'release') {
    c.round = null
    return completeStep(world, c)
  }
  const id = c.config.id
  const settings = world.quorum as QuorumSettings
  const leaseMs = world.scenario.lockService.leaseMs
  const now = localNowMs(world, id)
  // A client measures whole milliseconds, rounding the time it took up.
  const elapsedMs = Math.ceil(now - round.startLocalMs - 1e-9)
  const driftMs = driftAllowanceMs(settings, leaseMs)
  const validityMs = leaseMs - elapsedMs - driftMs
  const quorate = round.votes >= settings.quorum
  const held = quorate && validityMs > 0
  const accepted = quorate && (held || c.config.elapsedTimeCheck === false)
  const extended = round.purpose === 'extend'
  const facts = {
    atMs: world.nowMs,
    node: id,
    token: round.value,
    votes: round.votes,
    nodes: settings.nodes,
    quorum: settings.quorum,
    elapsedMs,
    driftMs,
    validityMs,
    extended,
  }
  if (extended) c.extendRound = null
  else c.round = null
  if (!accepted) {
    const retrying = !extended && c.attempts < settings.retryCount
    emit(world, { ...facts, type: 'QuorumFailed', retrying })
    if (extended) {
      endBelief(world, c, 'renew-refused')
      if (c.phase === 'running') c.endPending = true
      return
    }
    // Undo the minority (or the late majority): compare-and-delete on every node.
    for (const at of world.lockIds) {
      send(world, { from: id, to: at, kind: 'release', token: round.value, grant: c.grant })
    }
    if (!retrying) return finish(world, c, true)
    c.attempts++
    // Keep the value for the next attempt (redsync reuses it); this round answers nothing now.
    c.round = { ...round, requests: [], votes: 0, answers: 0, gen: -1 }
    const atMs = world.nowMs + trueDurationMs(world, id, settings.retryDelayMs)
    schedule(world, { atMs, type: 'timer', to: id, timer: 'retry', gen: ++c.opGen })
    return
  }
  // The client's own end of the lease: Redlock's start + lease − drift; a client that did not
  // time its acquisition counts from now.
  const deadlineLocalMs =
    (c.config.elapsedTimeCheck === false ? now : round.startLocalMs) + leaseMs - driftMs
  if (!extended) {
    c.token = round.value
    // By the service's rules a late majority is no grant at all: the client acts without one.
    c.grant = held ? ++world.grantCount : 0
  }
  emit(world, {
    ...facts,
    type: 'QuorumAcquired',
    grant: c.grant,
    validUntilMs: trueTimeOfLocal(world, id, round.startLocalMs + leaseMs - driftMs),
    held,
  })
  if (extended) {
    c.deadlineLocalMs = deadlineLocalMs
    scheduleDeadline(world, c)
    return
  }
  startBelief(world, c, deadlineLocalMs)
  completeStep(world, c)
}
