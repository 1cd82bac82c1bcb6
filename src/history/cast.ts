/**
 * Who is who in a history: clients are the events' subjects, resources are named as such, and
 * anyone else (a lock service's node, a Redis, an etcd member) is the lock service. Each gets a
 * node id that follows the scenario format's id rule.
 */
import type { NodeId } from '../sim'
import { LOCK_NODE } from '../sim'
import type { HistoryEvent } from './format'
import { HistoryError } from './historyError'

const MAX_CLIENTS = 64
const MAX_RESOURCES = 16

/** Node ids follow the scenario format's id rule; other names are made to fit, once each. */
export class Names {
  private readonly ids = new Map<string, NodeId>()
  private readonly used = new Set<NodeId>([LOCK_NODE])
  readonly renamed: Array<[string, NodeId]> = []
  id(name: string): NodeId {
    const known = this.ids.get(name)
    if (known !== undefined) return known
    let base = name.replace(/[^A-Za-z0-9_-]+/g, '-').replace(/^[^A-Za-z]+/, '')
    if (base === '') base = 'n'
    base = base.slice(0, 28)
    let id = base
    for (let n = 2; this.used.has(id); n++) id = `${base}-${n}`
    this.used.add(id)
    this.ids.set(name, id)
    if (id !== name) this.renamed.push([name, id])
    return id
  }
}

export interface Cast {
  names: Names
  /** The history's own names, in the order first seen. */
  clients: Set<string>
  resources: Set<string>
  /** The node an actor's events stand on. */
  nodeOf: (actor: string) => NodeId
  /** Whether an event is the lock service's own record. */
  isLockSide: (e: HistoryEvent) => boolean
}

/** The cast of `order` (events in time order); a history with more than the lab draws is refused. */
export function castOf(order: readonly HistoryEvent[]): Cast {
  const names = new Names()
  const clients = new Set<string>()
  const resources = new Set<string>()
  for (const e of order) {
    if (e.resource !== null) resources.add(e.resource)
  }
  const addClient = (c: string) => {
    if (!resources.has(c) && c !== LOCK_NODE) clients.add(c)
  }
  for (const e of order) {
    addClient(e.client)
    addClient(e.by)
  }
  if (clients.size > MAX_CLIENTS) {
    throw new HistoryError(
      `the history names ${clients.size} clients; the lab draws at most ${MAX_CLIENTS}`,
    )
  }
  if (resources.size > MAX_RESOURCES) {
    throw new HistoryError(
      `the history names ${resources.size} resources; the lab draws at most ${MAX_RESOURCES}`,
    )
  }
  // Clients first, then resources: a name's id (and a clash's suffix) never depends on later use.
  for (const c of clients) names.id(c)
  for (const r of resources) names.id(r)
  const nodeOf = (actor: string): NodeId =>
    clients.has(actor) || resources.has(actor) ? names.id(actor) : LOCK_NODE
  return { names, clients, resources, nodeOf, isLockSide: (e) => nodeOf(e.actor) === LOCK_NODE }
}
