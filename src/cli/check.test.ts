/** `fencing-lab check` (docs/contracts.md, "Checking a history"): exit codes, formats, input. */
import { readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { renderDiagramSvg } from '../viz'
import type { HistoryReport } from './check'
import { runCli } from './cli'
import { tempDir } from '../testing/tempDir'

function cli(argv: string[], stdin?: string) {
  let out = ''
  let err = ''
  const code = runCli(['check', ...argv], {
    out: (t) => (out += t),
    err: (t) => (err += t),
    renderSvg: renderDiagramSvg,
    ...(stdin === undefined ? {} : { readStdin: () => stdin }),
  })
  return { code, out, err }
}

const dir = tempDir('fencing-lab-check')
function file(name: string, content: string): string {
  const path = join(dir, name)
  writeFileSync(path, content)
  return path
}
const ndjson = (...events: object[]) => events.map((e) => JSON.stringify(e)).join('\n')
const UNFENCED = 'examples/histories/gc-pause-unfenced.ndjson'

describe('fencing-lab check', () => {
  it('exits 1 for a violation and explains it, with the lines it rests on', () => {
    const { code, out, err } = cli([UNFENCED])
    expect(err).toBe('')
    expect(code).toBe(1)
    expect(out).toContain('verdict: unsafe (1 violation, 1 warning)')
    expect(out).toContain(
      "why: storage accepted A's write with token 41 at 16.005 s (line 13) after it had accepted B's write with token 42 at 11.025 s (line 10); the lock service granted 42 to B at 10.005 s (line 7).",
    )
  })

  it('exits 0 when no violation is found', () => {
    const path = file(
      'safe.ndjson',
      ndjson(
        { atMs: 0, actor: 'lock', kind: 'acquire-granted', client: 'A', token: 1 },
        { atMs: 5, actor: 'storage', kind: 'write-accepted', client: 'A', token: 1 },
      ),
    )
    const { code, out } = cli([path])
    expect(code).toBe(0)
    expect(out).toContain('verdict: safe')
  })

  it('reads a history saved as UTF-16 with a byte-order mark (Windows PowerShell 5)', () => {
    const text = readFileSync(UNFENCED, 'utf8')
    const wide = file('wide.ndjson', '')
    writeFileSync(wide, Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, 'utf16le')]))
    const a = cli([UNFENCED, '--format', 'json'])
    const b = cli([wide, '--format', 'json'])
    expect(b.code).toBe(1)
    expect(b.out).toBe(a.out)
  })

  it('reads standard input with -', () => {
    const { code, out } = cli(['-', '--format', 'json'], readFileSync(UNFENCED, 'utf8'))
    expect(code).toBe(1)
    const r = JSON.parse(out) as HistoryReport
    expect(r.verdict).toBe('unsafe')
    expect(r.violations[0]).toMatchObject({
      kind: 'token-order',
      atMs: 16005,
      why: { lines: [7, 10, 13] },
    })
    expect(r.history.sources).toEqual(['fencing-lab/history@1'])
    expect(r.lines.length).toBe(r.events.length)
  })

  it('exits 2 for bad input, naming the line and field, and still judges the rest', () => {
    const path = file(
      'bad.ndjson',
      [
        '{"atMs":0,"actor":"lock","kind":"acquire-granted","client":"A","token":1}',
        '{"atMs":"later","actor":"A","kind":"release"}',
      ].join('\n'),
    )
    const { code, out, err } = cli([path])
    expect(code).toBe(2)
    expect(err).toContain('bad.ndjson: line 2: "atMs" must be a number of milliseconds')
    expect(out).toContain('verdict: safe')
  })

  it('exits 2 with one clear line for what cannot be read at all', () => {
    expect(cli([join(dir, 'missing.ndjson')])).toMatchObject({ code: 2 })
    expect(cli([join(dir, 'missing.ndjson')]).err).toContain('no such file')
    expect(cli([]).err).toContain('missing the history')
    expect(cli([UNFENCED, '--format', 'png']).err).toContain('--format must be text, json or svg')
    expect(cli([UNFENCED, '--width', '-5']).err).toMatch(/--width needs a value; .* --width=-5\n/)
    expect(cli([UNFENCED, '--theme']).err).toMatch(/--theme needs a value\n/)
    const empty = cli([file('empty.ndjson', '\n\n')])
    expect(empty).toMatchObject({ code: 2 })
    expect(empty.err).toContain('the history has no events')
  })

  it('draws the history as SVG with the shared renderer', () => {
    const { code, out } = cli([UNFENCED, '--format', 'svg', '--theme', 'dark'])
    expect(code).toBe(1)
    expect(out).toMatch(/^<\?xml/)
    expect(out).toContain('A held token 41')
  })

  it('round-trips its own JSON report: the same findings again', () => {
    const first = cli([UNFENCED, '--format', 'json'])
    const again = cli([file('report.json', first.out), '--format', 'json'])
    expect(again.code).toBe(1)
    const a = JSON.parse(first.out) as HistoryReport
    const b = JSON.parse(again.out) as HistoryReport
    const strip = (r: HistoryReport) =>
      [...r.violations, ...r.warnings].map(({ why: _why, ...f }) => f)
    expect(strip(b)).toEqual(strip(a))
    expect(b.history.sources).toEqual(['fencing-lab/report'])
  })

  it("cannot be made to act on the terminal by a history's text", () => {
    const path = file(
      'hostile.ndjson',
      ndjson(
        { atMs: 0, actor: 'lock', kind: 'acquire-granted', client: 'A', token: 2 },
        {
          atMs: 1,
          actor: 'storage',
          kind: 'write-accepted',
          client: 'A',
          token: 2,
          value: '\u001b[2J\u202e',
        },
        {
          atMs: 2,
          actor: 'storage',
          kind: 'write-accepted',
          client: 'A',
          token: 1,
          value: 'x\u0007',
          reason: 'x',
        },
        { atMs: 3, actor: 'A', kind: 'grab\u001b]52;c;aGk=\u0007' },
      ),
    )
    for (const format of ['text', 'json', 'svg']) {
      const { out, err } = cli([path, '--format', format, '--verbose'])
      // eslint-disable-next-line no-control-regex
      expect(out + err).not.toMatch(/[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u202a-\u202e]/)
    }
  })
})
