import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { judgeHistory } from '../judge'
import { readHistory } from '../read'
import { splitJsonStream } from './jsonStream'

const example = (name: string) => ({
  name,
  text: readFileSync(`examples/histories/${name}`, 'utf8'),
})

describe('a Kubernetes Lease watch', () => {
  const watch = example('kubernetes-lease-watch.json')

  it('reads each change of holder as a grant with leaseTransitions as its token, and renews', () => {
    const h = readHistory(watch.text)
    expect(h.source).toBe('kubernetes-lease-watch')
    expect(h.errors).toEqual([])
    expect(h.events.map((e) => [e.kind, e.client, e.token])).toEqual([
      ['acquire-granted', 'node-a', 0],
      ['renew', 'node-a', 0],
      ['renew', 'node-a', 0],
      ['acquire-granted', 'node-b', 1],
      ['renew', 'node-b', 1],
      ['renew', 'node-b', 1],
      ['renew', 'node-b', 1],
    ])
    expect(h.events[0]).toMatchObject({ leaseMs: 15000, actor: 'lock', clock: 'node-a', line: 1 })
  })

  it("with the application's write log: the split brain is found and explained", () => {
    const out = judgeHistory([watch, example('kubernetes-app-writes.ndjson')])
    if (!out.ok) throw new Error(out.message)
    const j = out.judgement
    expect(j.result.verdict).toBe('unsafe')
    expect(j.findings[0]?.why.text).toBe(
      "orders-db accepted node-a's write with token 0 at 25.305 s (kubernetes-app-writes.ndjson line 7) after it had accepted node-b's write with token 1 at 20.104 s (kubernetes-app-writes.ndjson line 5); the lock service granted 1 to node-b at 19.5 s (kubernetes-lease-watch.json line 55).",
    )
    expect(j.run.scenario.lockService.leaseMs).toBe(15000)
    // node-a's lease ran out by its own length, 15 s after its last renew at 4 s.
    expect(j.run.events.find((e) => e.type === 'LeaseExpired')).toMatchObject({
      atMs: 19000,
      client: 'node-a',
    })
  })

  it('skips repeated resource versions and names a bad object by its line', () => {
    const one = JSON.stringify(JSON.parse(watch.text.split('\n}\n')[0] + '\n}'))
    const text = [
      one,
      one,
      one.replace('"2026-12-03T16:00:00.000000Z"', '"noon"').replace('"1000"', '"9"'),
    ].join('\n')
    const h = readHistory(text)
    expect(h.events.length).toBe(1)
    expect(h.errors).toEqual([{ line: 3, message: '"spec.acquireTime" must be an RFC 3339 time' }])
  })
})

describe('client-go leader-election log lines', () => {
  it("reads client-go's own strings and the callbacks', naming the process by its # actor line", () => {
    const h = readHistory(example('client-go-node-a.log').text, 'whatever.log')
    expect(h.source).toBe('client-go-klog')
    expect(h.events.map((e) => [e.kind, e.actor, e.line])).toEqual([
      ['acquire-requested', 'node-a', 2],
      ['acquire-granted', 'node-a', 3],
      ['renew', 'node-a', 5],
      ['renew', 'node-a', 6],
      ['renew-refused', 'node-a', 7],
      ['expiry-observed', 'node-a', 8],
    ])
  })

  it('two processes that both led are two believers', () => {
    const out = judgeHistory([example('client-go-node-a.log'), example('client-go-node-b.log')])
    if (!out.ok) throw new Error(out.message)
    expect(out.judgement.result.warnings.map((f) => [f.kind, f.atMs, f.untilMs])).toEqual([
      ['two-believers', 19503, 25290],
    ])
  })
})

describe('concatenated JSON', () => {
  it('splits objects across lines, with the line each starts on, and names the bad ones', () => {
    const { values, errors } = splitJsonStream(
      '{"a": "}{"}\n{\n "b": [1,\n 2]\n}\nstray\n{"c": tru}\n{"d":',
    )
    expect(values).toEqual([
      { line: 1, value: { a: '}{' } },
      { line: 2, value: { b: [1, 2] } },
    ])
    expect(errors.map((e) => e.line)).toEqual([6, 7, 8])
  })
})
