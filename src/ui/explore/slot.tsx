/**
 * Where a lab keeps its explorer's store: a slot made with the lab (one per lab instance, never
 * module-level) and filled when the explorer panel first loads, so the lab's first load does not
 * carry the explorer. The lab page provides it around the lab; the panel reaches it through
 * context like the lab's own store.
 */
import { createContext, useContext } from 'react'
import type { ReactNode } from 'react'
import type { ExploreStore } from './exploreStore'

export interface ExploreSlot {
  store: ExploreStore | null
}

export function createExploreSlot(): ExploreSlot {
  return { store: null }
}

const ExploreSlotContext = createContext<ExploreSlot | null>(null)

export function ExploreSlotProvider({
  slot,
  children,
}: {
  slot: ExploreSlot
  children: ReactNode
}) {
  return <ExploreSlotContext.Provider value={slot}>{children}</ExploreSlotContext.Provider>
}

/** The lab's explore slot; throws outside a provider, where a silent default would hide a bug. */
export function useExploreSlot(): ExploreSlot {
  const slot = useContext(ExploreSlotContext)
  if (slot === null) throw new Error('the explorer must be inside an <ExploreSlotProvider>')
  return slot
}
