/** Runs of the presets for tests (and the harness): parse, run, check. */
import type { CheckResult, Run, ScenarioInput } from '../sim'
import { check, findPreset, parseScenario, run } from '../sim'

export function runOf(input: ScenarioInput): Run {
  const parsed = parseScenario(input)
  if (!parsed.ok) throw new Error(parsed.message)
  return run(parsed.scenario)
}

export function presetRun(id: string): { run: Run; findings: CheckResult } {
  const preset = findPreset(id)
  if (preset === undefined) throw new Error(`no preset ${id}`)
  const r = runOf(preset.scenario)
  return { run: r, findings: check(r) }
}
