/**
 * Generated workloads for benchmarks and budget checks: scenarios big enough to measure, built
 * deterministically (no randomness beyond the scenario's own seed).
 */
import type { ScenarioInput } from '../src/sim'

/**
 * `clients` clients each looping acquire → read → increment → release `rounds` times against one
 * fenced counter, with short pauses (shorter than the lease, so every client finishes its
 * rounds: a rejected write would end a client's script). About 20 events per round per client.
 */
export function contentionScenario(clients: number, rounds: number): ScenarioInput {
  const ids = Array.from({ length: clients }, (_, i) => `C${i}`)
  return {
    id: `contention-${clients}x${rounds}`,
    title: `${clients} clients × ${rounds} rounds`,
    durationMs: 86_400_000,
    lockService: { leaseMs: 200 },
    network: { latencyMs: [1, 9] },
    clients: ids.map((id, i) => ({
      id,
      startMs: i * 3,
      renewEveryMs: i % 3 === 0 ? 80 : 0,
      script: Array.from({ length: rounds }, () => [
        { do: 'acquire' as const },
        { do: 'read' as const },
        { do: 'work' as const, ms: 20 + ((i * 7) % 30) },
        { do: 'write' as const, increment: 1 },
        { do: 'release' as const },
      ]).flat(),
    })),
    faults: ids.flatMap((id, i) =>
      Array.from({ length: 5 }, (_, k) => ({
        atMs: 2_000 + k * 40_000 + i * 1_111,
        do: 'pause' as const,
        node: id,
        ms: 120,
      })),
    ),
  }
}

/** Roughly `events` trace events (10 clients). */
export function largeScenario(events: number): ScenarioInput {
  return contentionScenario(10, Math.max(1, Math.round(events / 10 / 25)))
}
