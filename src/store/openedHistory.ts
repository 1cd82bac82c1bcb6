/**
 * A real history opened in the lab: what was read (the files, their formats, the lines that could
 * not be read, the notes on what a history cannot tell) and its judgement, as the lab shows it.
 * It enters the store through one action (`openHistory`) as a base of its own: drawn like a run,
 * never re-run, and not editable — interventions change a simulation, not what happened.
 */
import type { Judgement } from '../history'
import { buildTimeline, deriveSpans } from '../timeline'
import type { LabRun } from './derive'

export interface OpenedHistory {
  /** The names of what was opened (file names, `pasted text`, an example's name), in order. */
  names: readonly string[]
  /** The history read, turned into a run and judged (src/history/judge.ts). */
  judgement: Judgement
}

/** Why a history cannot be changed, in one sentence (the notice an intervention gets). */
export const HISTORY_IS_FIXED = 'a real history cannot be re-run: open a scenario to break things'

/** The history as the lab draws it: the run the judge built, with the judge's findings. */
export function historyLabRun(opened: OpenedHistory): LabRun {
  const { run, result } = opened.judgement
  return {
    scenario: run.scenario,
    run,
    findings: result,
    timeline: buildTimeline(run, result),
    spans: deriveSpans(run),
    // A history has no narration: the diagram, the findings and their explanations tell it.
    captions: [],
  }
}

/** The history's title: its header's, else what was opened. */
export function historyTitle(opened: OpenedHistory): string {
  return opened.judgement.run.scenario.title ?? opened.names.join(' + ')
}

/** A history being read (in a worker), or why the last one could not be opened. */
export type HistoryStatus =
  | {
      kind: 'reading'
      names: readonly string[]
      /** How much of the reading is done (0 to 1), once the worker has said; null before. */
      done: number | null
    }
  | { kind: 'failed'; names: readonly string[]; message: string; errors: readonly string[] }
