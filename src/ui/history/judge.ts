/**
 * Judges a history off the page's thread (workers/history.worker.ts), so the page keeps answering
 * while a large one is read. Files go to the worker as they are; it reads them. Where no worker
 * can start (a test, a locked-down page), the files are read and the same pure judge runs here
 * instead: slower to answer, same outcome.
 */
import type { JudgeOutcome } from '../../history'
import type { HistorySource } from '../../workers/historySources'
import { readSources, UNREADABLE } from '../../workers/historySources'
import { spawnHistoryWorker } from '../../workers/spawn'
import type { HistoryMessage, HistoryReply } from '../../workers/historyReply'
import { HISTORY_REPLY_PARTS } from '../../workers/historyReply'
import { PartGatherer } from '../../explore/resultParts'

/**
 * A worker started while the reader is still choosing a history (the file dialog is open, files
 * are being dragged over the lab), taken by the next history opened. Starting the worker (its
 * script fetched, compiled and run) took 45–90 ms of a 100k-line history's opening, on the
 * critical path; the reader's own choosing hides it. Let go when not taken for a while.
 */
let spare: { worker: Worker; failed: boolean; timer: ReturnType<typeof setTimeout> } | null = null

/** How long a started worker waits to be taken before it is let go. */
export const SPARE_WORKER_MS = 60_000

/**
 * Starts the history worker ahead of a history the reader is about to open (at most one waits;
 * asking again keeps it longer). Does nothing where workers cannot start.
 */
export function warmHistoryWorker(): void {
  if (typeof Worker !== 'function') return
  if (spare !== null) {
    clearTimeout(spare.timer)
    spare.timer = setTimeout(letSpareGo, SPARE_WORKER_MS)
    return
  }
  let worker: Worker
  try {
    worker = spawnHistoryWorker()
  } catch {
    return
  }
  const waiting = { worker, failed: false, timer: setTimeout(letSpareGo, SPARE_WORKER_MS) }
  // An error before it is taken would reach no job's listener: such a worker is not taken.
  worker.addEventListener('error', () => (waiting.failed = true), { once: true })
  spare = waiting
}

function letSpareGo(): void {
  spare?.worker.terminate()
  spare = null
}

/** The waiting worker if there is a sound one, else a new one. */
function takeWorker(): Worker {
  const waiting = spare
  spare = null
  if (waiting !== null) {
    clearTimeout(waiting.timer)
    if (!waiting.failed) return waiting.worker
    waiting.worker.terminate()
  }
  return spawnHistoryWorker()
}

/** `onProgress` hears how much of the judging is done (0 to 1) while the worker reads. */
export async function judgeOffThread(
  inputs: HistorySource[],
  onProgress: (done: number) => void = () => {},
): Promise<JudgeOutcome> {
  if (typeof Worker === 'function') {
    const reply = await viaWorker(inputs, onProgress).catch(() => null)
    if (reply !== null) {
      if (reply.ok) return reply.outcome
      throw new Error(reply.message)
    }
  }
  const read = await readSources(inputs)
  if (read === null) return { ok: false, message: UNREADABLE, errors: [] }
  const { judgeHistory } = await import('../../history')
  return judgeHistory(read)
}

/**
 * The worker's reply, with its parts put back in place, or a rejection when the worker could not
 * start or run.
 */
function viaWorker(
  inputs: HistorySource[],
  onProgress: (done: number) => void,
): Promise<HistoryReply> {
  return new Promise((resolve, reject) => {
    const worker = takeWorker()
    const parts = new PartGatherer(HISTORY_REPLY_PARTS)
    worker.addEventListener('message', (event: MessageEvent<HistoryMessage>) => {
      const message = event.data
      if ('progress' in message) {
        onProgress(message.progress)
        return
      }
      if ('part' in message) {
        parts.add(message.part)
        return
      }
      worker.terminate()
      try {
        // A run's events may come before the judge fails: a failure has nowhere to put them.
        resolve(message.ok && message.outcome.ok ? parts.complete(message) : message)
      } catch (error) {
        // Parts that fit nowhere: judged on the page instead (judgeOffThread), never left hanging.
        reject(error instanceof Error ? error : new Error(String(error)))
      }
    })
    worker.addEventListener('error', (event) => {
      worker.terminate()
      reject(new Error(event.message))
    })
    worker.postMessage({ inputs })
  })
}
