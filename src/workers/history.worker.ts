/**
 * Reads and judges a real history off the page's thread, so a large one never freezes the page
 * (src/history is the pure core; this is its worker shell). One job per worker: the page sends
 * the inputs, the worker answers with the outcome, or with what went wrong.
 */
import type { HistoryInput, JudgeOutcome } from '../history'
import { judgeHistory } from '../history'

export interface HistoryJob {
  inputs: HistoryInput[]
}

export type HistoryReply = { ok: true; outcome: JudgeOutcome } | { ok: false; message: string }

self.addEventListener('message', (event: MessageEvent<HistoryJob>) => {
  let reply: HistoryReply
  try {
    reply = { ok: true, outcome: judgeHistory(event.data.inputs) }
  } catch (problem) {
    reply = { ok: false, message: problem instanceof Error ? problem.message : String(problem) }
  }
  self.postMessage(reply)
})
