/**
 * Chaos mode's Web Worker. Start it with `spawnChaosWorker()` from spawn.ts and talk to it
 * through createChaosClient (src/explore/chaosClient.ts).
 */
import { createChaosHost } from '../explore/chaosHost'
import { serveJobs } from './serveJobs'

serveJobs(createChaosHost)
