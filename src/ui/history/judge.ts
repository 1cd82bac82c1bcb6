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
import type { HistoryProgress, HistoryReply } from '../../workers/history.worker'

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

/** The worker's reply, or a rejection when the worker could not start or run. */
function viaWorker(
  inputs: HistorySource[],
  onProgress: (done: number) => void,
): Promise<HistoryReply> {
  return new Promise((resolve, reject) => {
    const worker = spawnHistoryWorker()
    worker.addEventListener('message', (event: MessageEvent<HistoryReply | HistoryProgress>) => {
      if ('progress' in event.data) {
        onProgress(event.data.progress)
        return
      }
      worker.terminate()
      resolve(event.data)
    })
    worker.addEventListener('error', (event) => {
      worker.terminate()
      reject(new Error(event.message))
    })
    worker.postMessage({ inputs })
  })
}
