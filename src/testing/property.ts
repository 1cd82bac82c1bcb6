/**
 * The one way this project runs fast-check properties, so that every failure can be replayed.
 *
 * A property runs on the fixed seeds of `FIXED_SEEDS` (so CI always covers the same cases) plus
 * one random seed per test process (so each run also explores something new). A failure names
 * its seed, its shrink path and the shrunk counterexample (as JSON when it is plain data, so a
 * scenario can be fed to the CLI), and prints the shell command that replays exactly that case:
 *   FC_SEED=<seed> FC_PATH=<path> npx vitest run <file> -t '<test name>'
 * `FC_SEED` alone runs every property on that seed only; `FC_NUM_RUNS=<n>` runs each property n
 * times per seed, to search harder.
 *
 * Test support only: it reads the environment, `Math.random` and vitest's state.
 */
import fc from 'fast-check'
import { relative } from 'node:path'
import { expect } from 'vitest'

/** Seeds every property runs, so CI always covers the same cases (plus one random seed). */
export const FIXED_SEEDS: readonly number[] = [1, 42, 2026, 31337]

const replaySeed = process.env['FC_SEED']
const replayPath = process.env['FC_PATH']
const runsOverride = process.env['FC_NUM_RUNS']

/** One random seed per test process; a failure on it names it, like any other seed. */
const randomSeed = Math.floor(Math.random() * 0x7fffffff)

/**
 * The seeds a property runs: the fixed ones and the random one, or only the one being replayed.
 * Suites that want the seed in the test's name iterate these themselves
 * (`describe.each(PROPERTY_SEEDS)`) and pass `seed`.
 */
export const PROPERTY_SEEDS: readonly number[] =
  replaySeed === undefined ? [...FIXED_SEEDS, randomSeed] : [Number(replaySeed)]

/**
 * Runs per seed when a property does not say: across the five seeds this is fast-check's own
 * default of 100 runs per property.
 */
export const DEFAULT_RUNS_PER_SEED = 20

export interface PropertyOptions {
  /** Runs per seed (`FC_NUM_RUNS` overrides it). */
  numRuns?: number
  /** Only this seed, for suites that run each seed as a test of its own. */
  seed?: number
}

/** Checks a property on every seed; on failure throws an error that says how to replay it. */
export function assertProperty<Ts>(
  property: fc.IProperty<Ts>,
  options: PropertyOptions = {},
): void {
  const where = currentTest()
  for (const seed of seedsFor(options)) {
    const details = fc.check(property, parametersFor<Ts>(seed, options))
    if (details.failed) throw new Error(describeFailure(details, where))
  }
}

/** `assertProperty` for an asynchronous property. */
export async function assertAsyncProperty<Ts>(
  property: fc.IAsyncProperty<Ts>,
  options: PropertyOptions = {},
): Promise<void> {
  const where = currentTest()
  for (const seed of seedsFor(options)) {
    const details = await fc.check(property, parametersFor<Ts>(seed, options))
    if (details.failed) throw new Error(describeFailure(details, where))
  }
}

function seedsFor(options: PropertyOptions): readonly number[] {
  return options.seed === undefined ? PROPERTY_SEEDS : [options.seed]
}

function parametersFor<Ts>(seed: number, options: PropertyOptions): fc.Parameters<Ts> {
  const numRuns =
    runsOverride === undefined ? (options.numRuns ?? DEFAULT_RUNS_PER_SEED) : Number(runsOverride)
  const params: fc.Parameters<Ts> = { seed, numRuns }
  // A path belongs to one seed: it replays that seed's counterexample directly.
  if (replayPath !== undefined && replaySeed !== undefined) params.path = replayPath
  return params
}

/** The running test's file and own name, read before any await (for the replay command). */
export interface TestPlace {
  file: string | undefined
  name: string | undefined
}

function currentTest(): TestPlace {
  const state = expect.getState()
  const file = state.testPath === undefined ? undefined : relative(process.cwd(), state.testPath)
  // vitest names a test "describe > … > test"; its own name is the last part.
  const name = state.currentTestName?.split(' > ').at(-1)
  return { file, name }
}

/** The shell command that replays one failure of the test at `where`. */
export function replayCommand(seed: number, path: string | null, where: TestPlace): string {
  const env = `FC_SEED=${seed}` + (path === null ? '' : ` FC_PATH=${path}`)
  if (where.file === undefined) return env
  const run = `${env} npx vitest run ${where.file}`
  if (where.name === undefined) return run
  // -t takes a regular expression; the shell gets it in single quotes.
  const pattern = where.name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/'/g, `'\\''`)
  return `${run} -t '${pattern}'`
}

/** The message of a failed property: seed, path, the replay command, counterexample, cause. */
export function describeFailure<Ts>(details: fc.RunDetails<Ts>, where: TestPlace): string {
  const lines = [
    `Property failed with seed ${details.seed}` +
      (details.counterexamplePath === null ? '' : `, path "${details.counterexamplePath}"`) +
      ` after ${details.numRuns} run(s) and ${details.numShrinks} shrink(s).`,
    `Replay: ${replayCommand(details.seed, details.counterexamplePath, where)}`,
  ]
  if (details.counterexample !== null) {
    lines.push(`Counterexample: ${show(details.counterexample)}`)
  }
  const cause = details.errorInstance
  if (cause instanceof Error) lines.push(`Cause: ${cause.message}`)
  else if (details.interrupted) lines.push('Cause: the run was interrupted')
  else if (cause === null && details.counterexample === null) {
    lines.push('Cause: too many generated values were skipped')
  }
  return lines.join('\n')
}

/** JSON when the value is plain data (a scenario), else fast-check's own rendering. */
function show(value: unknown): string {
  try {
    return JSON.stringify(value)
  } catch {
    // A fuzz test's value may be hostile (a throwing getter, a revoked proxy).
    try {
      return fc.stringify(value)
    } catch (error) {
      return `(a value that cannot be shown: ${String(error)})`
    }
  }
}
