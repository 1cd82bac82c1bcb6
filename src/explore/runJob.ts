/**
 * A lab run too heavy for a frame, as a chunked job (jobHost.ts) for a Web Worker: the engine
 * advances a slice of events at a time (about CHUNK_MS each), reporting how far it got, and hears
 * Cancel between slices; then the run is indexed (findings, timeline, spans, captions) in one
 * step and sent to the page, so the page's store gets exactly what it would have derived. Its
 * long arrays (events, spans, the timeline's stops and snapshots) cross in parts
 * (RUN_RESULT_PARTS), so no one message holds the page for long.
 *
 *   const client = createRunClient(spawnRunWorker())        // src/workers
 *   const job = client.start({ scenario }, (p) => show(p))  // p: phase, events, atMs, elapsedMs
 *   job.cancel()                                            // the worker stops within a slice
 *   const outcome = await job.outcome                       // done (with the LabRun), cancelled, failed
 */
import type { RunInProgress } from '../sim'
import { parseScenario, startRun } from '../sim'
import type { Job, JobClient, JobOutcome, JobPort } from './jobClient'
import { createJobClient } from './jobClient'
import type { HostEnvironment, JobHost, JobKind } from './jobHost'
import { createJobHost } from './jobHost'
import type { PartPlan } from './resultParts'
import type { LabRun } from './labRun'
import { indexRun } from './labRun'

export interface RunJobInput {
  /** A scenario (checked again here: what crosses to a worker is plain data). */
  scenario: unknown
}

export interface RunJobProgress {
  /** `running`: the engine is at `atMs` with `events` recorded; `indexing`: the run is done. */
  phase: 'running' | 'indexing' | 'done'
  events: number
  atMs: number
  elapsedMs: number
}

interface RunStep {
  phase: RunJobProgress['phase']
  events: number
  atMs: number
  lab: LabRun | null
}

export class RunInputError extends Error {}

function createRunStepper(input: RunJobInput): { step(units: number): RunStep } {
  const parsed = parseScenario(input.scenario)
  if (!parsed.ok) throw new RunInputError(`This scenario cannot be run: ${parsed.message}`)
  const inProgress: RunInProgress = startRun(parsed.scenario)
  let ended: ReturnType<RunInProgress['advance']> = null
  return {
    step(units) {
      if (ended === null) {
        ended = inProgress.advance(units)
        // The slice that ends the run reports it; indexing is the next step, so the page hears
        // "indexing" before the longest single step of the job starts.
        const phase = ended === null ? 'running' : 'indexing'
        return { phase, events: inProgress.eventCount, atMs: inProgress.atMs, lab: null }
      }
      // Snapshots made here: the page must never replay a run this long in one task.
      const lab = indexRun(ended, null, 'now')
      return { phase: 'done', events: ended.events.length, atMs: ended.endMs, lab }
    },
  }
}

/**
 * The LabRun's long arrays. About 16k events decode in 20–40 ms on this project's 2-core test
 * machine; a snapshot holds a whole lab state (every client and resource), so far fewer fit.
 * Arrays of objects go 4k at a time, though: decoding them is the page's biggest allocation, and
 * the collector does its marking in steps sized by what a task allocates. With the previous
 * 2M-event run still on the page (an edit), one 16k-event part took 483 ms, nearly all marking;
 * 4k-event parts took 92–137 ms over the same stretch (Chrome trace of the 2M-event link's edit).
 */
export const RUN_RESULT_PARTS: PartPlan = {
  paths: [
    { path: ['run', 'events'], itemsPerPart: 4_000 },
    { path: ['spans', 'messages'], itemsPerPart: 4_000 },
    { path: ['spans', 'leases'], itemsPerPart: 4_000 },
    { path: ['spans', 'beliefs'], itemsPerPart: 4_000 },
    { path: ['spans', 'decisions'], itemsPerPart: 4_000 },
    { path: ['spans', 'tokenSteps'], itemsPerPart: 8_000 },
    { path: ['spans', 'nodes'], itemsPerPart: 8_000 },
    { path: ['spans', 'faults'], itemsPerPart: 4_000 },
    { path: ['timeline', 'stopsMs'], itemsPerPart: 500_000 },
    { path: ['timeline', 'snapshots'], itemsPerPart: 250 },
  ],
}

const RUN_JOB: JobKind<RunJobInput, RunStep, RunJobProgress, LabRun> = {
  create: createRunStepper,
  resultOf: (step) => step.lab,
  timed: ({ phase, events, atMs }, elapsedMs) => ({ phase, events, atMs, elapsedMs }),
  firstChunk: 5_000,
  maxChunk: 2_000_000,
  InputError: RunInputError,
  failed: 'The run failed',
  parts: RUN_RESULT_PARTS,
}

export type RunHostEnvironment = HostEnvironment<RunJobProgress, LabRun>

export function createRunHost(env: RunHostEnvironment): JobHost<RunJobInput> {
  return createJobHost(RUN_JOB, env)
}

export type RunOutcome = JobOutcome<RunJobProgress, LabRun>
export type RunJob = Job<RunJobProgress, LabRun>
export type RunClient = JobClient<RunJobInput, RunJobProgress, LabRun>
export type RunPort = JobPort<RunJobInput, RunJobProgress, LabRun>

export function createRunClient(port: RunPort): RunClient {
  return createJobClient(
    port,
    { worker: 'The run worker', closed: 'The run worker was closed.' },
    RUN_RESULT_PARTS,
  )
}
