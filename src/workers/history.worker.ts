/**
 * Reads and judges a real history off the page's thread, so a large one never freezes the page
 * (src/history is the pure core; this is its worker shell). One job per worker: the page sends
 * the inputs, the worker answers with the outcome, or with what went wrong; while it works it
 * says how far it has got (`{ progress }`, at most every PROGRESS_STEP of the work). A large
 * outcome's long arrays go first, in parts (historyReply.ts).
 * Picked or dropped files come as the files themselves (historySources.ts): the worker reads them.
 */
import { judgeHistory } from '../history'
import type { Run } from '../sim'
import { takeParts } from '../explore/resultParts'
import type { HistoryJob, HistoryMessage, HistoryReply } from './historyReply'
import { HISTORY_REPLY_PARTS } from './historyReply'
import { readSources, UNREADABLE } from './historySources'

/** Progress is posted when it has grown by this much (a hundred messages would be noise). */
const PROGRESS_STEP = 0.02

self.addEventListener('message', (event: MessageEvent<HistoryJob>) => {
  void answer(event.data)
})

function post(message: HistoryMessage): void {
  self.postMessage(message)
}

async function answer(job: HistoryJob): Promise<void> {
  let reply: HistoryReply
  let told = 0
  const onProgress = (done: number) => {
    if (done - told < PROGRESS_STEP) return
    told = done
    post({ progress: done })
  }
  const inputs = await readSources(job.inputs)
  if (inputs === null) {
    reply = { ok: true, outcome: { ok: false, message: UNREADABLE, errors: [] } }
  } else {
    let eventsSent = false
    // The run's events go as soon as the run is made: the page decodes them while the run is
    // checked and explained, rather than all of it after.
    const onRun = (run: Readonly<Run>) => {
      // A stand-in for the reply, holding the run's events where the reply will: takeParts
      // empties the stand-in's array, never the run's (still to be checked).
      const early = { ok: true, outcome: { judgement: { run: { events: run.events } } } }
      const parts = takeParts(early, HISTORY_REPLY_PARTS)
      for (const part of parts) post({ part })
      eventsSent = parts.length > 0
    }
    try {
      const outcome = judgeHistory(inputs, onProgress, onRun)
      // Sent already: the reply leaves them out (the page puts them back).
      if (eventsSent && outcome.ok) outcome.judgement.run.events = []
      reply = { ok: true, outcome }
    } catch (problem) {
      reply = { ok: false, message: problem instanceof Error ? problem.message : String(problem) }
    }
  }
  for (const part of takeParts(reply, HISTORY_REPLY_PARTS)) post({ part })
  post(reply)
}
