import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { PRESET_IDS, toReport } from '../sim'
import { largeHistory } from '../testing/largeHistory'
import { presetRun } from '../testing/presetRuns'
import type { Judgement } from './judge'
import { judgeHistory } from './judge'

function judge(text: string, name: string | null = null): Judgement {
  const out = judgeHistory([{ name, text }])
  if (!out.ok) throw new Error(out.message)
  return out.judgement
}

const ndjson = (...events: object[]) => events.map((e) => JSON.stringify(e)).join('\n')

describe('a history judged by the checker', () => {
  it('cites each trace event by the line it stands on, in the words as in the line numbers', () => {
    // A lease that runs out by its length stands on the grant (or renew) that set it, not on the
    // later line whose time showed it had run out; the words said the later line.
    const j = judge(
      ndjson(
        { atMs: 0, actor: 'lock', kind: 'acquire-granted', client: 'A', token: 41, leaseMs: 100 },
        { atMs: 50, actor: 'lock', kind: 'renew', client: 'A', token: 41, leaseMs: 100 },
        { atMs: 400, actor: 'storage', kind: 'write-accepted', client: 'A', token: 41 },
      ),
    )
    const expired = j.run.events.findIndex((e) => e.type === 'LeaseExpired')
    expect(j.run.events[expired]).toMatchObject({ atMs: 150, client: 'A' })
    expect([j.lineOf[expired], j.refOf[expired]]).toEqual([2, 'line 2'])
    const files = [
      'gc-pause-unfenced.ndjson',
      'kubernetes-lease-watch.json',
      'etcd-lock-watch.ndjson',
      'client-go-node-a.log',
    ]
    for (const history of [
      j,
      judge(largeHistory(2_000)),
      ...files.map((f) => judge(readFileSync(`examples/histories/${f}`, 'utf8'))),
    ]) {
      history.lineOf.forEach((line, i) =>
        expect(history.refOf[i], `event ${i}`).toBe(line === 0 ? '' : `line ${line}`),
      )
    }
  })

  it('finds the paused client overwriting the newer holder, and says why with the lines', () => {
    const j = judge(readFileSync('examples/histories/gc-pause-unfenced.ndjson', 'utf8'))
    expect(j.result.verdict).toBe('unsafe')
    expect(j.findings.map((f) => f.finding.kind)).toEqual(['token-order', 'two-believers'])
    const [order] = j.findings
    expect(order?.why.text).toBe(
      "storage accepted A's write with token 41 at 16.005 s (line 13) after it had accepted B's write with token 42 at 11.025 s (line 10); the lock service granted 42 to B at 10.005 s (line 7).",
    )
    expect(order?.why.lines).toEqual([7, 10, 13])
    // Each cited event is the one on that line (the UI jumps to them).
    for (const [k, i] of (order?.why.events ?? []).entries()) {
      expect(j.lineOf[i]).toBe(order?.why.lines[k])
    }
  })

  it('is safe when the resource fenced the late write out', () => {
    const j = judge(
      ndjson(
        { atMs: 0, actor: 'lock', kind: 'acquire-granted', client: 'A', token: 41, leaseMs: 100 },
        { atMs: 100, actor: 'lock', kind: 'acquire-granted', client: 'B', token: 42, leaseMs: 100 },
        { atMs: 110, actor: 'storage', kind: 'write-accepted', client: 'B', token: 42 },
        {
          atMs: 160,
          actor: 'storage',
          kind: 'write-rejected',
          client: 'A',
          token: 41,
          reason: 'token 41 < 42',
        },
      ),
    )
    expect(j.result.verdict).toBe('safe')
    expect(j.run.scenario.resources[0]?.fencing).toBe('atomic')
    // A's lease ran out by its own length at 100 ms, when B got the lock: no guess needed.
    expect(j.notes.map((n) => n.kind)).not.toContain('implied-expiry')
    const expired = j.run.events.findIndex((e) => e.type === 'LeaseExpired')
    expect(j.run.events[expired]).toMatchObject({ atMs: 100, client: 'A' })
    expect(j.lineOf[expired]).toBe(1)
  })

  it("ends a lease at a new holder's grant when its length says it still ran, and says so", () => {
    const j = judge(
      ndjson(
        { atMs: 0, actor: 'lock', kind: 'acquire-granted', client: 'A', token: 41, leaseMs: 1000 },
        {
          atMs: 100,
          actor: 'lock',
          kind: 'acquire-granted',
          client: 'B',
          token: 42,
          leaseMs: 1000,
        },
      ),
    )
    expect(j.notes.find((n) => n.kind === 'implied-expiry')?.message).toBe(
      "The lock service granted B the lock (token 42) at 0.1 s (line 2) while A's lease (token 41) had not been seen to end (it ran until 1 s): by the lock service's account it had ended by then.",
    )
    expect(j.run.events.find((e) => e.type === 'LeaseExpired')).toMatchObject({ atMs: 100 })
  })

  it('says when clocks disagree, and draws no arrow backwards in time', () => {
    const j = judge(
      ndjson(
        { atMs: 0, actor: 'lock', kind: 'acquire-granted', client: 'A', token: 1 },
        { atMs: 50, actor: 'storage', kind: 'write-accepted', client: 'A', token: 1, value: 'x' },
        { atMs: 60, actor: 'A', kind: 'write-sent', resource: 'storage', token: 1, value: 'x' },
      ),
    )
    const clocks = j.notes.find((n) => n.kind === 'clocks-disagree')
    expect(clocks?.message).toContain('before A sent it')
    expect(clocks?.lines).toEqual([3, 2])
    const sent = j.run.events.find((e) => e.type === 'MessageSent')
    expect(sent).toMatchObject({ atMs: 60, deliverAtMs: null })
    // The events stay at their own times: nothing is reordered to make the story tidy.
    expect(j.run.events.map((e) => e.atMs)).toEqual([0, 0, 50, 60, 60])
  })

  it('says that a write without a token cannot be ordered', () => {
    const j = judge(
      ndjson(
        { atMs: 0, actor: 'lock', kind: 'acquire-granted', client: 'A', token: 1 },
        { atMs: 50, actor: 'storage', kind: 'write-accepted', client: 'A', value: 'x' },
      ),
    )
    expect(j.notes.find((n) => n.kind === 'no-token')?.message).toContain(
      "A's write at 0.05 s (line 2) carries no token: storage could not order it",
    )
  })

  it('without any grant judges only the order of tokens', () => {
    const j = judge(
      ndjson(
        { atMs: 0, actor: 'storage', kind: 'write-accepted', client: 'B', token: 42 },
        { atMs: 10, actor: 'storage', kind: 'write-accepted', client: 'A', token: 41 },
      ),
    )
    expect(j.result.violations.map((f) => f.kind)).toEqual(['token-order'])
    expect(j.result.warnings).toEqual([])
    expect(j.notes.map((n) => n.kind)).toContain('no-lock-events')
  })

  it('merges several inputs, citing each event by file and line', () => {
    const out = judgeHistory([
      {
        name: 'lock.ndjson',
        text: ndjson(
          { atMs: 0, actor: 'lock', kind: 'acquire-granted', client: 'A', token: 1, leaseMs: 10 },
          { atMs: 10, actor: 'lock', kind: 'acquire-granted', client: 'B', token: 2 },
        ),
      },
      {
        name: 'app.ndjson',
        text: ndjson(
          { atMs: 20, actor: 'storage', kind: 'write-accepted', client: 'B', token: 2 },
          { atMs: 30, actor: 'storage', kind: 'write-accepted', client: 'A', token: 1 },
        ),
      },
    ])
    if (!out.ok) throw new Error(out.message)
    const why = out.judgement.findings.find((f) => f.finding.kind === 'token-order')?.why.text
    expect(why).toContain('(app.ndjson line 2)')
    expect(why).toContain('(lock.ndjson line 2)')
  })

  it('refuses a history it cannot draw, saying why', () => {
    expect(judgeHistory([{ name: null, text: '' }])).toMatchObject({
      ok: false,
      message: 'the history has no events',
    })
    const bad = judgeHistory([{ name: null, text: 'nope' }])
    expect(bad).toMatchObject({ ok: false })
    if (!bad.ok) expect(bad.message).toContain('line 1: not valid JSON')
    const many = ndjson(
      ...Array.from({ length: 65 }, (_, i) => ({
        atMs: i,
        actor: `c${i}`,
        kind: 'acquire-requested',
      })),
    )
    expect(judgeHistory([{ name: null, text: many }])).toMatchObject({
      ok: false,
      message: 'the history names 65 clients; the lab draws at most 64',
    })
  })
})

