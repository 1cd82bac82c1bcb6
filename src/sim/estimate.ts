/**
 * How big a run will be, known before running it: a cheap upper bound on its trace length, read
 * from the scenario alone (its clients' scripts, renew periods, clocks, the lock service and the
 * faults). A page must know this before it commits a reader's tab to a run of two million events;
 * the lab, the embed and the command line compare it with the limits below.
 *
 * The bound counts, per script step, the most events that step can cause (its messages, the
 * service's answer, a lease's expiry) and, per renewing client, the renewals it can send while it
 * can hold the lease. It is an upper bound (tested against real runs of the presets and of random
 * scenarios) and close for the runs that are big, which are big because a client renews for a long
 * time or a script is long.
 */
import { DEFAULT_MAX_EVENTS } from './engine'
import type { ClientConfig, Scenario } from './scenario'
import { quorumSettings } from './scenario'

/** Runs up to this many events are computed within a frame or two on the page's own thread. */
export const FRAME_EVENT_BUDGET = 20_000

/**
 * Runs estimated above this many events are not started without the reader's say-so: the lab
 * asks first (and computes them in the background), the embed refuses, the command line needs
 * `--allow-large`. At about a kilobyte of derived state per event, 250,000 events is a quarter of
 * a gigabyte and a few seconds of work in a browser.
 */
export const PAGE_EVENT_BUDGET = 250_000

/** Most events one message step can cause on a one-node service (send, deliver, answer, reply,
 * queueing, the grant's expiry and the belief it ends). */
const EVENTS_PER_MESSAGE_STEP = 14
/** A work or sleep step: started, its timer, finished. */
const EVENTS_PER_TIMED_STEP = 3
/** A renew on a one-node service: sent, delivered, answered, the reply sent and delivered, and
 * what the client makes of it. */
const EVENTS_PER_RENEW = 8
/** Per message to one lock node of a service of several (send, deliver, answer, reply). */
const EVENTS_PER_NODE_MESSAGE = 7
/** A client's own start and end, a fault's own events, the run's end. */
const EVENTS_PER_CLIENT = 6
const EVENTS_PER_FAULT = 8
const EVENTS_PER_RUN = 4

export interface RunEstimate {
  /** At most this many events (capped at the engine's limit, which no run passes). */
  events: number
  /** True when the engine's limit would cut the run: its end would be unknown. */
  reachesLimit: boolean
}

/** An upper bound on the events of a run of this validated scenario. Pure and linear in its size. */
export function estimateRun(scenario: Scenario): RunEstimate {
  const quorum = quorumSettings(scenario.lockService)
  const lockNodes = quorum?.nodes ?? 1
  // A crash or restart of a node drops what was in flight to it: at most one message per client.
  let total = EVENTS_PER_RUN
  for (const fault of scenario.faults) {
    total += EVENTS_PER_FAULT + (fault.do === 'crash' ? scenario.clients.length * 2 : 0)
  }
  for (const client of scenario.clients) {
    total += EVENTS_PER_CLIENT + stepEvents(client, lockNodes, quorum?.retryCount ?? 0)
    total += renewEvents(scenario, client, lockNodes)
    if (total > DEFAULT_MAX_EVENTS) break
  }
  const events = Math.min(total, DEFAULT_MAX_EVENTS + 1)
  return { events, reachesLimit: total > DEFAULT_MAX_EVENTS }
}

function stepEvents(client: ClientConfig, lockNodes: number, retryCount: number): number {
  let events = 0
  for (const step of client.script) {
    switch (step.do) {
      case 'work':
      case 'sleep':
        events += EVENTS_PER_TIMED_STEP
        break
      case 'acquire':
        events +=
          lockNodes === 1
            ? EVENTS_PER_MESSAGE_STEP
            : (retryCount + 1) * (lockNodes * EVENTS_PER_NODE_MESSAGE + EVENTS_PER_MESSAGE_STEP)
        break
      case 'release':
        events += lockNodes * EVENTS_PER_NODE_MESSAGE + EVENTS_PER_MESSAGE_STEP
        break
      default:
        events += EVENTS_PER_MESSAGE_STEP
    }
  }
  return events
}

/** The renewals a client can send, each with the events it causes. */
function renewEvents(scenario: Scenario, client: ClientConfig, lockNodes: number): number {
  if (client.renewEveryMs === 0 || !client.script.some((s) => s.do === 'acquire')) return 0
  // Renew timers run on the client's clock: a fast clock renews more often in true time.
  const periodMs = Math.max(1, Math.ceil(client.renewEveryMs / client.clockRate - 1e-9))
  const renewals = Math.floor(holdMs(scenario, client) / periodMs) + 2
  const perRenew = lockNodes === 1 ? EVENTS_PER_RENEW : lockNodes * EVENTS_PER_NODE_MESSAGE + 4
  return renewals * perRenew
}

/**
 * Whether the script asks for the lock again while it holds it (an acquire with no release since
 * the last one): the lock service queues that acquire behind the client's own lease, so the
 * client can wait there, holding and renewing, until the run ends.
 */
function acquiresWhileHolding(client: ClientConfig): boolean {
  let holding = false
  for (const step of client.script) {
    if (step.do === 'acquire') {
      if (holding) return true
      holding = true
    } else if (step.do === 'release') holding = false
  }
  return false
}

/**
 * The longest a client can hold (and so renew) the lease. A client renews while it holds the
 * lease; it can hold it until the horizon when its script ends holding it, or when a message can
 * be lost (a drop, a partition, a crash) and leave it waiting for an answer. Otherwise it holds it
 * at most while its own steps run: their durations, a round trip per message, and every pause and
 * delay in the run (which can keep an answer from it).
 */
function holdMs(scenario: Scenario, client: ClientConfig): number {
  const horizonMs = Math.max(0, scenario.durationMs - client.startMs)
  const strands = scenario.faults.some(
    (f) => f.do === 'drop' || f.do === 'partition' || f.do === 'crash',
  )
  const lastAcquire = client.script.findLastIndex((s) => s.do === 'acquire')
  const releasedAfter = client.script.slice(lastAcquire + 1).some((s) => s.do === 'release')
  if (strands || !releasedAfter || acquiresWhileHolding(client)) return horizonMs
  const latency = scenario.network.latencyMs
  const maxLatencyMs = typeof latency === 'number' ? latency : latency[1]
  const applyMs = Math.max(0, ...scenario.resources.map((r) => r.checkToApplyMs))
  const roundTripMs = 2 * maxLatencyMs + applyMs + 1
  const quorum = quorumSettings(scenario.lockService)
  const voteMs = quorum === null ? 0 : quorum.nodeTimeoutMs + quorum.retryDelayMs
  let spanMs = 0
  for (const step of client.script) {
    spanMs +=
      step.do === 'work' || step.do === 'sleep'
        ? Math.ceil(step.ms / client.clockRate - 1e-9)
        : roundTripMs + voteMs
  }
  for (const fault of scenario.faults) {
    if (fault.do === 'pause' || fault.do === 'delay') spanMs += fault.ms
  }
  return Math.min(horizonMs, spanMs)
}
