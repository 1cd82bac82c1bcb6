import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import fc from 'fast-check'
import { assertProperty } from '../testing/property'
import { describe, expect, it } from 'vitest'
import { PRESETS } from '../sim'
import type { Report } from '../sim'
import { renderDiagramSvg } from '../viz'
import { EXIT_INVALID, EXIT_OK, runCli } from './cli'
import { tempDir } from '../testing/tempDir'

function cli(...argv: string[]) {
  let out = ''
  let err = ''
  const code = runCli(argv, {
    out: (t) => (out += t),
    err: (t) => (err += t),
    renderSvg: renderDiagramSvg,
  })
  return { code, out, err }
}

function report(...argv: string[]): Report {
  const { code, out, err } = cli(...argv, '--format', 'json')
  expect(err).toBe('')
  expect(code).toBe(EXIT_OK)
  return JSON.parse(out) as Report
}

const dir = tempDir('fencing-lab-cli')
function file(name: string, content: string): string {
  const path = join(dir, name)
  writeFileSync(path, content)
  return path
}

function cliWithStdin(stdin: string, ...argv: string[]) {
  let out = ''
  let err = ''
  const code = runCli(argv, {
    out: (t) => (out += t),
    err: (t) => (err += t),
    readStdin: () => stdin,
  })
  return { code, out, err }
}

