import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { judgeHistory } from '../judge'
import { readHistory } from '../read'
import { fromBase64 } from './etcd'

const example = (name: string) => ({
  name,
  text: readFileSync(`examples/histories/${name}`, 'utf8'),
})
const b64 = (s: string) => Buffer.from(s).toString('base64')
const KEY_A = '/locks/orders/694d8a1b2c3d4e01'
const KEY_B = '/locks/orders/694d8a1b2c3d4e02'
const put = (key: string, rev: number, value: string) =>
  JSON.stringify({
    Header: { revision: rev },
    Events: [
      {
        kv: {
          key: b64(key),
          create_revision: rev,
          mod_revision: rev,
          version: 1,
          value: b64(value),
        },
      },
    ],
  })
const del = (key: string, rev: number) =>
  JSON.stringify({
    Header: { revision: rev },
    Events: [{ type: 1, kv: { key: b64(key), mod_revision: rev } }],
  })

describe('etcd (etcdctl watch/get -w json)', () => {
  const watch = example('etcd-lock-watch.ndjson')

  it('grants the lock to the lowest create_revision, whose revision is the token; a DELETE ends it', () => {
    const h = readHistory(watch.text, watch.name)
    expect(h.source).toBe('etcd')
    expect(h.errors).toEqual([])
    expect(h.notes).toEqual([])
    expect(h.events.map((e) => [e.kind, e.actor, e.client, e.token, e.line])).toEqual([
      ['acquire-requested', 'node-a', 'node-a', null, 3],
      ['acquire-granted', 'etcd', 'node-a', 100, 3],
      ['acquire-requested', 'node-b', 'node-b', null, 4],
      ['release', 'etcd', 'node-a', null, 5],
      ['acquire-granted', 'etcd', 'node-b', 101, 5],
      ['release', 'etcd', 'node-b', null, 6],
    ])
    expect(h.events[4]?.atMs).toBe(Date.parse('2026-12-03T16:00:12.000Z'))
  })

  it("with the application's write log: the paused holder's late write is found and explained", () => {
    const out = judgeHistory([watch, example('etcd-app-writes.ndjson')])
    if (!out.ok) throw new Error(out.message)
    const j = out.judgement
    expect(j.sources).toEqual(['etcd', 'fencing-lab/history@1'])
    expect(j.result.verdict).toBe('unsafe')
    expect(j.findings[0]?.why.text).toBe(
      "orders-db accepted node-a's write with token 100 at 15.004 s (etcd-app-writes.ndjson line 7) after it had accepted node-b's write with token 101 at 12.504 s (etcd-app-writes.ndjson line 5); the lock service granted 101 to node-b at 12 s (etcd-lock-watch.ndjson line 5).",
    )
  })

  it('is safe when the store checks the revision and rejects the stale write', () => {
    const app = example('etcd-app-writes.ndjson')
    const fenced = app.text
      .replace('"fencing": "none"', '"fencing": "atomic"')
      .replace(
        '{"time": "2026-12-03T16:00:15.004Z", "actor": "orders-db", "kind": "write-accepted"',
        '{"time": "2026-12-03T16:00:15.004Z", "actor": "orders-db", "kind": "write-rejected"',
      )
    expect(fenced).not.toBe(app.text)
    const out = judgeHistory([watch, { name: app.name, text: fenced }])
    if (!out.ok) throw new Error(out.message)
    expect(out.judgement.result.violations).toEqual([])
  })

  it('without times: events stand at their revisions, and a note says so', () => {
    const text = [put(KEY_A, 7, 'A'), put(KEY_B, 8, 'B'), del(KEY_A, 9)].join('\n')
    const h = readHistory(text)
    expect(h.source).toBe('etcd')
    expect(h.events.map((e) => [e.kind, e.client, e.atMs])).toEqual([
      ['acquire-requested', 'A', 7],
      ['acquire-granted', 'A', 7],
      ['acquire-requested', 'B', 8],
      ['release', 'A', 9],
      ['acquire-granted', 'B', 9],
    ])
    const out = judgeHistory([{ name: null, text }])
    if (!out.ok) throw new Error(out.message)
    expect(out.judgement.notes[0]).toMatchObject({ kind: 'untimed' })
    expect(out.judgement.notes[0]?.message).toMatch(/^etcd writes no time/)
  })

  it('reads a get snapshot: the lowest create_revision holds, named by its key without a value', () => {
    const get = JSON.stringify({
      header: { revision: 42 },
      kvs: [
        { key: b64(KEY_B), create_revision: 31, mod_revision: 31, version: 1 },
        { key: b64(KEY_A), create_revision: 30, mod_revision: 30, version: 1 },
      ],
      count: 2,
    })
    const h = readHistory(`1764777600000 ${get}`)
    expect(h.events.map((e) => [e.kind, e.client, e.token, e.atMs])).toEqual([
      ['acquire-granted', '694d8a1b2c3d4e01', 30, 1764777600000],
    ])
  })

  it('names a bad line and reads the rest', () => {
    const text = [
      `2026-12-03T16:00:00Z ${put(KEY_A, 7, 'A')}`,
      `yesterday ${put(KEY_B, 8, 'B')}`,
      '2026-12-03T16:00:02Z {"Events": [',
      `2026-12-03T16:00:03Z ${del(KEY_A, 9)}`,
    ].join('\n')
    const h = readHistory(text)
    expect(h.errors).toEqual([
      { line: 2, message: '"yesterday" is not a time (ISO 8601, or ms since the epoch)' },
      { line: 3, message: 'not valid JSON (etcdctl prints one response a line)' },
    ])
    expect(h.events.map((e) => e.kind)).toEqual(['acquire-requested', 'acquire-granted', 'release'])
  })

  it('decodes base64 keys and values as UTF-8', () => {
    expect(fromBase64(b64('/locks/ördérs/ключ'))).toBe('/locks/ördérs/ключ')
    expect(fromBase64('not base64!')).toBeNull()
  })
})
