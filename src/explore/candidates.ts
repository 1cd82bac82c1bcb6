/**
 * The candidate faults: a small, meaningful set derived from the scenario and its fault-free
 * (base) run, never from a grid over all times.
 *
 * Why these times. A fault at t acts before anything else due at t (docs/scenario-format.md), so the
 * interesting moments for a fault at node N are the moments N does something in the base run:
 * a client sends a request or receives a reply (its grant, a read reply, an ack), the lock
 * service handles a request or an expiry, a resource handles a read or a write. A fault at such a
 * moment lands "just before" that step. To those we add the lease edges E − 1 and E + 1 for every
 * lease end E in the base run (grant or renew `expiresAtMs`): just before and just after expiry.
 *
 * Why these durations. What a pause, a partition, a delay or a restart does depends on how it
 * compares to the lease, so durations are lease-relative: ½ lease, 1 lease, lease + a little
 * (two one-way latencies: long enough for the next holder's grant to arrive) and 1½ leases. Plus
 * durations anchored on base events: a client pause that ends 1 ms after a lease end, a delay
 * whose message arrives 1 ms after a lease end, and a restart 1 ms before the node's next event
 * (a crash that loses only the node's volatile state, not its next message). A crash with a
 * restart is also tried 1 ms after each of the node's moments: just after a grant or a write.
 *
 * Where each kind makes sense:
 * - pause, crash: every node, at its own moments;
 * - crash-restart: the lock service and resources (a crashed client does nothing after restart);
 * - delay, drop: each message of the base run, on its link, at its send time (a link fault acts
 *   on the next message sent at or after its time);
 * - partition: each pair of nodes that exchange messages, at their send times; healed after a
 *   lease-relative duration, or never;
 * - clock-jump: the lock service, and clients that read their clock (they renew or check their
 *   lease before writing); ±½ lease and ±1 lease;
 * - expire-lease: every moment of the base run and the lease edges.
 *
 * The set is sorted by time (then kind, node, duration) so schedules, built as increasing index
 * tuples, are in time order and the search order is deterministic.
 */
import type { Fault, NodeId, Run, Scenario } from '../sim'
import { lockNodeIds } from '../sim'
import type { BudgetFaultKind } from './types'

const KIND_ORDER: Record<Fault['do'], number> = {
  pause: 0,
  delay: 1,
  drop: 2,
  partition: 3,
  'clock-jump': 4,
  crash: 5,
  'expire-lease': 6,
  resume: 7,
}

