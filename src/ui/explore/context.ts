/** The lab's explore store, reached from the lab's own (one per lab, made on first use). */
import { useStore } from 'zustand'
import { useLabStore } from '../../store'
import { spawnChaosWorker, spawnExplorerWorker } from '../../workers/spawn'
import type { ExploreEnv, ExploreState, ExploreStore } from './exploreStore'
import { exploreStoreFor } from './exploreStore'

const browserEnv = (): ExploreEnv => ({
  spawnExplorer: spawnExplorerWorker,
  spawnChaos: spawnChaosWorker,
  nowMs: () => performance.now(),
})

export function useExploreStore(): ExploreStore {
  return exploreStoreFor(useLabStore(), browserEnv)
}

export function useExplore<T>(selector: (state: ExploreState) => T): T {
  return useStore(useExploreStore(), selector)
}
