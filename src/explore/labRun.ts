/**
 * Everything derived from one scenario, computed together once: the run, the checker's findings,
 * the timeline (state at any cursor), the spans the diagram draws and the captions. The lab's
 * store derives it on the page for a light run; the run job (runJob.ts) derives a heavy one in a
 * Web Worker, with the same function, so both roads give the same value.
 */
import type { CheckResult, Run, Scenario } from '../sim'
import { check, run } from '../sim'
import type { Caption, SnapshotsMade, Spans, Timeline } from '../timeline'
import { buildTimeline, deriveSpans, resolveCaptions, storyCaptions } from '../timeline'

export interface LabRun {
  scenario: Scenario
  run: Run
  findings: CheckResult
  timeline: Timeline
  spans: Spans
  captions: Caption[]
}

/**
 * `narrated` is the run the narration was written for (the scenario before the reader's edits):
 * where this run differs from it, the captions tell what happens now instead (timeline/story).
 */
export function deriveLabRun(scenario: Scenario, narrated: LabRun | null = null): LabRun {
  return indexRun(run(scenario), narrated)
}

/**
 * The findings, timeline, spans and captions of a run already made. `snapshots`: when the
 * timeline's snapshots are made (a worker makes them now, the page when first needed).
 */
export function indexRun(
  result: Run,
  narrated: LabRun | null = null,
  snapshots: SnapshotsMade = 'when-needed',
): LabRun {
  const { scenario } = result
  const findings = check(result)
  const authored = resolveCaptions(result, scenario.narration)
  return {
    scenario,
    run: result,
    findings,
    timeline: buildTimeline(result, findings, snapshots),
    spans: deriveSpans(result),
    captions: storyCaptions(
      result,
      findings,
      authored,
      narrated === null ? null : { run: narrated.run, findings: narrated.findings },
    ),
  }
}
