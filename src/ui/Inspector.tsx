/**
 * The state at the cursor (from the timeline's `stateAt`): the lock service's history as the
 * Kubernetes Lease client-go would leave, plus the current grant as a Chubby sequencer; each client with what it
 * believes next to the truth (a mismatch is loud); each resource with its value, highest token
 * and decisions. Re-renders only when the cursor crosses an event; a long run's, once the cursor
 * rests (panelMoment.ts).
 */
import { useRef } from 'react'
import { formatMs, LOCK_NODE, tokenText, valueWords } from '../sim'
import { useStateAt } from '../store'
import { usePanelMoment } from './panelMoment'
import type {
  ClientView,
  LabState,
  LeaseRecord,
  LockNodeView,
  ResourceView,
  Sequencer,
  WriteDecision,
} from '../timeline'

export function Inspector() {
  // Like the event log: a long run's inspector waits while the reader drags, and off the screen
  // while it plays (panelMoment.ts).
  const panel = useRef<HTMLDivElement>(null)
  const state = useStateAt(usePanelMoment(panel))
  return (
    <div className="fl-inspector" ref={panel}>
      <LockCard state={state} />
      <div className="fl-inspector-group">
        <h3 className="fl-group-title">Clients</h3>
        <div className="fl-cards">
          {state.clients.map((c) => (
            <ClientCard key={c.id} client={c} state={state} />
          ))}
        </div>
      </div>
      <div className="fl-inspector-group">
        <h3 className="fl-group-title">Resources</h3>
        <div className="fl-cards">
          {state.resources.map((r) => (
            <ResourceCard key={r.id} resource={r} />
          ))}
        </div>
      </div>
    </div>
  )
}

function timeOrNone(ms: number | null): string {
  return ms === null ? '—' : formatMs(ms)
}

/** A service of independent nodes (Redlock): the list says `nodes`, even with one. */
export function isMultiNode(state: LabState): boolean {
  return state.lockNodes.length !== 1 || state.lockNodes[0]?.id !== LOCK_NODE
}

function LockCard({ state }: { state: LabState }) {
  const { lock, sequencer } = state
  const multi = isMultiNode(state)
  return (
    <section className="fl-card fl-lock-card" aria-label="Lock service">
      <header className="fl-card-header">
        <h3 className="fl-card-title">
          Lock service
          {multi && (
            <span className="fl-card-title-note">
              {' '}
              · {state.lockNodes.length} independent nodes
            </span>
          )}
        </h3>
        {lock.down && <span className="fl-badge fl-badge--bad">down</span>}
        {lock.paused && <span className="fl-badge fl-badge--warn">paused</span>}
        {lock.clockOffsetMs !== 0 && (
          <span className="fl-badge">
            clock {lock.clockOffsetMs > 0 ? '+' : '−'}
            {formatMs(Math.abs(lock.clockOffsetMs))}
          </span>
        )}
      </header>
      <div className="fl-lock-grid">
        {multi ? <LockNodesView nodes={state.lockNodes} /> : <LeaseView lease={state.lease} />}
        <div>
          <p className="fl-card-kicker">Sequencer · like Chubby</p>
          <dl className="fl-kv fl-mono">
            <dt>lock</dt>
            <dd>{sequencer?.lock ?? '—'}</dd>
            <dt>mode</dt>
            <dd>{sequencer?.mode ?? '—'}</dd>
            <dt>generation</dt>
            <dd className="fl-token">{generationText(sequencer)}</dd>
          </dl>
          <p className="fl-card-note">
            {multi
              ? 'Each node keeps its own key, clock and memory, and none knows the others: a client holds the lock only while a quorum of them name it, with validity left.'
              : lock.expiresAtMs === null
                ? 'No lease is held.'
                : `The lease ends at ${formatMs(lock.expiresAtMs)} unless renewed.`}
            {lock.waiters.length > 0 && ` Waiting: ${lock.waiters.join(', ')}.`}
            {lock.lockDelayUntilMs !== null &&
              ` Lock-delay: no grant before ${formatMs(lock.lockDelayUntilMs)}.`}
          </p>
        </div>
      </div>
    </section>
  )
}

/** A generation exists only for monotonic tokens; random values and no token have none. */
export function generationText(sequencer: Sequencer | null): string {
  if (sequencer === null) return '—'
  if (sequencer.generation !== null) return String(sequencer.generation)
  return sequencer.noGeneration === 'random' ? 'none (random values)' : 'none (no token)'
}

