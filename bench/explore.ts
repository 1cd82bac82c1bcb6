/**
 * Explorer benchmark: schedules per second on an exhaustive search, time to the first
 * counterexample for each unsafe preset (searched from its configuration without its faults),
 * and chaos mode's runs per second.
 *
 *   npx tsx bench/run.ts explore        # one JSON object per line
 *
 * Wall time by performance.now(); each figure is the median of several repetitions after a
 * warm-up, with the cold (first, unwarmed) time in `detail` where it matters.
 */
import { loadavg } from 'node:os'
import { BUDGET_FAULT_KINDS, explore, runChaos } from '../src/explore'
import { faultClause } from '../src/sim'
import type { ChaosInput, ChaosProgress, ExploreInput, ExploreResult } from '../src/explore'
import type { ViolationKind } from '../src/sim'
import { findPreset, parseScenario } from '../src/sim'
import type { BenchResult } from './result'
import { median, round } from './stats'

const UNSAFE_PRESETS = [
  'gc-pause-unfenced',
  'late-write-gap',
  'check-then-write',
  'renewal-race',
  'failover-volatile',
  'unfenced-side-effect',
  'release-not-owner',
] as const

const REPEATS = 5

function presetInput(id: string, kinds: readonly ViolationKind[]): ExploreInput {
  const preset = findPreset(id)
  if (preset === undefined) throw new Error(`no preset ${id}`)
  const parsed = parseScenario(preset.scenario)
  if (!parsed.ok) throw new Error(parsed.message)
  return { scenario: parsed.scenario, baseFaults: 'none', target: { kinds } }
}

interface Timed {
  /** Wall time (performance.now). */
  ms: number
  /** CPU time of this process (user + system): less sensitive to a busy, shared machine. */
  cpuMs: number
  result: ExploreResult
}

function timed(input: ExploreInput): Timed {
  const cpu = process.cpuUsage()
  const start = performance.now()
  const result = explore(input)
  const ms = performance.now() - start
  const used = process.cpuUsage(cpu)
  return { ms, cpuMs: (used.user + used.system) / 1000, result }
}

export async function benchExplore(): Promise<BenchResult[]> {
  const results: BenchResult[] = []

  // Time to the first counterexample, cold first (a fresh process has not compiled anything).
  for (const id of UNSAFE_PRESETS) {
    const kinds = findPreset(id)?.expected.violations ?? []
    const input = presetInput(id, kinds)
    const cold = timed(input)
    const warm: number[] = []
    for (let i = 0; i < REPEATS; i++) warm.push(timed(input).ms)
    const r = cold.result
    results.push({
      name: `explore.counterexample_ms.${id}`,
      value: round(median(warm), 2),
      unit: 'ms',
      // The goal is for the unfenced write; the others are reported alongside.
      ...(id === 'gc-pause-unfenced' ? { target: '< 1000' } : {}),
      detail: {
        coldMs: round(cold.ms, 2),
        repeats: REPEATS,
        violations: kinds,
        explored: r.explored,
        runs: r.runs,
        distinct: r.distinct,
        candidates: r.candidates,
        ...(r.kind === 'counterexample'
          ? {
              faults: r.counterexample.faults.map((f) => faultClause(f)),
              choices: r.counterexample.choices.length,
              finding: `${r.counterexample.finding.kind} at ${r.counterexample.finding.atMs} ms`,
            }
          : { result: r.kind }),
      },
    })
    await Promise.resolve()
  }

  // Throughput: the whole default budget on gc-pause (fenced: nothing to find, so every schedule
  // in the budget is decided). Warm up once on a capped search first.
  const fenced = presetInput('gc-pause', ['token-order'])
  timed({ ...fenced, budget: { maxSchedules: 20_000 } })
  const samples: Timed[] = []
  for (let i = 0; i < 3; i++) samples.push(timed(fenced))
  const rates = samples.map((s) => (s.result.explored * 1000) / s.ms)
  const runRates = samples.map((s) => (s.result.runs * 1000) / s.ms)
  const cpuRates = samples.map((s) => (s.result.explored * 1000) / s.cpuMs)
  const last = (samples.at(-1) as Timed).result
  results.push({
    name: 'explore.schedules_per_s.gc-pause',
    value: Math.round(median(rates)),
    unit: 'schedules/s',
    target: '>= 20000',
    detail: {
      budget: 'default (all kinds, up to 2 faults, 1 choice deviation)',
      result: last.kind === 'no-violation' ? `no-violation (${last.reason})` : 'counterexample (!)',
      explored: last.explored,
      runs: last.runs,
      distinct: last.distinct,
      candidates: last.candidates,
      runsPerSecond: Math.round(median(runRates)),
      msEach: samples.map((s) => Math.round(s.ms)),
      bestSchedulesPerSecond: Math.round(Math.max(...rates)),
      schedulesPerCpuSecond: Math.round(median(cpuRates)),
      loadAverage: loadavg()[0],
    },
  })
  // Chaos mode: schedules per second, each run twice (fencing on and off), on gc-pause with the
  // panel's defaults (all fault kinds, up to 2 faults). Warm up once first.
  const chaosInput: ChaosInput = {
    scenario: fenced.scenario,
    baseFaults: 'none',
    kinds: BUDGET_FAULT_KINDS,
    maxFaults: 2,
    runs: 5000,
    seed: 1,
  }
  runChaos({ ...chaosInput, runs: 1000 })
  const chaosSamples: Array<{ ms: number; result: ChaosProgress }> = []
  for (let i = 0; i < 3; i++) {
    const start = performance.now()
    const result = runChaos(chaosInput)
    chaosSamples.push({ ms: performance.now() - start, result })
  }
  const chaosRates = chaosSamples.map((s) => (s.result.done * 1000) / s.ms)
  const chaosLast = (chaosSamples.at(-1) as { result: ChaosProgress }).result
  results.push({
    name: 'explore.chaos_runs_per_s.gc-pause',
    value: Math.round(median(chaosRates)),
    unit: 'runs/s',
    detail: {
      runs: chaosInput.runs,
      simulationsPerRun: 2,
      msEach: chaosSamples.map((s) => Math.round(s.ms)),
      failingFencingOn: chaosLast.failing.fenced,
      failingFencingOff: chaosLast.failing.unfenced,
      loadAverage: loadavg()[0],
    },
  })
  return results
}
