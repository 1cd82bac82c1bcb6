/**
 * The lab's run worker: computes a run too heavy for a frame off the page's thread. Start it with
 * `spawnRunWorker()` from spawn.ts and talk to it through createRunClient (src/explore/runJob.ts).
 */
import { createRunHost } from '../explore/runJob'
import { serveJobs } from './serveJobs'

serveJobs(createRunHost)
