/**
 * A client runs its script one step at a time; each request waits for its reply before the next
 * step starts. It believes it holds the lock from the grant's arrival until it releases, learns
 * otherwise (a rejected write or read, a refused renew), or — only when it renews or checks its
 * lease before writing — its own clock says the lease ran out (docs/scenario-format.md, “Semantics”).
 *
 * A critical section ends early on a rejected write or read, a failed lease check, a refused
 * renew, or (for a client that renews) its own deadline: the step in progress finishes, then the
 * client skips to the end of its script.
 */
import { send } from './network'
import {
  countAnswer,
  onRetryTimer,
  onRoundTimeout,
  startAcquire,
  startExtend,
  startRelease,
} from './quorumClient'
import type { NodeId, ScriptStep } from './scenario'
import { LOCK_NODE, stepResource } from './scenario'
import type { BeliefEndReason } from './trace'
import type { ClientState, Message, World } from './world'
import { emit, localNowMs, schedule, trueDurationMs, trueTimeOfLocal } from './world'

export function startClient(world: World, c: ClientState): void {
  if (c.phase !== 'not-started') return
  c.phase = 'running'
  runNextStep(world, c)
}

function runNextStep(world: World, c: ClientState): void {
  while (c.phase === 'running') {
    if (c.endPending) return finish(world, c, true)
    const step = c.config.script[c.pc]
    if (step === undefined) return finish(world, c, false)
    c.step = step
    if (startStep(world, c, step)) return
  }
}

/** Starts a step; returns true when the client now waits (a reply, a timer) or has finished. */
function startStep(world: World, c: ClientState, step: ScriptStep): boolean {
  const id = c.config.id
  switch (step.do) {
    case 'acquire':
      if (world.quorum !== null) {
        startAcquire(world, c)
        return true
      }
      c.waitingOn = send(world, { from: id, to: LOCK_NODE, kind: 'acquire' })
      return true
    case 'read':
      c.pendingResource = stepResource(world.scenario, step)
      c.waitingOn = send(world, {
        from: id,
        to: c.pendingResource,
        kind: 'read',
        token: c.token,
        grant: c.grant,
      })
      return true
    case 'work':
    case 'sleep': {
      const endsAtMs = world.nowMs + trueDurationMs(world, id, step.ms)
      emit(world, {
        atMs: world.nowMs,
        node: id,
        type: step.do === 'work' ? 'WorkStarted' : 'SleepStarted',
        ms: step.ms,
      })
      if (step.do === 'work') c.workEndsAtMs = endsAtMs
      schedule(world, { atMs: endsAtMs, type: 'timer', to: id, timer: 'op', gen: ++c.opGen })
      return true
    }
    case 'write':
    case 'effect': {
      const resource = stepResource(world.scenario, step)
      if (c.config.checkLeaseBeforeWrite && !leaseLooksValid(world, c)) {
        emit(world, { atMs: world.nowMs, node: id, type: 'LeaseCheckFailed', resource })
        endBelief(world, c, 'lease-check-failed')
        finish(world, c, true)
        return true
      }
      const increment = step.do === 'write' ? (step.increment ?? null) : null
      const value =
        increment === null ? (step.value ?? null) : incrementBase(world, c, resource) + increment
      c.pendingIncrement = increment
      c.pendingResource = resource
      c.waitingOn = send(world, {
        from: id,
        to: resource,
        kind: step.do,
        token: c.token,
        grant: c.grant,
        value,
        increment,
      })
      return true
    }
    case 'release':
      c.renewGen++
      c.renewInFlight = null
      if (world.quorum !== null) {
        startRelease(world, c)
        endBelief(world, c, 'released')
        return true
      }
      c.waitingOn = send(world, {
        from: id,
        to: LOCK_NODE,
        kind: 'release',
        token: c.token,
        grant: c.grant,
      })
      endBelief(world, c, 'released')
      return true
  }
}

/** The last value this client read from the resource, else the resource's initial value. */
function incrementBase(world: World, c: ClientState, resource: NodeId): number {
  const read = Object.hasOwn(c.lastRead, resource) ? c.lastRead[resource] : undefined
  const base = read !== undefined ? read : world.resources[resource]?.config.initialValue
  return typeof base === 'number' ? base : 0
}

function leaseLooksValid(world: World, c: ClientState): boolean {
  return (
    c.believes && c.deadlineLocalMs !== null && localNowMs(world, c.config.id) < c.deadlineLocalMs
  )
}

export function completeStep(world: World, c: ClientState): void {
  c.step = null
  c.waitingOn = null
  c.pendingIncrement = null
  c.pendingResource = null
  c.pc++
  runNextStep(world, c)
}

