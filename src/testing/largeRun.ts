/**
 * A large generated run for tests and benchmarks: many clients looping acquire / read / work /
 * write / release, with a few long pauses that make leases expire under their holders — so the
 * run has stale beliefs, rejected writes, queued messages and findings, at scale.
 */
import type { Run, ScenarioInput } from '../sim'
import { parseScenario, run } from '../sim'

export interface LargeRunOptions {
  clients?: number
  /** Acquire/…/release cycles per client. */
  cycles?: number
  /** How many clients get a long pause. */
  pauses?: number
  seed?: number
}

export function largeScenario(options: LargeRunOptions = {}): ScenarioInput {
  const clients = options.clients ?? 10
  const cycles = options.cycles ?? 23
  const pauses = options.pauses ?? 4
  const leaseMs = 2000
  return {
    id: 'large-fixture',
    title: `${clients} clients × ${cycles} cycles`,
    seed: options.seed ?? 7,
    durationMs: 600_000,
    lockService: { leaseMs },
    network: { latencyMs: [2, 9] },
    clients: Array.from({ length: clients }, (_, i) => ({
      id: `C${i + 1}`,
      startMs: i * 13,
      script: Array.from({ length: cycles }, (_, k) => [
        { do: 'acquire' as const },
        { do: 'read' as const },
        { do: 'work' as const, ms: 20 + ((i * 7 + k * 11) % 30) },
        { do: 'write' as const, value: `C${i + 1}.${k + 1}` },
        { do: 'release' as const },
        { do: 'sleep' as const, ms: 40 + ((i * 13 + k * 5) % 60) },
      ]).flat(),
    })),
    faults: Array.from({ length: pauses }, (_, p) => ({
      atMs: 1500 + p * 2900,
      do: 'pause' as const,
      node: `C${((p * 3) % clients) + 1}`,
      ms: leaseMs + 900,
    })),
  }
}

export function largeRun(options: LargeRunOptions = {}): Run {
  const parsed = parseScenario(largeScenario(options))
  if (!parsed.ok) throw new Error(`large fixture scenario is invalid: ${parsed.message}`)
  return run(parsed.scenario)
}

/**
 * A scenario far above the page's budget from a tiny input: one client renewing every 10 ms for
 * a day (the engine would cut its run at 2,000,000 events). What a heavy link opens with.
 */
export const RENEWING_ALL_DAY: ScenarioInput = {
  title: 'Renewing all day',
  durationMs: 86_400_000,
  network: { latencyMs: 1 },
  clients: [
    { id: 'A', renewEveryMs: 10, script: [{ do: 'acquire' }, { do: 'work', ms: 86_400_000 }] },
  ],
}
