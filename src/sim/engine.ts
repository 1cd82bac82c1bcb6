/**
 * The event loop. Items (message deliveries, timers, faults) are taken from the queue in
 * (atMs, seq) order and handed to the actor they address. A paused node's items wait until it
 * resumes; a crashed node's items are lost. The run stops at the horizon, or once every script is
 * done and nothing is in flight.
 */
import type { Chooser } from './choice'
import { replayChooser, seededChooser } from './choice'
import { handleClientMessage, onClientTimer } from './client'
import { applyFaults, dropAtCrashedNode, heal, restart, resume } from './faults'
import { handleLockMessage, onExpiryTimer, onLockDelayTimer } from './lockService'
import { popItem, pushItem } from './queue'
import { handleResourceMessage, onApply } from './resource'
import type { NodeId, ResourceValue, Scenario } from './scenario'
import type { TraceEvent } from './trace'
import type { Item, World } from './world'
import { client, createWorld, emit, lockAt, node, resource } from './world'

export interface RunOptions {
  /**
   * Answers every nondeterministic decision. The default draws from the scenario's seed,
   * replaying the scenario's `choices` where it has them.
   */
  chooser?: Chooser
  /** A hard cap on trace length (a run never loops forever). */
  maxEvents?: number
}

export type EndReason = 'quiescent' | 'horizon' | 'event-limit'

export interface ResourceOutcome {
  value: ResourceValue
  /** Highest token recorded (check-then-write: the last applied); null if none was recorded. */
  highestToken: number | null
}

/** Where a run that reached its event cap was cut: its story after that point is unknown. */
export interface Truncation {
  /** True time of the last event handled. */
  atMs: number
  /** Events recorded when the cap was reached (the trace then ends with RunEnded). */
  eventCount: number
}

export interface Run {
  scenario: Scenario
  events: TraceEvent[]
  /** True time at which the run stopped. */
  endMs: number
  endReason: EndReason
  /** Set when the run reached its event cap before its horizon; null for a complete run. */
  truncated: Truncation | null
  /** Each resource's state at the end, by resource id. */
  final: Record<NodeId, ResourceOutcome>
}

export const DEFAULT_MAX_EVENTS = 2_000_000

/** Runs a validated scenario to its end. Pure: the same scenario and chooser give the same run. */
export function run(scenario: Scenario, options: RunOptions = {}): Run {
  return startRun(scenario, options).advance(Infinity) as Run
}

/** A run taken a slice at a time (a Web Worker reports progress and hears Cancel between). */
export interface RunInProgress {
  /** Handles at least `events` more events (fewer if the run ends); the run once it has ended. */
  advance(events: number): Run | null
  /** Events recorded so far, and the true time reached. */
  readonly eventCount: number
  readonly atMs: number
}

/** Starts a run that `advance` takes forward; the whole run is the same as `run` gives. */
export function startRun(scenario: Scenario, options: RunOptions = {}): RunInProgress {
  const chooser =
    options.chooser ??
    (scenario.choices !== undefined && scenario.choices.length > 0
      ? replayChooser(scenario.choices)
      : seededChooser)
  const world = createWorld(scenario, chooser)
  const maxEvents = options.maxEvents ?? DEFAULT_MAX_EVENTS
  let ended: Run | null = null
  return {
    advance(events) {
      if (ended !== null) return ended
      const endReason = runWorld(world, maxEvents, world.events.length + Math.max(1, events))
      if (endReason === null) return null
      ended = finishRun(world, endReason)
      return ended
    },
    get eventCount() {
      return world.events.length
    },
    get atMs() {
      return world.nowMs
    },
  }
}

function finishRun(world: World, endReason: EndReason): Run {
  const { scenario } = world
  const endMs = endReason === 'horizon' ? scenario.durationMs : world.nowMs
  const truncated =
    endReason === 'event-limit' ? { atMs: endMs, eventCount: world.events.length } : null
  emit(world, { atMs: endMs, node: '*', type: 'RunEnded', reason: endReason })
  const final: Record<NodeId, ResourceOutcome> = {}
  for (const r of scenario.resources) {
    const state = world.resources[r.id]
    if (state) final[r.id] = { value: state.value, highestToken: state.highestToken }
  }
  return { scenario, events: world.events, endMs, endReason, truncated, final }
}

