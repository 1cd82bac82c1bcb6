/**
 * The runs behind the tour: a step names a preset or carries a scenario of its own; here that
 * becomes a validated scenario, a run (with findings, timeline and spans, as the lab derives
 * them), the cursor for a moment, and the lab address that opens the same run at the same
 * moment ("Try it yourself").
 */
import type { Scenario } from '../sim'
import type { Moment, TourChapter, TourStep } from './chapters'
import { findPreset, parseScenario } from '../sim'
import { resolveMoment, TOUR_SCENARIOS } from './chapters'
import { labHref as labPageHref } from '../link/write'
import type { LabRun } from '../store/derive'
import { deriveLabRun } from '../store/derive'

export type StepScenario = TourStep['scenario']

/** A preset id, or the id of the tour's own scenario. */
export function scenarioKey(scenario: StepScenario): string {
  return typeof scenario === 'string' ? scenario : scenario.id
}

export function scenarioOf(scenario: StepScenario): Scenario {
  const input = typeof scenario === 'string' ? findPreset(scenario)?.scenario : scenario
  if (input === undefined)
    throw new Error(`the tour names a scenario that does not exist: ${scenario as string}`)
  const parsed = parseScenario(input)
  // The tour's data tests run every step; a failure here is a broken build, not reader input.
  if (!parsed.ok)
    throw new Error(`tour scenario ${scenarioKey(scenario)} is invalid: ${parsed.message}`)
  return parsed.scenario
}

/** Runs derived once per scenario and kept for the life of one tour view. */
export type RunCache = (scenario: StepScenario) => LabRun

export function createRunCache(): RunCache {
  const runs = new Map<string, LabRun>()
  return (scenario) => {
    const key = scenarioKey(scenario)
    let lab = runs.get(key)
    if (lab === undefined) {
      lab = deriveLabRun(scenarioOf(scenario))
      runs.set(key, lab)
    }
    return lab
  }
}

/** The cursor for a moment: its time, or the run's start if the moment never happens. */
export function momentMs(lab: LabRun, moment: Moment): number {
  return resolveMoment(lab.run, moment)?.atMs ?? 0
}

/** The index of the event a moment names, or -1 (a time moment, or an event that never happens). */
export function momentEventIndex(lab: LabRun, moment: Moment): number {
  return resolveMoment(lab.run, moment)?.eventIndex ?? -1
}

/**
 * The lab page's address for a run at a moment: `index.html?scenario=<preset>&t=<ms>` for a
 * preset, `index.html#s=<scenario>&t=<ms>` for the tour's own scenarios.
 */
export function labHref(scenario: StepScenario, cursorMs: number, page = 'index.html'): string {
  if (typeof scenario === 'string')
    return labPageHref(page, { kind: 'preset', id: scenario }, cursorMs)
  // The scenario as written (defaults left out) makes a shorter link than the parsed one.
  return labPageHref(page, { kind: 'custom', scenario }, cursorMs)
}

export interface TryIt {
  scenario: StepScenario
  title: string
  cursorMs: number
}

/**
 * The runs a chapter's "Try it yourself" offers: its `tryIt` run first (at the last moment the
 * chapter shows of it), then every other run the chapter used, each at its last moment.
 */
export function tryItRuns(chapter: TourChapter, runFor: RunCache): TryIt[] {
  const last = new Map<string, TryIt>()
  for (const step of chapter.steps) {
    const lab = runFor(step.scenario)
    const ms = momentMs(lab, step.predict?.reveal ?? step.at)
    last.set(scenarioKey(step.scenario), {
      scenario: step.scenario,
      title: lab.scenario.title ?? scenarioKey(step.scenario),
      cursorMs: Math.max(ms, momentMs(lab, step.at)),
    })
  }
  const main = last.get(chapter.tryIt) ?? mainRun(chapter.tryIt, runFor)
  return [main, ...[...last.values()].filter((r) => scenarioKey(r.scenario) !== chapter.tryIt)]
}

function mainRun(id: string, runFor: RunCache): TryIt {
  const scenario = TOUR_SCENARIOS.find((s) => s.id === id) ?? id
  const lab = runFor(scenario)
  return { scenario, title: lab.scenario.title ?? id, cursorMs: 0 }
}
