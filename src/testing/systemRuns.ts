/** Runs of real systems' scenarios for tests: build from the profile, run, check, and the windows. */
import type { CheckResult, Run } from '../sim'
import { check } from '../sim'
import type { TimedDangerWindow } from '../systems'
import { buildSystem, timedWindows } from '../systems'
import { runOf } from './presetRuns'

export function systemRun(
  id: string,
  params: Record<string, unknown> = {},
): { run: Run; findings: CheckResult; windows: TimedDangerWindow[] } {
  const built = buildSystem(id, params)
  if (!built.ok) throw new Error(built.message)
  const r = runOf(built.built.scenario)
  return { run: r, findings: check(r), windows: timedWindows(built.built.windows) }
}