/** Each node's own record at the cursor: the nodes of a Redlock service can disagree. */
export function LockNodesView({ nodes }: { nodes: readonly LockNodeView[] }) {
  const holders = new Set(nodes.map((n) => n.holder).filter((h) => h !== null))
  return (
    <div>
      <p className="fl-card-kicker">
        Each node’s key{holders.size > 1 && <strong className="fl-bad"> · nodes disagree</strong>}
      </p>
      <ul className="fl-lock-nodes" aria-label="Lock nodes">
        {nodes.map((n) => (
          <li key={n.id} className="fl-lock-node" aria-label={`Lock node ${n.id}`}>
            <span className="fl-mono fl-strong">{n.id}</span>
            <span className={n.holder === null ? 'fl-mono fl-muted' : 'fl-mono'} data-field="key">
              {n.holder === null ? 'no key' : `${n.holder} · ${tokenText(n.token)}`}
            </span>
            <NodeStatus node={n} />
            <span className="fl-lock-node-expiry" data-field="expiry">
              {nodeExpiryText(n)}
            </span>
          </li>
        ))}
      </ul>
    </div>
  )
}

/** The key's expiry as the node judges it (its own clock), and in true time when they differ. */
export function nodeExpiryText(n: LockNodeView): string {
  if (n.expiresAtMs === null || n.expiresAtNodeMs === null) return '—'
  const own = `until ${formatMs(n.expiresAtNodeMs)} by its clock`
  return n.expiresAtNodeMs === n.expiresAtMs ? own : `${own} (true ${formatMs(n.expiresAtMs)})`
}

function NodeStatus({ node }: { node: LockNodeView }) {
  const clock =
    node.clockOffsetMs === 0
      ? ''
      : ` · clock ${node.clockOffsetMs > 0 ? '+' : '−'}${formatMs(Math.abs(node.clockOffsetMs))}`
  if (node.down) {
    return <span className="fl-badge fl-badge--bad">crashed{clock}</span>
  }
  if (node.paused) return <span className="fl-badge fl-badge--warn">paused{clock}</span>
  if (node.forgot) {
    return <span className="fl-badge fl-badge--bad">restarted without keys{clock}</span>
  }
  return <span className={`fl-badge${clock === '' ? '' : ' fl-badge--warn'}`}>up{clock}</span>
}

/** The record as client-go leaves it in a coordination.k8s.io/v1 Lease (see LeaseRecord). */
export function LeaseView({ lease }: { lease: LeaseRecord }) {
  const rounded = lease.labLeaseMs % 1000 !== 0
  return (
    <div>
      <p className="fl-card-kicker">Lease record · as client-go writes it</p>
      {lease.exists ? (
        <dl className="fl-kv fl-mono" aria-label="Kubernetes Lease">
          <dt>holderIdentity</dt>
          <dd className={lease.holderIdentity === '' ? 'fl-muted' : 'fl-strong'}>
            {lease.holderIdentity === '' ? '"" (released)' : lease.holderIdentity}
          </dd>
          <dt>leaseDurationSeconds</dt>
          <dd>{lease.leaseDurationSeconds}</dd>
          <dt>acquireTime</dt>
          <dd>{timeOrNone(lease.acquireTimeMs)}</dd>
          <dt>renewTime</dt>
          <dd>{timeOrNone(lease.renewTimeMs)}</dd>
          <dt>leaseTransitions</dt>
          <dd>{lease.leaseTransitions}</dd>
        </dl>
      ) : (
        <p className="fl-card-note">No Lease yet.</p>
      )}
      <p className="fl-card-note">
        The API server never expires a Lease.
        {rounded &&
          ` In whole seconds: ${formatMs(lease.labLeaseMs)} is written as ${Math.floor(lease.labLeaseMs / 1000)}.`}
      </p>
    </div>
  )
}

