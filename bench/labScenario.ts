/**
 * A generated scenario for the lab's responsiveness benchmark: six clients (A–F) taking turns on
 * one lock and one fenced counter, with a GC pause of A, so the run has about 5,000 events.
 */
import type { ScenarioInput } from '../src/sim'

export const CLIENT_IDS = ['A', 'B', 'C', 'D', 'E', 'F'] as const

export function generatedScenario(rounds = 37): ScenarioInput {
  return {
    id: 'bench-busy-lock',
    title: 'Benchmark: six clients, one lock',
    description: 'Generated for the responsiveness benchmark: a long, busy run.',
    durationMs: 600_000,
    network: { latencyMs: [2, 9] },
    lockService: { leaseMs: 2000 },
    clients: CLIENT_IDS.map((id, i) => ({
      id,
      startMs: i * 7,
      script: Array.from({ length: rounds }, () => [
        { do: 'acquire' as const },
        { do: 'read' as const },
        { do: 'work' as const, ms: 40 },
        { do: 'write' as const, increment: 1 },
        { do: 'release' as const },
      ]).flat(),
    })),
    faults: [{ atMs: 3000, do: 'pause', node: 'A', ms: 4000 }],
  }
}
