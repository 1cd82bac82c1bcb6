/**
 * Fuzzed histories never crash the reader, the judge or `fencing-lab check`: truncated,
 * reordered, wrongly typed and huge inputs either judge (exit 0 or 1) or are refused with a
 * message that names the bad line (exit 2). Replay a failure with the command in its message.
 */
import { readFileSync } from 'node:fs'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { runCli } from '../cli/cli'
import { assertProperty } from '../testing/property'
import { judgeHistory } from './judge'

const EXAMPLES = [
  'gc-pause-unfenced.ndjson',
  'kubernetes-lease-watch.json',
  'kubernetes-app-writes.ndjson',
  'client-go-node-a.log',
].map((name) => readFileSync(`examples/histories/${name}`, 'utf8'))

function check(text: string) {
  let out = ''
  let err = ''
  const code = runCli(['check', '-', '--format', 'json'], {
    out: (t) => (out += t),
    err: (t) => (err += t),
    readStdin: () => text,
  })
  return { code, out, err }
}

/** The CLI's contract on any input: a verdict (0/1) or a message naming what is wrong (2). */
function expectWellBehaved(text: string): void {
  const { code, out, err } = check(text)
  expect([0, 1, 2]).toContain(code)
  expect(err).not.toMatch(/internal error|\n\s+at /)
  if (code === 2) expect(err).toMatch(/^fencing-lab check: /)
  else JSON.parse(out)
}

const lineArb = fc.oneof(
  fc.constantFrom(...EXAMPLES.flatMap((t) => t.split('\n'))),
  fc.json(),
  fc.string({ maxLength: 40 }),
  fc
    .record(
      {
        atMs: fc.oneof(fc.integer({ min: -5, max: 30_000 }), fc.constant('x'), fc.double()),
        actor: fc.constantFrom('A', 'B', 'lock', 'storage', '', 7),
        kind: fc.constantFrom(
          'acquire-granted',
          'write-accepted',
          'write-sent',
          'release',
          'renew',
          'expiry-observed',
          'read',
          'effect',
          'write-rejected',
          'nope',
        ),
        client: fc.constantFrom('A', 'B', undefined, 3),
        resource: fc.constantFrom('storage', undefined, null),
        token: fc.oneof(
          fc.integer({ min: 0, max: 50 }),
          fc.constant(null),
          fc.constant('41'),
          fc.constant(1.5),
          fc.constant([]),
        ),
        leaseMs: fc.constantFrom(undefined, 100, 10_000, -1),
      },
      { requiredKeys: ['atMs', 'actor', 'kind'] },
    )
    .map((o) => JSON.stringify(o)),
)

describe('fuzzed histories', () => {
  it('a truncated example never crashes, and a bad line is named', () => {
    assertProperty(
      fc.property(
        fc.nat(EXAMPLES.length - 1),
        fc.double({ min: 0, max: 1, noNaN: true }),
        (which, at) => {
          const text = EXAMPLES[which] as string
          expectWellBehaved(text.slice(0, Math.floor(text.length * at)))
        },
      ),
      { numRuns: 15 },
    )
  })

  it('reordered, mixed and wrongly typed lines never crash the reader, the judge or the CLI', () => {
    assertProperty(
      fc.property(fc.array(lineArb, { maxLength: 40 }), (lines) => {
        const text = lines.join('\n')
        const out = judgeHistory([{ name: null, text }])
        for (const e of out.ok ? out.judgement.errors : out.errors) {
          expect(e.line).toBeGreaterThanOrEqual(0)
          expect(e.message.length).toBeGreaterThan(0)
        }
        expectWellBehaved(text)
      }),
      { numRuns: 25 },
    )
  })

  it('a huge history with one bad line in it is judged, and the bad line is named', () => {
    const lines = ['{"format":"fencing-lab/history@1","leaseMs":50}']
    for (let i = 0; i < 10_000; i++) {
      const client = i % 2 === 0 ? 'A' : 'B'
      lines.push(
        JSON.stringify({ atMs: i * 10, actor: 'lock', kind: 'acquire-granted', client, token: i }),
      )
      lines.push(
        JSON.stringify({
          atMs: i * 10 + 5,
          actor: 'storage',
          kind: 'write-accepted',
          client,
          token: i,
        }),
      )
    }
    lines.splice(15_001, 0, '{"atMs": 1, "actor": "A", "kind": "write-sent"}')
    const { code, err } = check(lines.join('\n'))
    expect(code).toBe(2)
    expect(err).toContain('line 15002: "resource" is missing')
  })
})
