/**
 * The lab's panels wait for its diagram when a run is heavy (a history's report is not even
 * mounted before, ui/Lab.tsx). A heavy run's diagram is laid out in slices (viz/useDiagramLayout), and
 * the panels' own work for the new run (the event log's rows, the report, the layout they cause)
 * ran between those slices, so the diagram the reader waits for came later by as much (about
 * 80 ms of a 100k-line history’s opening). Held, they keep showing what they showed, inert, until
 * the diagram has drawn the run and painted it; then they catch up at once. A light run is never
 * held: panels and diagram change in the same frame, as before.
 */
import type { Run } from '../sim'
import type { LabStore, LabStoreState } from '../store'
import type { DrawnSignal } from './drawnSignal'

/**
 * How long the parts wait at most: a diagram that never draws (it failed, or it has no width to
 * draw in) must not leave them stale. A 2M-event run's slices take seconds, not this.
 */
export const GIVE_UP_MS = 20_000

/**
 * Marks a heavy run as drawn when its diagram has not said so within `giveUpMs`. Returns the
 * function that stops watching.
 */
export function giveUpAfter(
  store: LabStore,
  signal: DrawnSignal,
  heavy: (run: Run) => boolean,
  giveUpMs = GIVE_UP_MS,
): () => void {
  let timer: { run: Run; handle: ReturnType<typeof setTimeout> } | null = null
  const watch = () => {
    const run = store.getState().lab.run
    if (timer?.run === run) return
    if (timer !== null) clearTimeout(timer.handle)
    timer = null
    if (!heavy(run) || signal.run() === run) return
    timer = { run, handle: setTimeout(() => ((timer = null), signal.mark(run)), giveUpMs) }
  }
  const stop = store.subscribe(watch)
  watch()
  return () => {
    stop()
    if (timer !== null) clearTimeout(timer.handle)
  }
}

/**
 * Calls `listener` on every change of the store and every run the diagram says it has drawn: what
 * a hold must hear, as its view (`heldStore`) and whether it holds. Returns the function that stops.
 */
export function onChangeOrDrawn(
  store: LabStore,
  drawn: DrawnSignal,
  listener: () => void,
): () => void {
  const fromStore = store.subscribe(listener)
  const fromDiagram = drawn.subscribe(listener)
  return () => {
    fromStore()
    fromDiagram()
  }
}

/** The lab's store as the held parts see it, and whether they are being held now. */
export interface HeldStore extends LabStore {
  holding: () => boolean
}

/**
 * A view of `store` that hands on every change, except a change to a heavy run its diagram has
 * not drawn yet: until `drawn` says it has, the view keeps the last state it handed on (later
 * changes wait with it; a diagram that never says so is given up on, giveUpAfter). Actions
 * and `setState` go to the store itself.
 */
export function heldStore(
  store: LabStore,
  drawn: DrawnSignal,
  isHeavy: (run: Run) => boolean,
): HeldStore {
  let shown: LabStoreState = store.getState()
  const listeners = new Set<(state: LabStoreState, previous: LabStoreState) => void>()
  const waiting = (state: LabStoreState) => {
    const run = state.lab.run
    return run !== shown.lab.run && isHeavy(run) && drawn.run() !== run
  }
  const catchUp = () => {
    const state = store.getState()
    if (state !== shown && !waiting(state)) shown = state
  }
  const update = () => {
    const previous = shown
    catchUp()
    if (shown === previous) return
    for (const listener of listeners) listener(shown, previous)
  }
  // Made here, not in `subscribe`: a closure made there would keep the first listener, and what
  // it last saw (a run), after that listener has gone.
  const listen = () => onChangeOrDrawn(store, drawn, update)
  let stop: (() => void) | null = null
  return {
    // Nobody hears changes while nobody listens: the state is read through then.
    getState: () => {
      if (listeners.size === 0) catchUp()
      return shown
    },
    getInitialState: () => store.getInitialState(),
    setState: store.setState,
    subscribe: (listener) => {
      if (listeners.size === 0) {
        stop = listen()
        // Whatever changed while nobody listened.
        catchUp()
      }
      listeners.add(listener)
      return () => {
        listeners.delete(listener)
        if (listeners.size > 0) return
        stop?.()
        stop = null
      }
    },
    holding: () => waiting(store.getState()),
  }
}
