/**
 * The reader's interventions: each adds one fault (or a fencing edit) to the scenario as an
 * undoable edit, and the run is derived again. A fault is built once, at the time it acts: the
 * first whole millisecond after where the reader is (see interventions.ts).
 */
import type { Fault, NodeId } from '../sim'
import type { Edits, Fencing } from './edits'
import { describeFault } from './edits'
import { recorded } from './history'
import type { MessageAction } from './interventions'
import { faultTimeMs, messageFault } from './interventions'
import { momentAnnouncement } from './moment'
import { actionMsOf, stateAtAction } from './selectors'
import type { LabSlice } from './slice'

export interface InterventionSlice {
  pauseClient: (id: NodeId, ms: number) => void
  resumeClient: (id: NodeId) => void
  crashNode: (id: NodeId, restartAfterMs?: number) => void
  expireLease: () => void
  delayNext: (from: NodeId, to: NodeId, ms: number) => void
  dropNext: (from: NodeId, to: NodeId) => void
  actOnMessage: (msg: number, action: MessageAction) => void
  partition: (a: NodeId, b: NodeId, ms: number) => void
  clockJump: (node: NodeId, ms: number) => void
  setFencing: (resource: NodeId, fencing: Fencing) => void
  removeFault: (index: number) => void
}

export const createInterventionSlice: LabSlice<InterventionSlice> = (kit) => (set, get) => {
  /** When a fault made now acts. */
  const atMs = () => faultTimeMs(actionMsOf(get()))

  /** Records new edits as one undoable step (the cursor may move with them). */
  const edit = (edits: Edits, cursorMs?: number) => {
    const change = cursorMs === undefined ? { edits } : { edits, cursorMs }
    return kit.update(change, recorded(get()))
  }

  /** Adds a fault that acts after the cursor, moves the cursor onto it, and says what changed. */
  const intervene = (fault: Fault) => {
    if (!edit({ ...get().edits, faults: [...get().edits.faults, fault] }, fault.atMs)) return
    const { lab, cursorMs } = get()
    kit.announce(`${describeFault(fault, lab.scenario)}. ${momentAnnouncement(lab, cursorMs)}`)
  }

  return {
    pauseClient: (node, ms) => intervene({ atMs: atMs(), do: 'pause', node, ms }),
    resumeClient: (node) => {
      const paused = stateAtAction(get()).clients.find((c) => c.id === node)?.paused === true
      // Nothing to resume: the step still lands where a resume would have acted.
      if (paused) intervene({ atMs: atMs(), do: 'resume', node })
      else if (kit.update({ cursorMs: atMs() }, { playing: false })) {
        kit.announce(momentAnnouncement(get().lab, get().cursorMs))
      }
    },
    crashNode: (node, restartAfterMs) =>
      intervene(
        restartAfterMs === undefined
          ? { atMs: atMs(), do: 'crash', node }
          : { atMs: atMs(), do: 'crash', node, restartAfterMs },
      ),
    expireLease: () => intervene({ atMs: atMs(), do: 'expire-lease' }),
    delayNext: (from, to, ms) => intervene({ atMs: atMs(), do: 'delay', from, to, ms }),
    dropNext: (from, to) => intervene({ atMs: atMs(), do: 'drop', from, to }),
    partition: (a, b, ms) => intervene({ atMs: atMs(), do: 'partition', between: [a, b], ms }),
    clockJump: (node, ms) => intervene({ atMs: atMs(), do: 'clock-jump', node, ms }),
    actOnMessage: (msg, action) => {
      const { lab, edits } = get()
      const message = lab.spans.messages.find((m) => m.msg === msg)
      if (message === undefined) return
      const result = messageFault(message, action, lab.spans.messages)
      if ('reason' in result) {
        set({ notice: `That message cannot be changed: ${result.reason}.` })
        return
      }
      // The fault acts at the message's send time, before the cursor: the cursor stays.
      if (edit({ ...edits, faults: [...edits.faults, result.fault] })) {
        set({ selectedMsg: null })
        kit.announce(`${describeFault(result.fault, get().lab.scenario)}.`)
      }
    },
    setFencing: (resource, fencing) => {
      const { edits } = get()
      if (edit({ ...edits, fencing: { ...edits.fencing, [resource]: fencing } })) {
        kit.announce(`${resource} now uses fencing “${fencing}”; the whole run is recomputed.`)
      }
    },
    removeFault: (index) => {
      const { edits, lab } = get()
      const fault = edits.faults[index]
      if (fault === undefined) return
      if (edit({ ...edits, faults: edits.faults.filter((_, i) => i !== index) })) {
        kit.announce(`Removed: ${describeFault(fault, lab.scenario)}.`)
      }
    },
  }
}
