/**
 * The network: every request and reply is a message with a delivery time. Latency is a fixed
 * number or drawn from a range through `choose`; `delay` and `drop` faults act on the next
 * message sent on their link at or after their time; a partition is judged when a message is
 * sent. Messages to a crashed node are lost when they arrive.
 */
import type { NodeId, ResourceValue, Token } from './scenario'
import type { MessageKind } from './trace'
import type { Message, World } from './world'
import { emit, schedule } from './world'

export interface Outgoing {
  from: NodeId
  to: NodeId
  kind: MessageKind
  token?: Token
  grant?: number
  value?: ResourceValue
  increment?: number | null
  replyTo?: number | null
  reason?: string | null
  expiresAtMs?: number | null
}

/** Sends a message and returns its id (a lost message still has one). */
export function send(world: World, out: Outgoing): number {
  const message: Message = {
    id: world.nextMessageId++,
    from: out.from,
    to: out.to,
    kind: out.kind,
    sentAtMs: world.nowMs,
    token: out.token ?? null,
    grant: out.grant ?? 0,
    value: out.value ?? null,
    increment: out.increment ?? null,
    replyTo: out.replyTo ?? null,
    reason: out.reason ?? null,
    expiresAtMs: out.expiresAtMs ?? null,
  }
  const lostBy = lossAtSend(world, message)
  if (lostBy !== null) {
    emitSent(world, message, null, 0)
    emit(world, {
      atMs: world.nowMs,
      node: message.from,
      type: 'MessageDropped',
      msg: message.id,
      from: message.from,
      to: message.to,
      kind: message.kind,
      reason: lostBy,
    })
    return message.id
  }
  const latencyMs = drawLatency(world, message.from, message.to)
  const extraDelayMs = takeLinkFault(world, 'delay', message.from, message.to)?.ms ?? 0
  const deliverAtMs = world.nowMs + latencyMs + extraDelayMs
  emitSent(world, message, deliverAtMs, extraDelayMs)
  world.inFlight++
  schedule(world, { atMs: deliverAtMs, type: 'deliver', to: message.to, message })
  return message.id
}

function emitSent(
  world: World,
  message: Message,
  deliverAtMs: number | null,
  extraDelayMs: number,
): void {
  emit(world, {
    atMs: world.nowMs,
    node: message.from,
    type: 'MessageSent',
    msg: message.id,
    to: message.to,
    kind: message.kind,
    token: message.token,
    value: message.value,
    deliverAtMs,
    extraDelayMs,
  })
}

function lossAtSend(world: World, message: Message): 'partition' | 'drop' | null {
  for (const p of world.partitions) {
    if (p.healed || world.nowMs < p.fromMs) continue
    if (p.untilMs !== null && world.nowMs >= p.untilMs) continue
    if (
      (p.a === message.from && p.b === message.to) ||
      (p.b === message.from && p.a === message.to)
    ) {
      return 'partition'
    }
  }
  return takeLinkFault(world, 'drop', message.from, message.to) ? 'drop' : null
}

/** Consumes the oldest armed fault of this kind on the link, if one is due. */
function takeLinkFault(world: World, kind: 'delay' | 'drop', from: NodeId, to: NodeId) {
  for (const fault of world.linkFaults) {
    if (fault.used || fault.kind !== kind || fault.from !== from || fault.to !== to) continue
    if (fault.atMs > world.nowMs) continue
    fault.used = true
    return fault
  }
  return undefined
}

function drawLatency(world: World, from: NodeId, to: NodeId): number {
  const latency = world.scenario.network.latencyMs
  if (typeof latency === 'number') return latency
  const [minMs, maxMs] = latency
  if (minMs === maxMs) return minMs
  return world.chooser.choose({ kind: 'latency', minMs, maxMs, from, to }, world.rng)
}
