/**
 * The reader breaks things, at the cursor: every control here adds a fault (or a fencing edit) to
 * the scenario; the run is recomputed and the changed future appears. The list of faults shows
 * what is in the scenario now, each removable; undo and redo walk the edits.
 */
import { useId, useMemo, useState } from 'react'
import type { NodeId } from '../sim'
import { formatDurationMs, formatMs, LOCK_NODE, messageLabel } from '../sim'
import type { Fencing } from '../store'
import {
  actionMsOf,
  describeFault,
  faultTimeMs,
  FENCING_MODES,
  momentAtAction,
  nodeName,
  useLab,
  useLabAction,
  useStateAt,
} from '../store'
import { useShallow } from 'zustand/react/shallow'
import { CloseIcon, RedoIcon, UndoIcon } from './icons'
import { Segmented } from './Segmented'

const PAUSE_CHOICES = [500, 1000, 2000, 5000, 10_000, 15_000, 30_000]
const DELAY_CHOICES = [100, 500, 1000, 2000, 5000, 10_000]
const RESTART_CHOICES = [0, 500, 1000, 2000, 5000, 10_000]
const PARTITION_CHOICES = [1000, 2000, 5000, 10_000, 30_000]
const JUMP_CHOICES = [-10_000, -5000, -1000, 1000, 5000, 10_000]

export function BreakPanel() {
  const atMs = faultTimeMs(useLab(actionMsOf))
  const isHistory = useLab((s) => s.base.kind === 'history')
  if (isHistory) {
    return (
      <p className="fl-break-intro">
        A real history cannot be re-run: open a scenario to break things.
      </p>
    )
  }
  return (
    <div className="fl-break">
      <p className="fl-break-intro">
        Changes act at <strong>{formatMs(atMs)}</strong>, just after the cursor: everything up to
        the cursor stays as it was, and the future is recomputed.
      </p>
      <SelectedMessage />
      <div className="fl-break-grid">
        <ClientActions />
        <LockActions />
        <NetworkActions />
        <ClockActions />
        <FencingActions />
      </div>
      <FaultList />
    </div>
  )
}

/** The state the panel's actions act on: where the reader is (the end of a step in progress). */
function useStateAtAction() {
  return useStateAt(useLab(useShallow(momentAtAction)))
}

function DurationSelect({
  label,
  value,
  choices,
  onChange,
  zeroLabel,
  signed = false,
}: {
  label: string
  value: number
  choices: readonly number[]
  onChange: (ms: number) => void
  zeroLabel?: string
  signed?: boolean
}) {
  const id = useId()
  return (
    <span className="fl-field">
      <label htmlFor={id}>{label}</label>
      <select id={id} value={value} onChange={(e) => onChange(Number(e.currentTarget.value))}>
        {choices.map((ms) => (
          <option key={ms} value={ms}>
            {ms === 0 && zeroLabel !== undefined
              ? zeroLabel
              : `${signed && ms > 0 ? '+' : signed && ms < 0 ? '−' : ''}${formatDurationMs(Math.abs(ms))}`}
          </option>
        ))}
      </select>
    </span>
  )
}

function NodeSelect({
  label,
  value,
  nodes,
  onChange,
}: {
  label: string
  value: NodeId
  nodes: readonly NodeId[]
  onChange: (node: NodeId) => void
}) {
  const id = useId()
  return (
    <span className="fl-field">
      <label htmlFor={id}>{label}</label>
      <select id={id} value={value} onChange={(e) => onChange(e.currentTarget.value)}>
        {nodes.map((n) => (
          <option key={n} value={n}>
            {n}
          </option>
        ))}
      </select>
    </span>
  )
}

function useNodes() {
  const scenario = useLab((s) => s.lab.scenario)
  return useMemo(() => {
    const clients = scenario.clients.map((c) => c.id)
    const resources = scenario.resources.map((r) => r.id)
    return { clients, resources, all: [...clients, LOCK_NODE, ...resources], scenario }
  }, [scenario])
}

function ClientActions() {
  const state = useStateAtAction()
  const pauseClient = useLabAction('pauseClient')
  const resumeClient = useLabAction('resumeClient')
  const [pauseMs, setPauseMs] = useState(5000)
  return (
    <section className="fl-break-card" aria-label="Clients">
      <h3>Pause a client</h3>
      <p className="fl-hint">
        A stop-the-world pause (GC, VM migration): it does nothing, and cannot notice time passing.
      </p>
      <DurationSelect
        label="Pause for"
        value={pauseMs}
        choices={PAUSE_CHOICES}
        onChange={setPauseMs}
      />
      <div className="fl-button-row">
        {state.clients.map((c) =>
          c.paused ? (
            <button
              key={c.id}
              type="button"
              className="fl-button fl-button--primary"
              onClick={() => resumeClient(c.id)}
            >
              Resume client {c.id}
            </button>
          ) : (
            <button
              key={c.id}
              type="button"
              className="fl-button"
              disabled={c.crashed}
              onClick={() => pauseClient(c.id, pauseMs)}
            >
              Pause client {c.id}
            </button>
          ),
        )}
      </div>
    </section>
  )
}

