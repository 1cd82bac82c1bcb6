/**
 * Starting the job workers (shell: the pure clients in src/explore take any port). This exact
 * `new Worker(new URL('./x.worker.ts', import.meta.url), { type: 'module' })` form is what Vite
 * recognises and bundles as a module worker. A Worker's message events carry `any` data; the
 * ports say what our workers post, hence the casts.
 */
import type { ChaosPort } from '../explore/chaosClient'
import type { RunPort } from '../explore/runJob'
import type { ExplorerPort } from '../explore/workerClient'

/** The explorer's worker, for `createExplorerClient`. */
export function spawnExplorerWorker(): ExplorerPort {
  return new Worker(new URL('./explorer.worker.ts', import.meta.url), {
    type: 'module',
    name: 'fencing-lab-explorer',
  }) as unknown as ExplorerPort
}

/** Chaos mode's worker, for `createChaosClient`. */
export function spawnChaosWorker(): ChaosPort {
  return new Worker(new URL('./chaos.worker.ts', import.meta.url), {
    type: 'module',
    name: 'fencing-lab-chaos',
  }) as unknown as ChaosPort
}

/** The worker that reads and judges a real history off the page's thread (ui/history/judge.ts). */
export function spawnHistoryWorker(): Worker {
  return new Worker(new URL('./history.worker.ts', import.meta.url), {
    type: 'module',
    name: 'fencing-lab-history',
  })
}

/** The lab's run worker, for `createRunClient`. */
export function spawnRunWorker(): RunPort {
  return new Worker(new URL('./run.worker.ts', import.meta.url), {
    type: 'module',
    name: 'fencing-lab-run',
  }) as unknown as RunPort
}
