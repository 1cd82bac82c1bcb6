/**
 * Seeds and runner for the fuzz tests of the input boundaries (`*.fuzz.test.ts[x]`), following
 * the property tests' convention (src/sim/properties.test.ts): every suite runs the fixed seeds
 * of `FIXED_SEEDS` plus one random seed, and a failure names its seed, its shrink path, the
 * shrunk counterexample and the shell command that replays exactly that case:
 *   FC_SEED=<seed> FC_PATH=<path> npx vitest run <file> -t "<name>"
 * `FC_NUM_RUNS=<n>` scales every suite's run count by n / 100, to search harder.
 *
 * Test support only (it reads the environment and `Math.random`), so it lives outside the core.
 */
import type fc from 'fast-check'
import { assertAsyncProperty, assertProperty, FIXED_SEEDS } from './property'

const replaySeed = process.env['FC_SEED']
const replayPath = process.env['FC_PATH']
const scale = Number(process.env['FC_NUM_RUNS'] ?? 100) / 100

/** The seeds a fuzz suite runs: the fixed ones and a random one, or the one being replayed. */
export const FUZZ_SEEDS: readonly number[] =
  replaySeed === undefined
    ? [...FIXED_SEEDS, Math.floor(Math.random() * 0x7fffffff)]
    : [Number(replaySeed)]

interface Where {
  /** The test file, relative to the repository (for the replay command). */
  file: string
  /** A unique part of the test's name (for `-t`). */
  name: string
  seed: number
  /** Runs per seed (before `FC_NUM_RUNS` scaling). */
  numRuns: number
}

function runOptions(where: Where) {
  return {
    seed: where.seed,
    numRuns: Math.max(1, Math.round(where.numRuns * scale)),
    ...(replayPath === undefined ? {} : { path: replayPath }),
    replayHint: `FC_SEED={seed} FC_PATH={path} npx vitest run ${where.file} -t "${where.name}"`,
  }
}

/** Checks a synchronous property for one seed; throws a replayable failure. */
export function fuzz<Ts>(where: Where, property: fc.IProperty<Ts>): void {
  assertProperty(property, runOptions(where))
}

/** Checks an asynchronous property for one seed; rejects with a replayable failure. */
export function fuzzAsync<Ts>(where: Where, property: fc.IAsyncProperty<Ts>): Promise<void> {
  return assertAsyncProperty(property, runOptions(where))
}
