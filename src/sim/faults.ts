/**
 * Faults a scenario (or a reader, from the UI) injects: each acts at its `atMs`, before anything
 * else due at that ms. A paused node does nothing until it resumes; a crashed node loses what is
 * sent to it and, where it is volatile, its state.
 */
import { onClientClockJumped, onClientCrashed, onClientPaused, onClientResumed } from './client'
import { expire, onLockClockJumped, onLockCrashed, onLockRestarted } from './lockService'
import { onResourceCrashed } from './resource'
import type { NodeId } from './scenario'
import type { MessageKind } from './trace'
import type { World } from './world'
import { client, emit, lockAt, node, resource, schedule } from './world'

/**
 * Applies the faults due at one ms, in scenario order, except that link faults (delay, drop,
 * partition) are armed first: a message sent at that ms — say the grant an expiry hands to the
 * next waiter — is judged against every fault of the ms, whatever order they are listed in.
 */
export function applyFaults(world: World, indices: readonly number[]): void {
  const armsLink = (index: number) => {
    const kind = world.scenario.faults[index]?.do
    return kind === 'delay' || kind === 'drop' || kind === 'partition'
  }
  for (const index of indices) if (armsLink(index)) applyFault(world, index)
  for (const index of indices) if (!armsLink(index)) applyFault(world, index)
}

function applyFault(world: World, index: number): void {
  const fault = world.scenario.faults[index]
  if (fault === undefined) return
  const now = world.nowMs
  switch (fault.do) {
    case 'pause':
      return pause(world, fault.node, fault.ms)
    case 'resume': {
      const n = node(world, fault.node)
      if (!n.paused) return
      // Ending the pause now makes its scheduled resume stale.
      n.pauseGen++
      return endPause(world, fault.node)
    }
    case 'delay':
    case 'drop': {
      const ms = fault.do === 'delay' ? fault.ms : 0
      world.linkFaults.push({
        index,
        kind: fault.do,
        from: fault.from,
        to: fault.to,
        atMs: now,
        ms,
        used: false,
      })
      emit(world, {
        atMs: now,
        node: fault.from,
        type: 'LinkFaultArmed',
        fault: fault.do,
        to: fault.to,
        ms,
      })
      return
    }
    case 'partition': {
      const [a, b] = fault.between
      const untilMs = fault.ms === undefined ? null : now + fault.ms
      const partition = world.partitions.length
      world.partitions.push({ a, b, fromMs: now, untilMs, healed: false })
      emit(world, { atMs: now, node: a, type: 'PartitionStarted', between: [a, b], untilMs })
      if (untilMs !== null) schedule(world, { atMs: untilMs, type: 'heal', partition })
      return
    }
    case 'expire-lease': {
      // With several nodes, the operator expires the key on each of them.
      for (const id of world.lockIds) {
        const lock = node(world, id)
        // A paused node does nothing: the operator's request waits for its resume, in due order.
        if (lock.paused) lock.deferred.push({ atMs: now, seq: world.seq++, type: 'fault', index })
        else if (!lock.crashed) expire(world, id, true)
      }
      return
    }
    case 'crash':
      return crash(world, fault.node, fault.restartAfterMs)
    case 'clock-jump': {
      const n = node(world, fault.node)
      n.clockOffsetMs += fault.ms
      emit(world, { atMs: now, node: fault.node, type: 'ClockJumped', ms: fault.ms })
      if (n.crashed) return
      if (lockAt(world, fault.node) !== undefined) onLockClockJumped(world, fault.node)
      const c = client(world, fault.node)
      if (c !== undefined) onClientClockJumped(world, c)
      return
    }
  }
}

function pause(world: World, id: NodeId, ms: number): void {
  const n = node(world, id)
  if (n.crashed) return
  const untilMs = world.nowMs + ms
  if (n.paused) {
    if (untilMs <= n.pausedUntilMs) return
  } else {
    n.paused = true
    n.pausedAtMs = world.nowMs
    const c = client(world, id)
    if (c !== undefined) onClientPaused(world, c)
  }
  n.pausedUntilMs = untilMs
  emit(world, { atMs: world.nowMs, node: id, type: 'NodePaused', ms, untilMs })
  schedule(world, { atMs: untilMs, type: 'resume', to: id, gen: ++n.pauseGen })
}

/** The scheduled end of a pause (stale if the pause was extended or ended early). */
export function resume(world: World, id: NodeId, gen: number): void {
  const n = node(world, id)
  if (!n.paused || gen !== n.pauseGen) return
  endPause(world, id)
}

function endPause(world: World, id: NodeId): void {
  const n = node(world, id)
  n.paused = false
  emit(world, {
    atMs: world.nowMs,
    node: id,
    type: 'NodeResumed',
    pausedMs: world.nowMs - n.pausedAtMs,
  })
  // What fell due during the pause runs now, in the order it fell due.
  const deferred = n.deferred
  n.deferred = []
  for (const item of deferred) {
    const { seq: _seq, ...rest } = item
    schedule(world, { ...rest, atMs: world.nowMs })
  }
  const c = client(world, id)
  if (c !== undefined) onClientResumed(world, c)
}

function crash(world: World, id: NodeId, restartAfterMs: number | undefined): void {
  const n = node(world, id)
  if (n.crashed) return
  n.crashed = true
  n.paused = false
  n.pauseGen++
  const crashGen = ++n.crashGen
  const restartAtMs = restartAfterMs === undefined ? null : world.nowMs + restartAfterMs
  let stateLost = false
  const c = client(world, id)
  if (c !== undefined) stateLost = true
  const lock = lockAt(world, id)
  if (lock !== undefined) stateLost = lock.persistence === 'volatile'
  emit(world, { atMs: world.nowMs, node: id, type: 'NodeCrashed', stateLost, restartAtMs })
  // Requests that were waiting at a paused node are lost with it.
  for (const item of n.deferred) {
    if (item.type === 'deliver') dropAtCrashedNode(world, item.message)
  }
  n.deferred = []
  if (c !== undefined) onClientCrashed(world, c)
  if (lock !== undefined) onLockCrashed(world, id)
  if (resource(world, id) !== undefined) onResourceCrashed(world, id)
  if (restartAtMs !== null)
    schedule(world, { atMs: restartAtMs, type: 'restart', to: id, gen: crashGen })
}

export function restart(world: World, id: NodeId, gen: number): void {
  const n = node(world, id)
  if (!n.crashed || gen !== n.crashGen) return
  n.crashed = false
  emit(world, { atMs: world.nowMs, node: id, type: 'NodeRestarted' })
  if (lockAt(world, id) !== undefined) onLockRestarted(world, id)
}

export function heal(world: World, index: number): void {
  const p = world.partitions[index]
  if (p === undefined || p.healed) return
  p.healed = true
  emit(world, { atMs: world.nowMs, node: p.a, type: 'PartitionHealed', between: [p.a, p.b] })
}

export function dropAtCrashedNode(
  world: World,
  message: { id: number; from: NodeId; to: NodeId; kind: MessageKind },
): void {
  world.inFlight--
  emit(world, {
    atMs: world.nowMs,
    node: message.to,
    type: 'MessageDropped',
    msg: message.id,
    from: message.from,
    to: message.to,
    kind: message.kind,
    reason: 'crashed',
  })
}
