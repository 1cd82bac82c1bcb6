/**
 * Running fast-check properties so that a failure can be replayed: the error names the seed,
 * the shrink path and the shrunk counterexample (as JSON when it is a scenario, so it can be fed
 * to the CLI), and says how to run exactly that case again.
 */
import fc from 'fast-check'

/** Seeds every property suite runs, so CI always covers the same cases (plus one random seed). */
export const FIXED_SEEDS: readonly number[] = [1, 42, 2026, 31337]

export interface PropertyRun {
  seed: number
  numRuns: number
  /** A shrink path from an earlier failure: replays that counterexample directly. */
  path?: string
  /** How to replay from the shell, e.g. `FC_SEED=… FC_PATH=… npx vitest run <file>`. */
  replayHint?: string
}

/** Checks a property; on failure throws an error that carries everything needed to replay it. */
export function assertProperty<Ts>(property: fc.IProperty<Ts>, options: PropertyRun): void {
  const params: fc.Parameters<Ts> = { seed: options.seed, numRuns: options.numRuns }
  if (options.path !== undefined) params.path = options.path
  const details = fc.check(property, params)
  if (!details.failed) return
  throw new Error(describeFailure(details, options))
}

/** `assertProperty` for an asynchronous property. */
export async function assertAsyncProperty<Ts>(
  property: fc.IAsyncProperty<Ts>,
  options: PropertyRun,
): Promise<void> {
  const params: fc.Parameters<Ts> = { seed: options.seed, numRuns: options.numRuns }
  if (options.path !== undefined) params.path = options.path
  const details = await fc.check(property, params)
  if (!details.failed) return
  throw new Error(describeFailure(details, options))
}

function describeFailure<Ts>(details: fc.RunDetails<Ts>, options: PropertyRun): string {
  const lines = [
    `Property failed with seed ${details.seed}` +
      (details.counterexamplePath === null ? '' : `, path "${details.counterexamplePath}"`) +
      ` after ${details.numRuns} run(s) and ${details.numShrinks} shrink(s).`,
  ]
  if (details.counterexamplePath !== null) {
    lines.push(
      `Replay: fc.assert(property, { seed: ${details.seed}, path: "${details.counterexamplePath}", endOnFailure: true })`,
    )
  }
  if (options.replayHint !== undefined) {
    const path = details.counterexamplePath ?? ''
    lines.push(
      `   or: ${options.replayHint.replace('{seed}', String(details.seed)).replace('{path}', path)}`,
    )
  }
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
