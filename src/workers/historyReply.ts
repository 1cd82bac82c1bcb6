/**
 * What the history worker (history.worker.ts) and the page say to each other. A large history's
 * judgement crosses in parts: a 100k-line history is about 140k events, and decoding them in the
 * one message that carries the judgement held the page for a quarter of a second. Its events go
 * a few thousand at a time instead (src/explore/resultParts.ts), each part a short task on the
 * page, decoded while the worker is still encoding the next, and the rest of the reply last.
 */
import type { JudgeOutcome } from '../history'
import type { PartPlan, ResultPart } from '../explore/resultParts'
import type { HistorySource } from './historySources'

export interface HistoryJob {
  inputs: HistorySource[]
}

/** The worker's last message: the outcome (its long arrays emptied if parts came first). */
export type HistoryReply = { ok: true; outcome: JudgeOutcome } | { ok: false; message: string }

/** How far the judge has got (0 to 1): sent before the reply. */
export interface HistoryProgress {
  progress: number
}

/** One part of the reply's long arrays (HISTORY_REPLY_PARTS), sent before the reply. */
export interface HistoryPart {
  part: ResultPart
}

export type HistoryMessage = HistoryReply | HistoryProgress | HistoryPart

/**
 * The reply's long arrays, each reachable by one path only. Events as the run worker sends them
 * (RUN_RESULT_PARTS); a history's line numbers and references are plain values, cheap to decode.
 */
export const HISTORY_REPLY_PARTS: PartPlan = {
  paths: [
    { path: ['outcome', 'judgement', 'run', 'events'], itemsPerPart: 4_000 },
    { path: ['outcome', 'judgement', 'lineOf'], itemsPerPart: 100_000 },
    { path: ['outcome', 'judgement', 'refOf'], itemsPerPart: 25_000 },
  ],
}
