/**
 * One store per lab, reached through React context (a page may hold several labs). `useLab`
 * subscribes a component to a slice of its lab's state; it throws outside a provider, where a
 * silent default store would hide a wiring bug.
 */
import { createContext, useContext, useMemo } from 'react'
import type { ReactNode } from 'react'
import { useStore } from 'zustand'
import type { LabState } from '../timeline'
import type { LabStore, LabStoreState } from './labStore'
import type { Moment } from './selectors'
import { stateAtMoment } from './selectors'

const LabContext = createContext<LabStore | null>(null)

export function LabProvider({ store, children }: { store: LabStore; children: ReactNode }) {
  return <LabContext.Provider value={store}>{children}</LabContext.Provider>
}

/** The lab's store itself, for event handlers that read fresh state with `getState()`. */
export function useLabStore(): LabStore {
  const store = useContext(LabContext)
  if (store === null) throw new Error('useLab must be used inside a <LabProvider>')
  return store
}

/** A slice of the lab's state; the component re-renders only when the slice changes. */
export function useLab<T>(selector: (state: LabStoreState) => T): T {
  return useStore(useLabStore(), selector)
}

/** The names of the lab's actions (the store's functions). */
export type LabAction = {
  [K in keyof LabStoreState]: LabStoreState[K] extends (...args: never[]) => unknown ? K : never
}[keyof LabStoreState]

/**
 * One of the lab's actions. An action is made once, with the store, and never changes, so this
 * subscribes to nothing: `useLab` with a selector of an action would run it at every change of the
 * store, which is every frame while the lab plays (the lab page had 96 subscriptions; 60 places
 * selected an action).
 */
export function useLabAction<K extends LabAction>(name: K): LabStoreState[K] {
  return useLabStore().getState()[name]
}

/**
 * The lab state after a moment (from `momentAtCursor` or `momentAtAction`), computed again only
 * when the moment changes: when the cursor crosses an event or the run changes.
 */
export function useStateAt(moment: Moment): LabState {
  const [lab, index] = moment
  return useMemo(() => stateAtMoment([lab, index]), [lab, index])
}