export function deriveCandidates(
  scenario: Scenario,
  base: Run,
  kinds: ReadonlySet<BudgetFaultKind>,
): Fault[] {
  const leaseMs = scenario.lockService.leaseMs
  const latency = scenario.network.latencyMs
  const latencyMaxMs = typeof latency === 'number' ? latency : latency[1]
  const aLittleMs = Math.max(1, 2 * latencyMaxMs)
  const leaseDurations = unique([
    Math.ceil(leaseMs / 2),
    leaseMs,
    leaseMs + aLittleMs,
    Math.ceil((3 * leaseMs) / 2),
  ])

  // Moments per node, lease ends, messages and the pairs that talk.
  const moments = new Map<NodeId, Set<number>>()
  const at = (node: NodeId, t: number) => {
    let set = moments.get(node)
    if (set === undefined) moments.set(node, (set = new Set()))
    set.add(t)
  }
  const leaseEnds = new Set<number>()
  const sends: Array<{ from: NodeId; to: NodeId; atMs: number }> = []
  for (const e of base.events) {
    if (e.type === 'RunEnded') continue
    at(e.node, e.atMs)
    if ((e.type === 'LeaseGranted' && !e.reentrant) || e.type === 'LeaseRenewed') {
      leaseEnds.add(e.expiresAtMs)
    }
    if (e.type === 'MessageSent' && e.node !== e.to) {
      sends.push({ from: e.node, to: e.to, atMs: e.atMs })
    }
  }
  const edges = sortedNumbers(
    [...leaseEnds].flatMap((end) => [end - 1, end + 1]).filter((t) => t >= 0),
  )
  const sortedMoments = new Map<NodeId, number[]>()
  const momentsOf = (node: NodeId): number[] => {
    let sorted = sortedMoments.get(node)
    if (sorted === undefined)
      sortedMoments.set(node, (sorted = sortedNumbers(moments.get(node) ?? [])))
    return sorted
  }
  const allMoments = sortedNumbers([...[...moments.values()].flatMap((s) => [...s]), ...edges])
  /** The first base-run moment of `node` after t. */
  const nextMoment = (node: NodeId, t: number) => momentsOf(node).find((m) => m > t)

  const clients = scenario.clients.map((c) => c.id)
  const resources = scenario.resources.map((r) => r.id)
  // The lock service's nodes: "lock", or each node of a service of several.
  const locks = lockNodeIds(scenario)
  const allNodes = [...clients, ...locks, ...resources]
  const out: Fault[] = []

  if (kinds.has('pause')) {
    for (const node of allNodes) {
      const isClient = clients.includes(node)
      for (const t of momentsOf(node)) {
        // A client paused until just after a lease ended: it wakes into a world that moved on.
        const untilEdges = isClient
          ? [...leaseEnds].map((end) => end + 1 - t).filter((ms) => ms > 0)
          : []
        for (const ms of unique([...leaseDurations, ...untilEdges])) {
          out.push({ atMs: t, do: 'pause', node, ms })
        }
      }
    }
  }
  if (kinds.has('crash')) {
    for (const node of allNodes) {
      for (const t of momentsOf(node)) out.push({ atMs: t, do: 'crash', node })
    }
  }
  if (kinds.has('crash-restart')) {
    for (const node of [...locks, ...resources]) {
      // At its moments and 1 ms after them: a crash just after the node acted (a grant, a write).
      for (const t of sortedNumbers(momentsOf(node).flatMap((m) => [m, m + 1]))) {
        const next = nextMoment(node, t)
        const beforeNext = next !== undefined && next - t - 1 >= 1 ? [next - t - 1] : []
        for (const ms of unique([...beforeNext, ...leaseDurations])) {
          out.push({ atMs: t, do: 'crash', node, restartAfterMs: ms })
        }
      }
    }
  }
  if (kinds.has('delay') || kinds.has('drop')) {
    const seen = new Set<string>()
    for (const s of sends) {
      const key = `${s.from}>${s.to}@${s.atMs}`
      if (seen.has(key)) continue
      seen.add(key)
      if (kinds.has('drop')) out.push({ atMs: s.atMs, do: 'drop', from: s.from, to: s.to })
      if (kinds.has('delay')) {
        // Arrive 1 ms after a lease end: the message is now late.
        const arriveAfterEdge = [...leaseEnds]
          .map((end) => end + 1 - (s.atMs + latencyMaxMs))
          .filter((ms) => ms > 0)
        for (const ms of unique([...leaseDurations, ...arriveAfterEdge])) {
          out.push({ atMs: s.atMs, do: 'delay', from: s.from, to: s.to, ms })
        }
      }
    }
  }
  if (kinds.has('partition')) {
    const pairTimes = new Map<string, { a: NodeId; b: NodeId; times: Set<number> }>()
    for (const s of sends) {
      const [a, b] =
        allNodes.indexOf(s.from) < allNodes.indexOf(s.to) ? [s.from, s.to] : [s.to, s.from]
      const key = `${a}|${b}`
      let entry = pairTimes.get(key)
      if (entry === undefined) pairTimes.set(key, (entry = { a, b, times: new Set() }))
      entry.times.add(s.atMs)
    }
    for (const { a, b, times } of pairTimes.values()) {
      for (const t of sortedNumbers(times)) {
        for (const ms of leaseDurations) {
          out.push({ atMs: t, do: 'partition', between: [a, b], ms })
        }
        out.push({ atMs: t, do: 'partition', between: [a, b] })
      }
    }
  }
  if (kinds.has('clock-jump')) {
    const watchers = scenario.clients
      .filter((c) => c.renewEveryMs > 0 || c.checkLeaseBeforeWrite)
      .map((c) => c.id)
    const jumps = unique([-leaseMs, -Math.ceil(leaseMs / 2), Math.ceil(leaseMs / 2), leaseMs])
    for (const node of [...locks, ...watchers]) {
      for (const t of momentsOf(node)) {
        for (const ms of jumps) out.push({ atMs: t, do: 'clock-jump', node, ms })
      }
    }
  }
  if (kinds.has('expire-lease')) {
    for (const t of allMoments) out.push({ atMs: t, do: 'expire-lease' })
  }
  return sortFaults(dedupeFaults(out))
}

/** A fault's identity, for deduplication and for tests. */
export function faultKey(f: Fault): string {
  switch (f.do) {
    case 'pause':
      return `${f.atMs} pause ${f.node} ${f.ms}`
    case 'delay':
      return `${f.atMs} delay ${f.from}>${f.to} ${f.ms}`
    case 'drop':
      return `${f.atMs} drop ${f.from}>${f.to}`
    case 'partition':
      return `${f.atMs} partition ${f.between[0]}|${f.between[1]} ${f.ms ?? 'forever'}`
    case 'clock-jump':
      return `${f.atMs} clock-jump ${f.node} ${f.ms}`
    case 'crash':
      return `${f.atMs} crash ${f.node} ${f.restartAfterMs ?? 'forever'}`
    case 'expire-lease':
      return `${f.atMs} expire-lease`
    case 'resume':
      return `${f.atMs} resume ${f.node}`
  }
}

function dedupeFaults(faults: Fault[]): Fault[] {
  const seen = new Set<string>()
  return faults.filter((f) => {
    const key = faultKey(f)
    if (seen.has(key)) return false
    seen.add(key)
    return true
  })
}

function sortFaults(faults: Fault[]): Fault[] {
  return faults
    .map((fault) => ({ fault, key: faultKey(fault) }))
    .sort(
      (x, y) =>
        x.fault.atMs - y.fault.atMs ||
        KIND_ORDER[x.fault.do] - KIND_ORDER[y.fault.do] ||
        (x.key < y.key ? -1 : x.key > y.key ? 1 : 0),
    )
    .map((x) => x.fault)
}

function unique(values: number[]): number[] {
  return [...new Set(values)]
}

function sortedNumbers(values: Iterable<number>): number[] {
  return [...new Set(values)].sort((a, b) => a - b)
}