function ClientCard({ client, state }: { client: ClientView; state: LabState }) {
  const holder = state.lock.holderIdentity
  const stale = client.believes && !client.holds
  const truth = client.holds
    ? `The lock service names ${client.id} as holder (token ${tokenText(state.lock.token)}).`
    : holder === null
      ? 'The lock service says nobody holds the lease.'
      : `The lock service gave the lease to ${holder} (token ${tokenText(state.lock.token)}).`
  const belief = client.believes
    ? `Believes it holds the lock with token ${tokenText(client.token)}${
        client.believedUntilMs === null
          ? ''
          : `, until ${formatMs(client.believedUntilMs)} by its clock`
      }.`
    : 'Does not believe it holds the lock.'
  return (
    <section
      className={`fl-card fl-client-card${stale ? ' fl-card--alarm' : ''}`}
      aria-label={`Client ${client.id}`}
    >
      <header className="fl-card-header">
        <h4 className="fl-card-title">Client {client.id}</h4>
        <span className="fl-badge">{client.activity}</span>
        {client.paused && (
          <span className="fl-badge fl-badge--warn">
            paused{client.pausedUntilMs === null ? '' : ` until ${formatMs(client.pausedUntilMs)}`}
          </span>
        )}
        {client.crashed && <span className="fl-badge fl-badge--bad">crashed</span>}
      </header>
      <dl className="fl-kv">
        <dt>Token it holds</dt>
        <dd className="fl-token fl-mono">{tokenText(client.token)}</dd>
        <dt>Belief</dt>
        <dd>{belief}</dd>
        <dt>Truth</dt>
        <dd>{truth}</dd>
        {client.clockOffsetMs !== 0 && (
          <>
            <dt>Clock</dt>
            <dd>
              {client.clockOffsetMs > 0 ? 'ahead by ' : 'behind by '}
              {formatMs(Math.abs(client.clockOffsetMs))}
            </dd>
          </>
        )}
      </dl>
      {stale && (
        <p className="fl-alarm" role="note">
          <span aria-hidden="true">⚠ </span>
          <strong>Stale belief:</strong> {client.id} still thinks it holds the lock, but{' '}
          {holder === null ? 'its lease is over' : `the lease now belongs to ${holder}`}. Only a
          fencing check at the resource can stop its writes.
        </p>
      )}
    </section>
  )
}

const FENCING_WORDS = {
  atomic: 'atomic token check',
  'check-then-write': 'check, then write (racy)',
  none: 'no fencing',
} as const

function ResourceCard({ resource }: { resource: ResourceView }) {
  return (
    <section className="fl-card fl-resource-card" aria-label={`Resource ${resource.id}`}>
      <header className="fl-card-header">
        <h4 className="fl-card-title">{resource.id}</h4>
        <span className={`fl-badge${resource.fencing === 'none' ? ' fl-badge--warn' : ''}`}>
          {FENCING_WORDS[resource.fencing]}
        </span>
        {resource.down && <span className="fl-badge fl-badge--bad">down</span>}
        {resource.paused && <span className="fl-badge fl-badge--warn">paused</span>}
      </header>
      <dl className="fl-kv">
        <dt>Value</dt>
        <dd className="fl-mono fl-strong">{valueWords(resource.value)}</dd>
        <dt>Highest token</dt>
        <dd className="fl-token fl-mono">
          {resource.highestToken === null ? '—' : resource.highestToken}
        </dd>
        <dt>Writes</dt>
        <dd>
          <span className="fl-ok">✓ {resource.accepted} accepted</span>
          {' · '}
          <span className={resource.rejected > 0 ? 'fl-bad' : ''}>
            ✗ {resource.rejected} rejected
          </span>
        </dd>
      </dl>
      {resource.lastDecision !== null && <Decision decision={resource.lastDecision} />}
    </section>
  )
}

const OUTCOME_WORDS: Record<WriteDecision['outcome'], string> = {
  accepted: 'accepted',
  applied: 'applied',
  checked: 'checked (apply pending)',
  duplicate: 'ignored as a repeat',
  rejected: 'rejected',
  discarded: 'discarded',
}

function Decision({ decision }: { decision: WriteDecision }) {
  const bad = decision.outcome === 'rejected' || decision.outcome === 'discarded'
  return (
    <p className={`fl-decision ${bad ? 'fl-decision--bad' : 'fl-decision--ok'}`}>
      <span aria-hidden="true">{bad ? '✗' : '✓'} </span>
      Last: {OUTCOME_WORDS[decision.outcome]} {decision.client}’s{' '}
      {decision.effect ? 'effect' : 'write'} {valueWords(decision.value)} with token{' '}
      {tokenText(decision.token)}
      {decision.reason === null ? '' : ` — ${decision.reason}`} at {formatMs(decision.atMs)}
    </p>
  )
}
