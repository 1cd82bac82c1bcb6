/** The lab's explore store, reached from the lab's own (one per lab, made on first use). */
import { useStore } from 'zustand'
import { spawnChaosWorker } from '../../explore/chaosClient'
import { spawnExplorerWorker } from '../../explore/workerClient'
import { useLabStore } from '../../store'
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
