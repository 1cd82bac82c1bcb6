/**
 * The explorer's Web Worker. Start it with `spawnExplorerWorker()` from spawn.ts and talk
 * to it through createExplorerClient (src/explore/workerClient.ts).
 */
import { createExplorerHost } from '../explore/workerHost'
import { serveJobs } from './serveJobs'

serveJobs(createExplorerHost)
