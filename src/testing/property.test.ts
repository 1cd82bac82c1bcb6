import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  assertAsyncProperty,
  assertProperty,
  DEFAULT_RUNS_PER_SEED,
  FIXED_SEEDS,
  PROPERTY_SEEDS,
  replayCommand,
} from './property'

/** The message `run` throws, or '' when it does not throw. */
function failureOf(run: () => void): string {
  try {
    run()
  } catch (error) {
    return error instanceof Error ? error.message : String(error)
  }
  return ''
}

const below500 = fc.property(fc.integer({ min: 0, max: 1000 }), (n) => n < 500)
/** Tests that count runs or seeds hold only when no replay or run count is set. */
const replaying = process.env['FC_SEED'] !== undefined || process.env['FC_NUM_RUNS'] !== undefined

describe('assertProperty', () => {
  it('names the seed, the path, the replay command and the shrunk counterexample (a [failure])', () => {
    const message = failureOf(() => assertProperty(below500, { seed: 7, numRuns: 100 }))
    expect(message).toMatch(/^Property failed with seed 7, path "[\d:]+" after \d+ run/)
    // The command names this file and this test's own name, escaped for -t's regular expression.
    expect(message).toMatch(
      /\nReplay: FC_SEED=7 FC_PATH=[\d:]+ npx vitest run src\/testing\/property\.test\.ts -t 'names the seed, the path, the replay command and the shrunk counterexample \\\(a \\\[failure\\\]\\\)'\n/,
    )
    expect(message).toContain('Counterexample: [500]')
  })

  it('replays exactly the counterexample from the seed and path it prints', () => {
    const message = failureOf(() => assertProperty(below500, { seed: 99, numRuns: 100 }))
    const path = /FC_PATH=([\d:]+)/.exec(message)?.[1] ?? 'not printed'
    const replay = fc.check(below500, { seed: 99, path, numRuns: 100 })
    expect(replay.failed).toBe(true)
    expect(replay.numRuns).toBe(1)
    expect(replay.counterexample).toEqual([500])
  })

  it('names the cause a property threw', () => {
    const throwing = fc.property(fc.nat(), (n) => {
      if (n > 10) throw new Error(`too big: ${n}`)
    })
    expect(failureOf(() => assertProperty(throwing, { seed: 3 }))).toMatch(/\nCause: too big: 11$/)
  })

  it.skipIf(replaying)('runs the fixed seeds and one random seed, numRuns on each', () => {
    expect(PROPERTY_SEEDS.slice(0, FIXED_SEEDS.length)).toEqual(FIXED_SEEDS)
    expect(PROPERTY_SEEDS).toHaveLength(FIXED_SEEDS.length + 1)
    const random = PROPERTY_SEEDS.at(-1)!
    expect(Number.isInteger(random) && random >= 0).toBe(true)

    let runs = 0
    assertProperty(
      fc.property(fc.nat(), () => {
        runs++
      }),
    )
    expect(runs).toBe(PROPERTY_SEEDS.length * DEFAULT_RUNS_PER_SEED)
    runs = 0
    assertProperty(
      fc.property(fc.nat(), () => {
        runs++
      }),
      { numRuns: 3, seed: 5 },
    )
    expect(runs).toBe(3)
  })

  it.skipIf(replaying)('covers the same cases on every run for a fixed seed', () => {
    const seen = (): number[] => {
      const values: number[] = []
      assertProperty(
        fc.property(fc.nat(), (n) => {
          values.push(n)
        }),
        { seed: FIXED_SEEDS[0]!, numRuns: 10 },
      )
      return values
    }
    expect(seen()).toEqual(seen())
  })
})

describe('assertAsyncProperty', () => {
  it('rejects with the same replayable message', async () => {
    const failing = fc.asyncProperty(fc.integer({ min: 0, max: 1000 }), async (n) => {
      await Promise.resolve()
      expect(n).toBeLessThan(500)
    })
    await expect(assertAsyncProperty(failing, { seed: 7, numRuns: 100 })).rejects.toThrow(
      /Replay: FC_SEED=7 FC_PATH=[\d:]+ npx vitest run src\/testing\/property\.test\.ts -t 'rejects with the same replayable message'[\s\S]*Counterexample: \[500\]/,
    )
  })
})

describe('replayCommand', () => {
  it('quotes a name for the shell and escapes it for -t', () => {
    expect(replayCommand(1, '2:3', { file: 'src/a.test.ts', name: "A's (b) *c*" })).toBe(
      "FC_SEED=1 FC_PATH=2:3 npx vitest run src/a.test.ts -t 'A'\\''s \\(b\\) \\*c\\*'",
    )
  })

  it('leaves out what it does not know', () => {
    expect(replayCommand(1, null, { file: 'src/a.test.ts', name: undefined })).toBe(
      'FC_SEED=1 npx vitest run src/a.test.ts',
    )
    expect(replayCommand(1, null, { file: undefined, name: undefined })).toBe('FC_SEED=1')
  })
})