export function finish(world: World, c: ClientState, abandoned: boolean): void {
  if (c.phase !== 'running') return
  c.phase = 'done'
  c.step = null
  c.waitingOn = null
  // A client that still holds the lease when its script runs out keeps renewing it ("sends
  // renew while holding"); one whose critical section was cut short stops.
  if (abandoned || !c.believes) c.renewGen++
  c.opGen++
  world.scriptsRunning--
  emit(world, { atMs: world.nowMs, node: c.config.id, type: 'ScriptFinished', abandoned })
}

export function endBelief(world: World, c: ClientState, reason: BeliefEndReason): void {
  if (!c.believes) return
  c.believes = false
  c.beliefEndReason = reason
  emit(world, { atMs: world.nowMs, node: c.config.id, type: 'BeliefEnded', reason })
}

export function handleClientMessage(world: World, c: ClientState, message: Message): void {
  if (world.quorum !== null && countAnswer(world, c, message)) return
  if (message.kind === 'renew-ok' || message.kind === 'renew-refused') {
    return onRenewReply(world, c, message)
  }
  if (c.phase !== 'running') return
  // Replies to anything but the request in progress are stale (the client moved on).
  const answersStep =
    message.replyTo === c.waitingOn || (message.kind === 'grant' && c.step?.do === 'acquire')
  if (!answersStep || c.waitingOn === null) return
  switch (message.kind) {
    case 'grant':
      return onGrant(world, c, message)
    case 'read-ok':
      if (c.pendingResource !== null) c.lastRead[c.pendingResource] = message.value
      return completeStep(world, c)
    case 'read-rejected':
      endBelief(world, c, 'read-rejected')
      return finish(world, c, true)
    case 'write-ok':
      emit(world, {
        atMs: world.nowMs,
        node: c.config.id,
        type: 'WriteAcknowledged',
        resource: message.from,
        token: c.token,
        effect: c.step?.do === 'effect',
        increment: c.pendingIncrement,
      })
      return completeStep(world, c)
    case 'write-rejected':
      endBelief(world, c, 'write-rejected')
      return finish(world, c, true)
    case 'release-ok':
    case 'release-refused':
      return completeStep(world, c)
    default:
      return
  }
}

function onGrant(world: World, c: ClientState, message: Message): void {
  const id = c.config.id
  const leaseMs = world.scenario.lockService.leaseMs
  const reentrant = c.believes && c.grant === message.grant
  c.token = message.token
  c.grant = message.grant
  if (!reentrant) startBelief(world, c, localNowMs(world, id) + leaseMs)
  completeStep(world, c)
}

/** The client now believes it holds the lock (its token and grant set) until its deadline. */
export function startBelief(world: World, c: ClientState, deadlineLocalMs: number): void {
  c.deadlineLocalMs = deadlineLocalMs
  c.believes = true
  c.beliefEndReason = null
  emit(world, {
    atMs: world.nowMs,
    node: c.config.id,
    type: 'BeliefStarted',
    token: c.token,
    grant: c.grant,
    deadlineMs: trueTimeOfLocal(world, c.config.id, deadlineLocalMs),
    renewed: false,
  })
  if (c.config.renewEveryMs > 0) scheduleRenew(world, c, ++c.renewGen)
  scheduleDeadline(world, c)
}

function onRenewReply(world: World, c: ClientState, message: Message): void {
  if (c.renewInFlight === null || message.replyTo !== c.renewInFlight) return
  c.renewInFlight = null
  const id = c.config.id
  if (message.kind === 'renew-refused') {
    endBelief(world, c, 'renew-refused')
    if (c.phase === 'running') c.endPending = true
    return
  }
  // The lease runs from the renew's send time: the conservative reading of the confirmation.
  c.deadlineLocalMs = c.renewSentLocalMs + world.scenario.lockService.leaseMs
  scheduleDeadline(world, c)
  const local = localNowMs(world, id)
  if (!c.believes && c.beliefEndReason === 'deadline' && c.phase === 'running') {
    // A late confirmation revives a client that had given up: the renewal race (research S09).
    if (local < c.deadlineLocalMs) {
      c.believes = true
      c.beliefEndReason = null
      c.endPending = false
      emit(world, {
        atMs: world.nowMs,
        node: id,
        type: 'BeliefStarted',
        token: c.token,
        grant: c.grant,
        deadlineMs: trueTimeOfLocal(world, id, c.deadlineLocalMs),
        renewed: true,
      })
      scheduleRenew(world, c, ++c.renewGen)
    }
  }
}