/** Handles items until the run ends (its reason) or `untilEvents` are recorded (null). */
function runWorld(world: World, maxEvents: number, untilEvents: number): EndReason | null {
  const horizonMs = world.scenario.durationMs
  for (;;) {
    const next = world.queue[0]
    if (next === undefined || next.atMs > horizonMs) return 'horizon'
    const item = world.chooser.exploresTies ? takeWithTies(world) : popItem(world.queue)
    if (item === undefined) return 'horizon'
    world.nowMs = item.atMs
    dispatch(world, item)
    if (world.scriptsRunning === 0 && world.inFlight === 0) return 'quiescent'
    if (world.events.length >= maxEvents) return 'event-limit'
    if (world.events.length >= untilEvents) return null
  }
}

/**
 * When the explorer asks for tie-breaks: among messages due at the same ms, let `choose` pick
 * which is handled first. Faults, resumes and timers keep their order.
 */
function takeWithTies(world: World): Item | undefined {
  const first = popItem(world.queue)
  if (first === undefined || first.type !== 'deliver') return first
  const same: Item[] = [first]
  while (world.queue[0] !== undefined && world.queue[0].atMs === first.atMs && same.length < 8) {
    same.push(popItem(world.queue) as Item)
  }
  const deliveries = same.filter((i) => i.type === 'deliver')
  let chosen: Item = first
  if (deliveries.length > 1) {
    const pick = world.chooser.choose({ kind: 'tie', count: deliveries.length }, world.rng)
    chosen = deliveries[Math.min(Math.max(pick, 0), deliveries.length - 1)] as Item
  }
  for (const item of same) if (item !== chosen) pushItem(world.queue, item)
  return chosen
}

/** The other faults due at the same ms (faults are queued first, so they lead the queue). */
function takeFaultsDueWith(world: World, atMs: number): number[] {
  const indices: number[] = []
  for (
    let next = world.queue[0];
    next?.type === 'fault' && next.atMs === atMs;
    next = world.queue[0]
  ) {
    indices.push(next.index)
    popItem(world.queue)
  }
  return indices
}

function dispatch(world: World, item: Item): void {
  switch (item.type) {
    case 'fault':
      return applyFaults(world, [item.index, ...takeFaultsDueWith(world, item.atMs)])
    case 'resume':
      return resume(world, item.to, item.gen)
    case 'restart':
      return restart(world, item.to, item.gen)
    case 'heal':
      return heal(world, item.partition)
    case 'deliver':
    case 'timer':
    case 'apply': {
      const target = node(world, item.to)
      if (target.crashed) {
        if (item.type === 'deliver') dropAtCrashedNode(world, item.message)
        return
      }
      if (target.paused) {
        target.deferred.push(item)
        return
      }
      return handle(world, item)
    }
  }
}

function handle(world: World, item: Item & { type: 'deliver' | 'timer' | 'apply' }): void {
  if (item.type === 'apply') return onApply(world, item.to, item.pending)
  if (item.type === 'timer') {
    const lock = lockAt(world, item.to)
    if (lock !== undefined) {
      if (item.timer === 'expiry' && item.gen === lock.expiryGen) onExpiryTimer(world, item.to)
      if (item.timer === 'lock-delay' && item.gen === lock.lockDelayGen) {
        onLockDelayTimer(world, item.to)
      }
      return
    }
    const c = client(world, item.to)
    if (c === undefined) return
    if (item.timer !== 'expiry' && item.timer !== 'lock-delay') {
      onClientTimer(world, c, item.timer, item.gen)
    }
    return
  }
  const { message } = item
  world.inFlight--
  emit(world, {
    atMs: world.nowMs,
    node: message.to,
    type: 'MessageDelivered',
    msg: message.id,
    from: message.from,
    kind: message.kind,
    sentAtMs: message.sentAtMs,
  })
  if (lockAt(world, message.to) !== undefined) return handleLockMessage(world, message.to, message)
  const c = client(world, message.to)
  if (c !== undefined) return handleClientMessage(world, c, message)
  if (resource(world, message.to) !== undefined) {
    return handleResourceMessage(world, message.to, message)
  }
}
