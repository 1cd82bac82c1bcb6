/**
 * Simulation benchmarks: engine throughput (events/s), the cost of recomputing a preset after a
 * reader adds one fault (the whole pipeline the lab runs: validate, run, check, index, spans),
 * state-at-cursor lookups on a 100k-event run, and the size estimate the lab makes before it runs
 * a scenario (it must answer within a frame whatever the run's size: 64 clients × 2,000 steps).
 */
import type { ScenarioInput } from '../src/sim'
import { check, estimateRun, parseScenario, PRESETS, run } from '../src/sim'
import { buildTimeline, deriveSpans, stateAt } from '../src/timeline'
import type { BenchResult } from './result'
import { median, percentile, round } from './stats'
import { largeScenario } from './workloads'

function parse(input: ScenarioInput) {
  const parsed = parseScenario(input)
  if (!parsed.ok) throw new Error(parsed.message)
  return parsed.scenario
}

export function benchSim(): BenchResult[] {
  const results: BenchResult[] = []

  // Throughput on a small preset, repeated.
  const gc = parse(PRESETS[0]!.scenario)
  for (let i = 0; i < 200; i++) run(gc) // warm-up
  let events = 0
  const t0 = performance.now()
  for (let i = 0; i < 5000; i++) events += run(gc).events.length
  const smallSeconds = (performance.now() - t0) / 1000
  results.push({
    name: 'sim.events_per_s.gc-pause',
    value: Math.round(events / smallSeconds),
    unit: 'events/s',
    detail: { runs: 5000, eventsPerRun: events / 5000 },
  })

  // Throughput on a large generated run (10 clients, ~100k events).
  const large = parse(largeScenario(100_000))
  run(large)
  const timings: number[] = []
  let largeEvents = 0
  for (let i = 0; i < 5; i++) {
    const start = performance.now()
    largeEvents = run(large).events.length
    timings.push(performance.now() - start)
  }
  const bestMs = Math.min(...timings)
  results.push({
    name: 'sim.events_per_s.large',
    value: Math.round(largeEvents / (bestMs / 1000)),
    unit: 'events/s',
    target: '>= 500000',
    detail: {
      events: largeEvents,
      clients: 10,
      bestRunMs: round(bestMs, 3),
      medianRunMs: round(median(timings), 3),
    },
  })

  // Recompute after one intervention, per preset: what the lab does when a reader clicks.
  for (const preset of PRESETS) {
    const base = parse(preset.scenario)
    const client = base.clients[0]!.id
    const withFault: ScenarioInput = {
      ...base,
      faults: [...base.faults, { atMs: 3000, do: 'pause', node: client, ms: 2000 }],
    }
    const samples: number[] = []
    for (let i = 0; i < 60; i++) {
      const start = performance.now()
      const scenario = parse(withFault)
      const r = run(scenario)
      const findings = check(r)
      buildTimeline(r, findings)
      deriveSpans(r)
      samples.push(performance.now() - start)
    }
    results.push({
      name: `sim.recompute_ms.${preset.id}`,
      value: round(median(samples.slice(10)), 3),
      unit: 'ms',
      target: '< 16',
      detail: {
        p95: round(percentile(samples.slice(10), 0.95), 3),
        steps: 'validate+run+check+timeline+spans',
      },
    })
  }

  // State at a cursor on a 100k-event run.
  const big = run(large)
  const timeline = buildTimeline(big, check(big))
  const lookups = 20_000
  let probe = 12345
  const start = performance.now()
  for (let i = 0; i < lookups; i++) {
    probe = (probe * 1103515245 + 12345) % 2147483648 // deterministic probe times
    stateAt(timeline, probe % (big.endMs + 1))
  }
  results.push({
    name: 'timeline.state_at_us.100k',
    value: round(((performance.now() - start) * 1000) / lookups, 3),
    unit: 'µs',
    detail: { events: big.events.length, lookups },
  })

  // The size estimate of a scenario far over the page's budget (no run: steps counted).
  const wide = parse({
    clients: Array.from({ length: 64 }, (_, i) => ({
      id: `C${i}`,
      renewEveryMs: 100,
      script: Array.from({ length: 2_000 }, (_, k) =>
        k % 2 === 0 ? { do: 'work' as const, ms: 5 } : { do: 'read' as const },
      ),
    })),
  })
  const estimateMs: number[] = []
  let estimated = 0
  for (let i = 0; i < 25; i++) {
    const started = performance.now()
    estimated = estimateRun(wide).events
    estimateMs.push(performance.now() - started)
  }
  results.push({
    name: 'sim.estimate_ms.64x2000',
    value: round(median(estimateMs.slice(5)), 3),
    unit: 'ms',
    target: '< 16',
    detail: {
      clients: 64,
      stepsEach: 2_000,
      estimatedEvents: estimated,
      p95: round(percentile(estimateMs.slice(5), 0.95), 3),
    },
  })
  return results
}
