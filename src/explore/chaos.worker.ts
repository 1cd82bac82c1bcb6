/**
 * Chaos mode's Web Worker. Start it with `spawnChaosWorker()` from chaosClient.ts and talk to it
 * through that client.
 */
import { createChaosHost } from './chaosHost'
import { serveJobs } from './serveJobs.worker'

serveJobs(createChaosHost)
