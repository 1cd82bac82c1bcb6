/** The lab's explore store, reached from the lab's explore slot (made on first use). */
import { useStore } from 'zustand'
import { useLabStore } from '../../store'
import { spawnChaosWorker, spawnExplorerWorker } from '../../workers/spawn'
import type { ExploreEnv, ExploreState, ExploreStore } from './exploreStore'
import { createExploreStore } from './exploreStore'
import { useExploreSlot } from './slot'

export function browserExploreEnv(): ExploreEnv {
  return {
    spawnExplorer: spawnExplorerWorker,
    spawnChaos: spawnChaosWorker,
    nowMs: () => performance.now(),
  }
}

export function useExploreStore(): ExploreStore {
  const lab = useLabStore()
  const slot = useExploreSlot()
  // Filled once per lab: a search outlives the panel that started it.
  slot.store ??= createExploreStore(lab, browserExploreEnv())
  return slot.store
}

export function useExplore<T>(selector: (state: ExploreState) => T): T {
  return useStore(useExploreStore(), selector)
}
