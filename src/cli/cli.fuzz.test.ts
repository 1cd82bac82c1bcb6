/**
 * Fuzz tests of the command line's arguments, run in-process: whatever the argv, the CLI exits 0
 * for a valid run or 2 with one line that names the bad argument (then, for a usage mistake, the
 * usage), and never throws or prints a stack trace.
 * Replay a failure with the command in its message; search harder with FC_NUM_RUNS=1000.
 */
import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { PRESET_IDS, PRESETS } from '../sim'
import { PROPERTY_SEEDS, assertProperty } from '../testing/property'
import { junkArb, unicodeArb } from '../testing/hostile'
import { renderDiagramSvg } from '../viz'
import { quote, USAGE } from './args'
import { EXIT_INVALID, EXIT_OK, runCli } from './cli'
import { tempDir } from '../testing/tempDir'

const OPTIONS = ['format', 'fault', 'verbose', 'theme', 'width', 'list', 'help', 'h']

const dir = tempDir('fencing-lab-cli-fuzz')
const subdir = join(dir, 'a-directory.json')
mkdirSync(subdir)
function file(name: string, content: string): string {
  const path = join(dir, name)
  writeFileSync(path, content)
  return path
}
const gcPause = JSON.stringify(PRESETS[0]?.scenario)
const validFile = file('valid.json', gcPause)
const badFiles = [
  file('empty.json', ''),
  file('cut.json', gcPause.slice(0, 40)),
  file('array.json', '[1, 2, 3]'),
  file('deep.json', '['.repeat(50_000) + ']'.repeat(50_000)),
  file('binary.json', '\u0000\uffff\ud800'),
  file('wrong.json', '{"clients": [{"id": "A", "script": [{"do": "fly\\nto the moon"}]}]}'),
]

interface Result {
  code: number
  out: string
  err: string
}

function cli(argv: readonly string[]): Result {
  let out = ''
  let err = ''
  const code = runCli(argv, {
    out: (t) => (out += t),
    err: (t) => (err += t),
    renderSvg: renderDiagramSvg,
  })
  return { code, out, err }
}

/** Exit 0 and nothing on stderr, or exit 2 with one short line (and maybe the usage). */
function expectWellBehaved({ code, out, err }: Result): string | null {
  if (code === EXIT_OK) {
    expect(err).toBe('')
    return null
  }
  expect(code).toBe(EXIT_INVALID)
  expect(out).toBe('')
  const line = err.slice(0, err.indexOf('\n'))
  expect(line).toMatch(/^fencing-lab: \S/)
  expect(line.length).toBeLessThanOrEqual(2100)
  expect([`${line}\n`, `${line}\n\n${USAGE}\n`]).toContain(err)
  expect(err).not.toMatch(/\n\s+at /)
  return line
}

/** One mistake in an otherwise valid command line, and what its message must name. */
interface Mistake {
  /** Inserted among the options; `last` ones go at the very end. */
  args: string[]
  last?: boolean
  /** Options the valid part must leave out (so that a later valid value does not win). */
  flag?: string
  /** Text the message line must contain; none when the mistake may turn out valid. */
  names: string[]
  mayBeValid?: boolean
  /** A bad scenario argument: it takes the place of the valid one. */
  scenario?: boolean
}

const notAnOption = fc
  .stringMatching(/^[a-z][a-z0-9-]{0,15}$/)
  .filter((name) => !OPTIONS.includes(name))
const valueArb = fc.oneof(fc.string({ maxLength: 20 }), unicodeArb)