export function onClientTimer(
  world: World,
  c: ClientState,
  timer: 'start' | 'op' | 'renew' | 'deadline' | 'vote-timeout' | 'extend-timeout' | 'retry',
  gen: number,
): void {
  switch (timer) {
    case 'vote-timeout':
    case 'extend-timeout':
      if (c.phase === 'crashed') return
      return onRoundTimeout(world, c, gen)
    case 'retry':
      if (gen !== c.opGen) return
      return onRetryTimer(world, c)
    case 'start':
      return startClient(world, c)
    case 'op':
      if (gen !== c.opGen || c.phase !== 'running' || c.step === null) return
      if (c.step.do === 'work') {
        c.workEndsAtMs = null
        emit(world, { atMs: world.nowMs, node: c.config.id, type: 'WorkFinished' })
      } else {
        emit(world, { atMs: world.nowMs, node: c.config.id, type: 'SleepFinished' })
      }
      return completeStep(world, c)
    case 'renew':
      if (gen !== c.renewGen) return
      return onRenewTimer(world, c)
    case 'deadline':
      if (gen !== c.deadlineGen) return
      return onDeadlineTimer(world, c)
  }
}

function onRenewTimer(world: World, c: ClientState): void {
  if (c.phase === 'crashed' || !c.believes) return
  // After its script, a holder renews only while another script runs: renewals alone must not
  // keep a finished run alive (timers never do).
  if (c.phase === 'done' && world.scriptsRunning === 0) return
  // Every tick sends a renew, as real renew loops do: a renew or reply that was lost must not
  // stop the loop for good. Only the reply to the latest renew counts.
  if (world.quorum !== null) {
    startExtend(world, c)
    scheduleRenew(world, c, c.renewGen)
    return
  }
  c.renewSentLocalMs = localNowMs(world, c.config.id)
  c.renewInFlight = send(world, {
    from: c.config.id,
    to: LOCK_NODE,
    kind: 'renew',
    token: c.token,
    grant: c.grant,
  })
  scheduleRenew(world, c, c.renewGen)
}

function onDeadlineTimer(world: World, c: ClientState): void {
  if (c.deadlineLocalMs === null) return
  if (localNowMs(world, c.config.id) < c.deadlineLocalMs) return scheduleDeadline(world, c)
  if (!c.believes) return
  endBelief(world, c, 'deadline')
  if (c.config.renewEveryMs > 0 && c.phase === 'running') c.endPending = true
}

function scheduleRenew(world: World, c: ClientState, gen: number): void {
  const atMs = world.nowMs + Math.max(1, trueDurationMs(world, c.config.id, c.config.renewEveryMs))
  schedule(world, { atMs, type: 'timer', to: c.config.id, timer: 'renew', gen })
}

/** Only clients that renew or check their lease watch their own deadline. */
export function scheduleDeadline(world: World, c: ClientState): void {
  if (c.deadlineLocalMs === null) return
  if (c.config.renewEveryMs === 0 && !c.config.checkLeaseBeforeWrite) return
  const atMs = trueTimeOfLocal(world, c.config.id, c.deadlineLocalMs)
  schedule(world, { atMs, type: 'timer', to: c.config.id, timer: 'deadline', gen: ++c.deadlineGen })
}

/** A pause stretches the work in progress by its length: work counts running time. */
export function onClientPaused(world: World, c: ClientState): void {
  if (c.workEndsAtMs === null) return
  c.workRemainingMs = Math.max(0, c.workEndsAtMs - world.nowMs)
  c.workEndsAtMs = null
  c.opGen++
}

export function onClientResumed(world: World, c: ClientState): void {
  if (c.workRemainingMs === null) return
  c.workEndsAtMs = world.nowMs + c.workRemainingMs
  c.workRemainingMs = null
  schedule(world, {
    atMs: c.workEndsAtMs,
    type: 'timer',
    to: c.config.id,
    timer: 'op',
    gen: ++c.opGen,
  })
}

export function onClientCrashed(world: World, c: ClientState): void {
  endBelief(world, c, 'crashed')
  if (c.phase === 'running' || c.phase === 'not-started') world.scriptsRunning--
  c.phase = 'crashed'
  c.step = null
  c.waitingOn = null
  c.workEndsAtMs = null
  c.workRemainingMs = null
  c.renewInFlight = null
  c.round = null
  c.extendRound = null
  c.opGen++
  c.renewGen++
  c.deadlineGen++
}

/** A jump of the client's clock moves its own deadline: judge it again now. */
export function onClientClockJumped(world: World, c: ClientState): void {
  if (c.deadlineLocalMs !== null) scheduleDeadline(world, c)
}