describe('npm run sim', () => {
  it('reads a scenario from standard input with -, named so in its messages', () => {
    const scenario = { durationMs: 100, clients: [{ id: 'A', script: [{ do: 'acquire' }] }] }
    const ok = cliWithStdin(JSON.stringify(scenario), '-', '--format', 'json')
    expect(ok.code).toBe(EXIT_OK)
    expect((JSON.parse(ok.out) as Report).grants).toHaveLength(1)
    const bad = cliWithStdin('{"clients": [', '-')
    expect(bad.code).toBe(EXIT_INVALID)
    expect(bad.err).toMatch(/^fencing-lab: standard input is not valid JSON/)
    expect(cli('-').err).toBe('fencing-lab: standard input is not available\n')
  })

  it('reads a scenario file that starts with a byte-order mark', () => {
    const path = file(
      'bom.json',
      '\ufeff{"durationMs": 100, "clients": [{"id": "A", "script": []}]}',
    )
    expect(cli(path).code).toBe(EXIT_OK)
  })

  it('says a scenario or a fault that is not an object is not one', () => {
    const list = cli(file('list.json', '[]'))
    expect(list.code).toBe(EXIT_INVALID)
    expect(list.err).toContain('Invalid scenario: must be an object, not a list')
    expect(cli('gc-pause', '--fault', 'null').err).toContain(
      'faults[1]: must be an object, not null',
    )
    const step = cli(file('step.json', '{"clients": [{"id": "A", "script": ["acquire"]}]}'))
    expect(step.err).toContain('clients[0].script[0]: must be an object, not "acquire"')
  })

  it('reproduces the gc-pause story as JSON (docs/contracts.md)', () => {
    const r = report('gc-pause')
    expect(r.scenario).toBe('gc-pause')
    expect(r.verdict).toBe('safe')
    expect(r.grants).toEqual([
      { atMs: 5, client: 'A', token: 41, expiresAtMs: 10005, expiresAtServiceMs: 10005 },
      { atMs: 10005, client: 'B', token: 42, expiresAtMs: 20005, expiresAtServiceMs: 20005 },
    ])
    expect(r.writes).toEqual([
      {
        sentAtMs: 11020,
        atMs: 11025,
        client: 'B',
        resource: 'storage',
        kind: 'write',
        token: 42,
        value: 'B',
        outcome: 'accepted',
        reason: null,
      },
      {
        sentAtMs: 16000,
        atMs: 16005,
        client: 'A',
        resource: 'storage',
        kind: 'write',
        token: 41,
        value: 'A',
        outcome: 'rejected',
        reason: 'token 41 < 42',
      },
    ])
    expect(r.final).toEqual({ storage: { value: 'B', highestToken: 42 } })
    expect(r.violations).toEqual([])
    expect(r.warnings).toHaveLength(1)
    expect(r.warnings[0]).toMatchObject({ kind: 'two-believers', fromMs: 10010, toMs: 11030 })
    expect(r.events[0]).toMatchObject({ atMs: 0, node: 'A', type: 'MessageSent' })
  })

  it.each(PRESETS.map((p) => [p.id, p] as const))('%s: reports its expected outcome', (id, p) => {
    const r = report(id)
    expect(r.verdict).toBe(p.expected.verdict)
    expect(new Set(r.violations.map((v) => v.kind))).toEqual(new Set(p.expected.violations))
    expect(new Set(r.warnings.map((w) => w.kind))).toEqual(new Set(p.expected.warnings))
  })

  it('redlock-clock-jump reports each node’s grant and the two holders as an interval', () => {
    const r = report('redlock-clock-jump')
    expect(r.grants.map((g) => [g.client, g.node])).toEqual([
      ['A', 'redis1'],
      ['A', 'redis2'],
      ['A', 'redis3'],
      ['B', 'redis3'],
      ['B', 'redis4'],
      ['B', 'redis5'],
    ])
    expect(r.violations).toEqual([
      expect.objectContaining({ kind: 'two-holders', fromMs: 2150, toMs: 9898, nodes: ['A', 'B'] }),
    ])
    // Every finding but two-believers carries atMs (the contract): an interval's, its start.
    expect(r.violations[0]).toHaveProperty('atMs', 2150)
    const believers = r.warnings.find((w) => w.kind === 'two-believers')
    expect(believers).toHaveProperty('fromMs')
    expect(believers).not.toHaveProperty('atMs')
    // A one-node run's grants carry no node field: its JSON is as before.
    expect(report('gc-pause').grants[0]).not.toHaveProperty('node')
  })

  it('redlock-pause tells the late majority in words', () => {
    const { code, out } = cli('redlock-pause')
    expect(code).toBe(EXIT_OK)
    expect(out).toContain(
      "A counted 5 of 5 nodes granted (quorum 3) and believes it holds the lock without timing the acquisition — by Redlock's rule it holds nothing: validity 10 s − 12 s elapsed − 102 ms drift = -2.102 s",
    )
  })

  it('check-then-write reports the apply time and a highest token that went backwards', () => {
    const r = report('check-then-write')
    expect(r.writes.map((w) => [w.client, w.atMs, w.appliedAtMs])).toEqual([
      ['B', 15000, 15010],
      ['A', 15001, 15011],
    ])
    expect(r.final.storage?.highestToken).toBe(41)
  })

  it('the text format is a readable timeline with the rejection in words', () => {
    const { code, out } = cli('gc-pause')
    expect(code).toBe(EXIT_OK)
    expect(out).toContain("storage rejected A's write: token 41 < 42")
    expect(out).toContain('verdict: safe')
    expect(out).not.toContain('received')
    expect(cli('gc-pause', '--verbose').out).toContain('received')
  })

  it('--fault adds faults: removing the pause from gc-pause-unfenced is not possible, so pause B', () => {
    const base = report('gc-pause-unfenced')
    expect(base.verdict).toBe('unsafe')
    // Crashing A before it wakes means its stale write is never sent.
    const fixed = report('gc-pause-unfenced', '--fault', '{"atMs":2000,"do":"crash","node":"A"}')
    expect(fixed.verdict).toBe('safe')
    expect(fixed.writes.map((w) => w.client)).toEqual(['B'])
  })

  it('reads a scenario file, and the report does not depend on its path', () => {
    const scenario = {
      clients: [{ id: 'A', script: [{ do: 'acquire' }, { do: 'write', value: 1 }] }],
    }
    const a = report(file('one.json', JSON.stringify(scenario)))
    const b = report(file('two.json', JSON.stringify(scenario)))
    expect(a).toEqual(b)
    expect(a.scenario).toBeNull()
    expect(report(file('named.json', JSON.stringify({ ...scenario, id: 'mine' }))).scenario).toBe(
      'mine',
    )
  })

  it.each([
    [['no-such-preset'], /neither a preset id nor a file/],
    [['./missing.json'], /no such file: "\.\/missing\.json"/],
    [[dir], /is a directory, not a scenario file/],
    [['gc-pause', '--width', 'wide'], /--width must be .* not "wide"/],
    [['a\nb'], /^fencing-lab: "a\\nb" is neither a preset id nor a file/],
    [[file('bad.json', '{"clients": [')], /not valid JSON/],
    [
      [file('invalid.json', '{"clients":[{"id":"A","script":[{"do":"fly"}]}]}')],
      /clients\[0\]\.script\[0\]\.do/,
    ],
    [
      [file('unknown.json', '{"clients":[{"id":"A","script":[]}],"colour":1}')],
      /colour: unknown field/,
    ],
    [['gc-pause', '--fault', '{not json'], /--fault #1 is not valid JSON/],
    [
      ['gc-pause', '--fault', '{"atMs":1,"do":"pause","node":"Z","ms":3}'],
      /--fault #1: faults\[1\]\.node: no node "Z"/,
    ],
    [['gc-pause', '--fault', '{"atMs":-1,"do":"expire-lease"}'], /faults\[1\]\.atMs/],
    [['gc-pause', '--format', 'xml'], /--format must be text, json, svg, png, gif or webm/],
    [['gc-pause', '--bogus'], /unknown option/i],
    // node:util's multi-line messages, in the CLI's words on one line.
    [['gc-pause', '--width', '-5'], /^fencing-lab: --width needs a value; .* --width=-5\n/],
    [
      ['gc-pause', '--width=-5'],
      /--width must be a whole number of pixels from 320 to 4000, not "-5"/,
    ],
    [['gc-pause', '--format'], /^fencing-lab: --format needs a value\n/],
    [['gc-pause', '--verbose=yes'], /^fencing-lab: --verbose takes no value\n/],
    [['gc-pause', '--help=1'], /^fencing-lab: --help takes no value\n/],
    [[], /missing the scenario/],
    [['gc-pause', 'delayed-write'], /expected one scenario/],
  ])('exits 2 with a message naming the problem: %j', (argv, message) => {
    const { code, out, err } = cli(...argv)
    expect(code).toBe(EXIT_INVALID)
    expect(out).toBe('')
    expect(err).toMatch(message)
  })

  it('never throws and always exits 0 or 2, whatever the arguments', () => {
    assertProperty(
      fc.property(
        fc.array(
          fc.oneof(
            fc.string(),
            fc.constantFrom('gc-pause', '--format', 'json', 'svg', '--fault', '--list', '--width'),
          ),
          { maxLength: 6 },
        ),
        (argv) => {
          const { code } = cli(...argv)
          return code === EXIT_OK || code === EXIT_INVALID
        },
      ),
      { numRuns: 60 },
    )
  })

  it('--format svg prints a standalone figure of the run (theme and width honoured)', () => {
    const { code, out } = cli('gc-pause', '--format', 'svg', '--theme', 'dark', '--width', '720')
    expect(code).toBe(EXIT_OK)
    expect(out.startsWith('<?xml')).toBe(true)
    expect(out).toContain('<svg xmlns="http://www.w3.org/2000/svg"')
    expect(out).toContain('data-theme="dark"')
    expect(out).toContain('width="720"')
    expect(out).toContain('41 &lt; 42')
    expect(out.trimEnd().endsWith('</svg>')).toBe(true)
    expect(cli('gc-pause', '--format', 'svg', '--width', '12').code).toBe(EXIT_INVALID)
  })

  it('--list names every preset and --help shows usage', () => {
    const list = cli('--list').out
    for (const p of PRESETS) expect(list).toContain(p.id)
    expect(cli('--help').out).toContain('Usage: npm run sim')
  })
})

describe('a crafted scenario cannot act on the terminal', () => {
  const ESC = '\u001b'
  const BEL = '\u0007'
  const hostile = {
    id: 'crafted',
    title: `${ESC}[2J${ESC}]0;pwned${BEL}${ESC}]52;c;ZXZpbA==${BEL}`,
    description: 'control characters in every text a scenario carries',
    resources: [{ id: 'storage', fencing: 'atomic', initialValue: `\rverdict: safe${ESC}[K` }],
    clients: [
      {
        id: 'A',
        script: [
          { do: 'acquire' },
          { do: 'write', value: `\u202e41 nekot\u009b2J` },
          { do: 'release' },
        ],
      },
    ],
  }
  const path = file('crafted.json', JSON.stringify(hostile))
  // Everything a terminal obeys: C0 controls but \n, DEL, C1, line separators, bidi controls.
  const ACTING =
    // eslint-disable-next-line no-control-regex
    /[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/

  it('escapes control and bidi characters in every line of the text format', () => {
    const { code, out, err } = cli(path, '--verbose')
    expect(code).toBe(EXIT_OK)
    expect(err).toBe('')
    for (const line of out.split('\n')) expect(line).not.toMatch(ACTING)
    // The title's controls are shown as their pictures (␛), not obeyed.
    expect(out.startsWith('crafted — \u241b[2J\u241b]0;pwned\u2407')).toBe(true)
    expect(out.split('\n').filter((l) => l.startsWith('verdict:'))).toEqual([
      'verdict: safe (0 violations, 0 warnings)',
    ])
    expect(out).toContain('\\u202e41 nekot')
  })

  it('keeps the JSON report meaning the same while holding no acting character', () => {
    const { code, out } = cli(path, '--format', 'json')
    expect(code).toBe(EXIT_OK)
    expect(out).not.toMatch(ACTING)
    const parsed = JSON.parse(out) as Report
    expect(parsed.final.storage?.value).toBe('\u202e41 nekot\u009b2J')
  })

  it('writes SVG that is well-formed and holds no acting character', () => {
    const { code, out } = cli(path, '--format', 'svg')
    expect(code).toBe(EXIT_OK)
    // Tab, line feed and the lab's own isolation marks are fine in a document.
    expect(out.replace(/[\t\n\u2068\u2069]/g, '')).not.toMatch(ACTING)
    expect(out).toContain('&#x202e;')
  })

  it('escapes what an error message quotes back', () => {
    const { code, err } = cli(`${ESC}]52;c;ZXZpbA==${BEL}.json`)
    expect(code).toBe(EXIT_INVALID)
    expect(err).not.toMatch(ACTING)
  })
})