function LockActions() {
  const state = useStateAtAction()
  const { all, scenario } = useNodes()
  const expireLease = useLabAction('expireLease')
  const crashNode = useLabAction('crashNode')
  const [node, setNode] = useState<NodeId>(LOCK_NODE)
  const [restartMs, setRestartMs] = useState(1000)
  const target = all.includes(node) ? node : LOCK_NODE
  const holder = state.lock.holderIdentity
  return (
    <section className="fl-break-card" aria-label="Lease and crashes">
      <h3>Expire or crash</h3>
      <div className="fl-button-row">
        <button
          type="button"
          className="fl-button"
          disabled={holder === null || state.lock.down}
          onClick={expireLease}
        >
          Expire lease
        </button>
        <span className="fl-hint">
          {holder === null ? 'Nobody holds the lease now.' : `Ends ${holder}’s lease now.`}
        </span>
      </div>
      <div className="fl-field-row">
        <NodeSelect label="Node" value={target} nodes={all} onChange={setNode} />
        <DurationSelect
          label="Restart after"
          value={restartMs}
          choices={RESTART_CHOICES}
          zeroLabel="never"
          onChange={setRestartMs}
        />
      </div>
      <button
        type="button"
        className="fl-button"
        onClick={() => crashNode(target, restartMs === 0 ? undefined : restartMs)}
      >
        Crash {nodeName(scenario, target)}
      </button>
    </section>
  )
}

function NetworkActions() {
  const { all } = useNodes()
  const delayNext = useLabAction('delayNext')
  const dropNext = useLabAction('dropNext')
  const partition = useLabAction('partition')
  const [from, setFrom] = useState<NodeId>(all[0] ?? 'A')
  const [to, setTo] = useState<NodeId>(LOCK_NODE)
  const [delayMs, setDelayMs] = useState(2000)
  const [a, setA] = useState<NodeId>(all[0] ?? 'A')
  const [b, setB] = useState<NodeId>(LOCK_NODE)
  const [partitionMs, setPartitionMs] = useState(5000)
  const linkFrom = all.includes(from) ? from : (all[0] ?? LOCK_NODE)
  const linkTo = all.includes(to) ? to : LOCK_NODE
  const sameLink = linkFrom === linkTo
  const pa = all.includes(a) ? a : (all[0] ?? LOCK_NODE)
  const pb = all.includes(b) ? b : LOCK_NODE
  return (
    <section className="fl-break-card" aria-label="Network">
      <h3>Network</h3>
      <p className="fl-hint">The next message sent on a link, at or after the cursor.</p>
      <div className="fl-field-row">
        <NodeSelect label="From" value={linkFrom} nodes={all} onChange={setFrom} />
        <NodeSelect label="To" value={linkTo} nodes={all} onChange={setTo} />
        <DurationSelect
          label="Delay by"
          value={delayMs}
          choices={DELAY_CHOICES}
          onChange={setDelayMs}
        />
      </div>
      <div className="fl-button-row">
        <button
          type="button"
          className="fl-button"
          disabled={sameLink}
          onClick={() => delayNext(linkFrom, linkTo, delayMs)}
        >
          Delay next message
        </button>
        <button
          type="button"
          className="fl-button"
          disabled={sameLink}
          onClick={() => dropNext(linkFrom, linkTo)}
        >
          Drop next message
        </button>
      </div>
      <div className="fl-field-row">
        <NodeSelect label="Between" value={pa} nodes={all} onChange={setA} />
        <NodeSelect label="and" value={pb} nodes={all} onChange={setB} />
        <DurationSelect
          label="For"
          value={partitionMs}
          choices={PARTITION_CHOICES}
          onChange={setPartitionMs}
        />
      </div>
      <button
        type="button"
        className="fl-button"
        disabled={pa === pb}
        onClick={() => partition(pa, pb, partitionMs)}
      >
        Partition {pa} and {pb}
      </button>
    </section>
  )
}

function ClockActions() {
  const { all, scenario } = useNodes()
  const clockJump = useLabAction('clockJump')
  const [node, setNode] = useState<NodeId>(LOCK_NODE)
  const [jumpMs, setJumpMs] = useState(5000)
  const target = all.includes(node) ? node : LOCK_NODE
  return (
    <section className="fl-break-card" aria-label="Clocks">
      <h3>Clocks</h3>
      <p className="fl-hint">
        A jump on the lock service can expire a lease early; on a client it skews its deadline.
      </p>
      <div className="fl-field-row">
        <NodeSelect label="Node" value={target} nodes={all} onChange={setNode} />
        <DurationSelect
          label="Jump by"
          value={jumpMs}
          choices={JUMP_CHOICES}
          onChange={setJumpMs}
          signed
        />
      </div>
      <button type="button" className="fl-button" onClick={() => clockJump(target, jumpMs)}>
        Jump the clock of {nodeName(scenario, target)}
      </button>
    </section>
  )
}

