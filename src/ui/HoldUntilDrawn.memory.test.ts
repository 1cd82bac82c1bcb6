// @vitest-environment jsdom
/**
 * The panels' wait for a heavy run's diagram (HoldUntilDrawn.tsx, holdUntilDrawn.ts) keeps no run
 * alive once the panels have let go of it, as the pages render it: on preact/compat. The held
 * store once kept the closure that stopped its first subscription, and with it that first
 * listener and the run it had last seen (this test failed then). The e2e heap check of a heavy
 * run's edits (e2e/bigruns.spec.ts) covers the page as a whole.
 */
import { setFlagsFromString } from 'node:v8'
import { runInNewContext } from 'node:vm'
import type { ComponentChild } from 'preact'
import { createElement, render, useState, useSyncExternalStore } from 'preact/compat'
import type { ComponentType } from 'react'
import { act } from 'preact/test-utils'
import { describe, expect, it, vi } from 'vitest'
import type { Run } from '../sim'
import type { LabStore } from '../store'
import { createLabStore, LabProvider, useLabStore } from '../store'
import type { DrawnSignal } from './drawnSignal'
import { DrawnProvider, useDrawnSignal } from './drawnSignal'
import { heldUntilDrawn } from './HoldUntilDrawn'
import { SLICED_EVENTS } from '../viz/useDiagramLayout'

// As in the pages' build: `react` is preact/compat with the pages' fixes, and so is JSX.
vi.mock('react', async () => await import('../../scripts/preact/react.js'))
vi.mock('react/jsx-runtime', async () => await import('preact/compat/jsx-runtime'))
vi.mock('react/jsx-dev-runtime', async () => await import('preact/compat/jsx-dev-runtime'))

/** Keeps the run it was first shown, as a panel's state does (usePanelMoment). */
function Keeper() {
  // The store as the part sees it (held), watched as a panel's useLab does (zustand's own hook
  // is React's in this test: its package is not mocked).
  const store = useLabStore()
  const run = useSyncExternalStore(store.subscribe, () => store.getState().lab.run)
  const [kept] = useState(run)
  return createElement('p', {}, String(kept.events.length))
}

/** preact's createElement, for the lab's components (typed for React). */
const h = createElement as unknown as (
  type: unknown,
  props: object,
  ...children: ComponentChild[]
) => ComponentChild

let showKeeper: (shown: boolean) => void = () => {}

/** A part that later unmounts its keeper (the panels' tabs do as the reader switches). */
function Part() {
  const [shown, setShown] = useState(true)
  showKeeper = setShown
  return shown ? createElement(Keeper, {}) : null
}

let signal: DrawnSignal | null = null

function Signal() {
  signal = useDrawnSignal()
  return null
}

/** A run of `events` events, new each time (only its identity and length matter to the wait). */
function runOf(like: Run, events: number): Run {
  return { ...like, events: Array.from({ length: events }) }
}

function showRun(store: LabStore, run: Run) {
  void act(() => {
    store.setState({ lab: { ...store.getState().lab, run } })
  })
}

describe('HoldUntilDrawn on preact/compat', () => {
  it('keeps no run alive that its part has let go of', async () => {
    setFlagsFromString('--expose-gc')
    const gc = runInNewContext('gc') as () => void
    const store = createLabStore()
    const Held = heldUntilDrawn(Part as unknown as ComponentType<object>)
    const preset = store.getState().lab.run
    showRun(store, runOf(preset, 10))
    const first = new WeakRef(store.getState().lab.run)
    const host = document.createElement('div')
    document.body.append(host)
    void act(() => {
      render(h(LabProvider, { store }, h(DrawnProvider, {}, h(Signal, {}), h(Held, {}))), host)
    })
    expect(host.textContent).toBe('10')
    // A heavy run: the part waits (and the hold renders again), until the diagram has drawn it.
    const heavy = runOf(preset, SLICED_EVENTS + 1)
    showRun(store, heavy)
    expect(host.querySelector('.fl-held')?.getAttribute('aria-busy')).toBe('true')
    void act(() => signal?.mark(heavy))
    expect(host.querySelector('.fl-held')?.hasAttribute('aria-busy')).toBe(false)
    // The part lets go of the keeper that held the first run.
    void act(() => showKeeper(false))
    expect(host.textContent).toBe('')
    // A WeakRef is cleared only after the job that last read it: collect on later tasks.
    for (let i = 0; i < 2; i++) {
      await new Promise((resolve) => setTimeout(resolve, 0))
      gc()
    }
    expect(first.deref()).toBeUndefined()
    void act(() => {
      render(null, host)
    })
    host.remove()
  })
})