describe("the lab's own report read back (a round trip)", () => {
  it.each(PRESET_IDS)('%s: same verdict, findings and events', (id) => {
    const { run, findings } = presetRun(id)
    const j = judge(JSON.stringify(toReport(run, findings)))
    expect(j.sources).toEqual(['fencing-lab/report'])
    expect(j.result.verdict).toBe(findings.verdict)
    const strip = (list: typeof findings.violations) =>
      list.map((f) => ({ kind: f.kind, atMs: f.atMs, untilMs: f.untilMs, message: f.message }))
    expect(strip(j.result.violations)).toEqual(strip(findings.violations))
    expect(strip(j.result.warnings)).toEqual(strip(findings.warnings))
    expect(j.run.events).toEqual(run.events)
  })
})

describe('progress while judging', () => {
  it('reports growing shares of the work, ending with all of it', () => {
    const text = largeHistory(20_000)
    const heard: number[] = []
    const out = judgeHistory([{ name: null, text }], (done) => heard.push(done))
    expect(out.ok).toBe(true)
    // Several reports while the lines are read, then one per stage, then the end.
    expect(heard.length).toBeGreaterThan(5)
    for (let i = 1; i < heard.length; i++) {
      expect(heard[i]).toBeGreaterThanOrEqual(heard[i - 1] as number)
    }
    expect(heard[0]).toBeGreaterThan(0)
    expect(heard.at(-1)).toBe(1)
  })

  it('splits reading between the inputs by their size', () => {
    const a = readFileSync('examples/histories/gc-pause-unfenced.ndjson', 'utf8')
    const heard: number[] = []
    const out = judgeHistory(
      [
        { name: 'a.ndjson', text: a },
        { name: 'b.ndjson', text: a },
      ],
      (done) => heard.push(done),
    )
    expect(out.ok).toBe(true)
    // Each input read is half of the reading share; the end is all of the work.
    expect(heard.slice(0, 2)).toEqual([0.125, 0.25])
    expect(heard.at(-1)).toBe(1)
  })
})
