/**
 * The explorer's Web Worker. Start it with `spawnExplorerWorker()` from workerClient.ts and talk
 * to it through that client.
 */
import { serveJobs } from './serveJobs.worker'
import { createExplorerHost } from './workerHost'

serveJobs(createExplorerHost)