const FENCING_LABELS: Record<Fencing, string> = {
  atomic: 'Atomic',
  'check-then-write': 'Check, then write',
  none: 'None',
}

function FencingActions() {
  const resources = useLab((s) => s.lab.scenario.resources)
  const setFencing = useLabAction('setFencing')
  const options = FENCING_MODES.map((value) => ({ value, label: FENCING_LABELS[value] }))
  return (
    <section className="fl-break-card" aria-label="Fencing">
      <h3>Fencing</h3>
      <p className="fl-hint">
        Atomic: the check and the write are one step. Check, then write: a gap lets writes
        interleave. None: every write lands. (This changes the whole run.)
      </p>
      {resources.map((r) => (
        <Segmented
          key={r.id}
          legend={`Fencing at ${r.id}`}
          options={options}
          value={r.fencing}
          onChange={(fencing) => setFencing(r.id, fencing)}
        />
      ))}
    </section>
  )
}

function SelectedMessage() {
  const selectedMsg = useLab((s) => s.selectedMsg)
  const messages = useLab((s) => s.lab.spans.messages)
  const selectMessage = useLabAction('selectMessage')
  const actOnMessage = useLabAction('actOnMessage')
  const [delayMs, setDelayMs] = useState(2000)
  const message = messages.find((m) => m.msg === selectedMsg)
  if (message === undefined) return null
  return (
    <section className="fl-break-card fl-selected-message" aria-label="Selected message">
      <header className="fl-card-header">
        <h3>
          Message: {messageLabel(message.kind, message.token, message.value)} · {message.from} →{' '}
          {message.to}
        </h3>
        <button
          type="button"
          className="fl-button fl-icon-button fl-button--quiet"
          aria-label="Close the selected message"
          onClick={() => selectMessage(null)}
        >
          <CloseIcon />
        </button>
      </header>
      <p className="fl-hint">
        Sent at {formatMs(message.sentAtMs)}
        {message.arriveAtMs === null ? '' : `, arrives at ${formatMs(message.arriveAtMs)}`}. The
        network can only act on a message as it is sent, so this change is made at its send time.
      </p>
      <div className="fl-field-row">
        <DurationSelect
          label="Delay by"
          value={delayMs}
          choices={DELAY_CHOICES}
          onChange={setDelayMs}
        />
        <button
          type="button"
          className="fl-button"
          onClick={() => actOnMessage(message.msg, { kind: 'delay', ms: delayMs })}
        >
          Delay this message
        </button>
        <button
          type="button"
          className="fl-button"
          onClick={() => actOnMessage(message.msg, { kind: 'drop' })}
        >
          Drop this message
        </button>
      </div>
    </section>
  )
}

function FaultList() {
  const faults = useLab((s) => s.edits.faults)
  const scenario = useLab((s) => s.lab.scenario)
  const edited = useLab((s) => s.edited)
  const canUndo = useLab((s) => s.undoStack.length > 0)
  const canRedo = useLab((s) => s.redoStack.length > 0)
  const undo = useLabAction('undo')
  const redo = useLabAction('redo')
  const removeFault = useLabAction('removeFault')
  const resetEdits = useLabAction('resetEdits')
  const headingId = useId()
  return (
    <section className="fl-fault-list" aria-labelledby={headingId}>
      <header className="fl-card-header">
        <h3 id={headingId}>Faults in this scenario</h3>
        <div className="fl-button-row">
          <button
            type="button"
            className="fl-button fl-button--quiet"
            disabled={!canUndo}
            onClick={undo}
            title="Undo (Ctrl+Z / ⌘Z)"
          >
            <UndoIcon /> Undo
          </button>
          <button
            type="button"
            className="fl-button fl-button--quiet"
            disabled={!canRedo}
            onClick={redo}
            title="Redo (Shift+Ctrl+Z / ⇧⌘Z)"
          >
            <RedoIcon /> Redo
          </button>
          <button
            type="button"
            className="fl-button fl-button--quiet"
            disabled={!edited}
            onClick={resetEdits}
          >
            Reset
          </button>
        </div>
      </header>
      {faults.length === 0 ? (
        <p className="fl-hint">No faults: nothing goes wrong unless you make it.</p>
      ) : (
        <ul className="fl-faults">
          {faults.map((f, i) => {
            const words = describeFault(f, scenario)
            return (
              <li key={`${i}-${words}`}>
                <span>{words}</span>
                <button
                  type="button"
                  className="fl-button fl-button--quiet fl-button--small"
                  aria-label={`Remove fault: ${words}`}
                  onClick={() => removeFault(i)}
                >
                  Remove
                </button>
              </li>
            )
          })}
        </ul>
      )}
    </section>
  )
}