const mistakeArb: fc.Arbitrary<Mistake> = fc.oneof(
  notAnOption.map((name) => ({ args: [`--${name}`], names: [`--${name}`] })),
  unicodeArb
    .filter((text) => !text.startsWith('-') && text.length > 0)
    .map((text) => ({ args: [`--${text}`], names: ['unknown option'] })),
  fc.constantFrom('--format', '--theme', '--width', '--fault').map((flag) => ({
    args: [flag],
    last: true,
    flag,
    names: [flag],
  })),
  valueArb
    .filter((text) => !isJson(text))
    .map((text) => ({ args: ['--fault', text], flag: '--fault', names: ['--fault'] })),
  junkArb.map((value) => ({
    args: ['--fault', JSON.stringify(value)],
    flag: '--fault',
    names: ['--fault'],
    mayBeValid: true,
  })),
  valueArb
    .filter((v) => !['text', 'json', 'svg'].includes(v))
    .map((v) => ({ args: ['--format', v], flag: '--format', names: ['--format'] })),
  valueArb
    .filter((v) => !['light', 'dark'].includes(v))
    .map((v) => ({ args: ['--theme', v], flag: '--theme', names: ['--theme'] })),
  fc
    .oneof(valueArb, fc.integer().map(String), fc.double().map(String))
    .filter((v) => !(Number.isInteger(Number(v)) && Number(v) >= 320 && Number(v) <= 4000))
    .map((v) => ({ args: [`--width=${v}`], flag: '--width', names: ['--width'] })),
  fc
    .stringMatching(/^[a-z0-9-]{1,20}$/)
    .map((name) => join(dir, `missing-${name}.json`))
    .map((path) => ({ args: [path], scenario: true, names: ['no such file', quote(path)] })),
  fc.constant<Mistake>({ args: [subdir], scenario: true, names: [quote(subdir), 'directory'] }),
  fc
    .constantFrom(...badFiles)
    .map((path) => ({ args: [path], scenario: true, names: [quote(path)] })),
  fc
    .stringMatching(/^[a-z][a-z-]{0,20}$/)
    .filter((id) => !(PRESET_IDS as readonly string[]).includes(id))
    .map((id) => ({
      args: [id],
      scenario: true,
      names: [quote(id), 'neither a preset id nor a file'],
    })),
  fc.constantFrom(...PRESET_IDS).map((id) => ({ args: [id], names: ['expected one scenario'] })),
)

function isJson(text: string): boolean {
  try {
    JSON.parse(text)
    return true
  } catch {
    return false
  }
}

/** A valid command line: a scenario and some options, in any order. */
const validArb = fc.record({
  scenario: fc.constantFrom(...PRESET_IDS, validFile),
  options: fc.subarray([
    ['--format', 'json'],
    ['--format', 'svg'],
    ['--theme', 'dark'],
    ['--width', '640'],
    ['--verbose'],
    ['--fault', '{"atMs":1000,"do":"pause","node":"A","ms":500}'],
  ]),
  at: fc.nat(),
})

describe.each(PROPERTY_SEEDS)('command-line fuzz, seed %i', (seed) => {
  it('one mistake in a valid command line is named on one line, exit 2', () => {
    assertProperty(
      fc.property(validArb, mistakeArb, (valid, mistake) => {
        const groups = valid.options.filter(
          (o) => o[0] !== mistake.flag && !(o[0] === '--format' && mistake.flag === '--format'),
        )
        // One --format at most in the valid part (the last would win).
        const seen = new Set<string>()
        const options = groups.filter((o) => (seen.has(o[0]!) ? false : (seen.add(o[0]!), true)))
        const parts = mistake.scenario === true ? options : [[valid.scenario], ...options]
        if (mistake.last) parts.push(mistake.args)
        else parts.splice(valid.at % (parts.length + 1), 0, mistake.args)
        const result = cli(parts.flat())
        const line = expectWellBehaved(result)
        if (line === null) {
          expect(mistake.mayBeValid).toBe(true)
          return
        }
        for (const name of mistake.names) expect(line).toContain(name)
      }),
      { seed, numRuns: 60 },
    )
  })

  it('random argv: exit 0 or 2, never an exception', () => {
    const arg = fc.oneof(
      fc.string({ maxLength: 20 }),
      unicodeArb,
      fc.constantFrom(...PRESET_IDS, validFile, subdir, ...badFiles),
      fc.constantFrom(
        ...OPTIONS.map((o) => (o.length === 1 ? `-${o}` : `--${o}`)),
        '--',
        '-',
        '--=',
        '--format=',
        '--width=1e3',
        '--no-verbose',
        '--verbose=1',
        '-hx',
        '--fault={}',
        '__proto__',
        'constructor',
      ),
    )
    assertProperty(
      fc.property(fc.array(arg, { maxLength: 7 }), (argv) => {
        expectWellBehaved(cli(argv))
      }),
      { seed, numRuns: 60 },
    )
  })
})
