/**
 * Everything derived from one scenario, computed together once: the run, the checker's findings,
 * the timeline (state at any cursor), the spans the diagram draws and the captions.
 */
import type { CheckResult, Run, Scenario } from '../sim'
import { check, run } from '../sim'
import type { Caption, Spans, Timeline } from '../timeline'
import { buildTimeline, deriveSpans, resolveCaptions } from '../timeline'

export interface LabRun {
  scenario: Scenario
  run: Run
  findings: CheckResult
  timeline: Timeline
  spans: Spans
  captions: Caption[]
}

export function deriveLabRun(scenario: Scenario): LabRun {
  const result = run(scenario)
  const findings = check(result)
  return {
    scenario,
    run: result,
    findings,
    timeline: buildTimeline(result, findings),
    spans: deriveSpans(result),
    captions: resolveCaptions(result, scenario.narration),
  }
}
