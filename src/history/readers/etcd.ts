/**
 * etcd's own output for a lock's keys: `etcdctl watch --prefix <lock prefix> -w json` (one
 * WatchResponse a line: `Header`, `Events`, each event a `kv` and a `type` that is absent for a
 * PUT and 1 for a DELETE) and `etcdctl get --prefix <lock prefix> -w json` (a RangeResponse:
 * `header`, `kvs`). Keys and values are base64, as Go's encoding/json writes bytes.
 *
 * etcd's lock (clientv3/concurrency's Mutex, and the Election) puts one key per waiter under the
 * prefix, bound to the waiter's lease; the waiter whose key has the lowest `create_revision` holds
 * the lock, and that create revision is its fencing token. A DELETE of the holder's key (its
 * owner's Unlock, or its lease's expiry: the watch does not say which) ends the grant, and the
 * next lowest key is granted. Who a key belongs to: its value when it is short text (an
 * Election's proposal, or what the application put there), else the key's last segment.
 *
 * etcd writes no time. A line may begin with one (`2026-12-03T16:00:00.000Z {…}` or epoch ms, as
 * `ts` or a shell loop adds it); a line without one is placed at its revision (1 ms a revision),
 * which keeps etcd's order but not its timing, and a note says so.
 */
import type { HistoryEvent, ParsedHistory } from '../format'
import { derivedEvent, emptyHeader } from '../format'
import { LineErrors, lines } from '../parse'
import { parseIsoMs } from '../time'

export const ETCD_SOURCE = 'etcd'

/** The lock service's name in an etcd history. */
const ETCD_ACTOR = 'etcd'

/** Whether text looks like etcdctl's JSON output (cheap: a look at its start). */
export function looksLikeEtcd(text: string): boolean {
  const head = text.slice(0, 4000)
  const first = head.split('\n').find((l) => !/^\s*(#|\/\/|$)/.test(l)) ?? ''
  return (
    /^\s*(\S+\s+)?\{/.test(first) &&
    (/"Events"\s*:/.test(head) || (/"header"\s*:/.test(head) && /"kvs"\s*:/.test(head))) &&
    /"(create_revision|mod_revision|revision)"/.test(head)
  )
}

interface Kv {
  key: string
  createRevision: number | null
  modRevision: number | null
  version: number | null
  value: string
}

interface Waiter {
  client: string
  createRevision: number
}

export function readEtcd(text: string): ParsedHistory {
  const errors = new LineErrors()
  const events: HistoryEvent[] = []
  const live = new Map<string, Waiter>()
  const owner = new Map<string, string>()
  let holder: string | null = null
  let untimed = 0
  let timed = 0

  const event = (line: number, atMs: number, fields: Partial<HistoryEvent>): HistoryEvent =>
    derivedEvent(
      { line, atMs, actor: ETCD_ACTOR, clock: ETCD_ACTOR, kind: 'acquire-granted' },
      fields,
    )

  /** Grants the lock to the lowest live key, if that is not the holder already. */
  const grantNext = (line: number, atMs: number) => {
    let lowest: [string, Waiter] | null = null
    for (const entry of live) {
      if (lowest === null || entry[1].createRevision < lowest[1].createRevision) lowest = entry
    }
    if (lowest === null || lowest[0] === holder) return
    holder = lowest[0]
    const { client, createRevision } = lowest[1]
    events.push(
      event(line, atMs, { kind: 'acquire-granted', client, by: client, token: createRevision }),
    )
  }

  const put = (line: number, atMs: number, kv: Kv, requested: boolean) => {
    if (kv.createRevision === null) {
      errors.add(line, `a PUT of ${kv.key} has no "create_revision"`)
      return
    }
    const known = owner.get(kv.key)
    // A put that did not create the key (version > 1) changes its value, not who waits or holds.
    if (live.has(kv.key) && (kv.version ?? 1) > 1) return
    const client = known ?? clientOf(kv)
    owner.set(kv.key, client)
    live.set(kv.key, { client, createRevision: kv.createRevision })
    if (requested) {
      events.push(
        event(line, atMs, { kind: 'acquire-requested', actor: client, client, by: client }),
      )
    }
    grantNext(line, atMs)
  }

  const remove = (line: number, atMs: number, key: string) => {
    const waiter = live.get(key)
    if (waiter === undefined) return
    live.delete(key)
    if (key === holder) {
      holder = null
      events.push(event(line, atMs, { kind: 'release', client: waiter.client, by: waiter.client }))
    }
    grantNext(line, atMs)
  }

  const all = lines(text)
  all.forEach((raw, i) => {
    const line = i + 1
    const trimmed = raw.trim()
    if (trimmed === '' || trimmed.startsWith('#') || trimmed.startsWith('//')) return
    const brace = trimmed.indexOf('{')
    if (brace < 0) {
      errors.add(line, 'must be a JSON object of etcdctl’s output (watch or get with -w json)')
      return
    }
    const prefix = trimmed.slice(0, brace).trim()
    let stamp: number | null = null
    if (prefix !== '') {
      stamp = timeOf(prefix)
      if (stamp === null) {
        errors.add(line, `"${prefix.slice(0, 40)}" is not a time (ISO 8601, or ms since the epoch)`)
        return
      }
    }
    let o: Record<string, unknown>
    try {
      const value: unknown = JSON.parse(trimmed.slice(brace))
      if (typeof value !== 'object' || value === null || Array.isArray(value)) throw new Error()
      o = value as Record<string, unknown>
    } catch {
      errors.add(line, 'not valid JSON (etcdctl prints one response a line)')
      return
    }
    const header = (o['Header'] ?? o['header']) as Record<string, unknown> | undefined
    const revision = numberOf(header?.['revision'])
    const at = (rev: number | null): number | null => (stamp !== null ? stamp : rev)
    if (Array.isArray(o['Events'])) {
      for (const raw of o['Events'] as unknown[]) {
        const e = raw as Record<string, unknown> | null
        const kv = readKv(e?.['kv'])
        if (kv === null) {
          errors.add(line, 'an event without a "kv" with a base64 "key"')
          continue
        }
        const atMs = at(kv.modRevision ?? revision)
        if (atMs === null) {
          errors.add(line, `an event on ${kv.key} has no time and no revision`)
          continue
        }
        if (stamp === null) untimed++
        else timed++
        const type = e?.['type']
        if (type === 1 || type === 'DELETE') remove(line, atMs, kv.key)
        else if (type === undefined || type === 0 || type === 'PUT') put(line, atMs, kv, true)
        else errors.add(line, `event type ${JSON.stringify(type)} is neither PUT nor DELETE`)
      }
      return
    }
    if (Array.isArray(o['kvs'])) {
      const atMs = at(revision)
      if (atMs === null) {
        errors.add(line, 'a get response with no time and no "header.revision"')
        return
      }
      if (stamp === null) untimed++
      else timed++
      const kvs = (o['kvs'] as unknown[]).map(readKv)
      if (kvs.includes(null)) errors.add(line, 'a key-value without a base64 "key"')
      const known = kvs
        .filter((kv): kv is Kv => kv !== null)
        .sort((a, b) => (a.createRevision ?? 0) - (b.createRevision ?? 0))
      // A snapshot: the keys were put before it, at times it does not tell.
      for (const kv of known) put(line, atMs, kv, false)
      return
    }
    errors.add(line, 'neither a watch response ("Events") nor a get response ("kvs")')
  })

  const notes: string[] = []
  if (untimed > 0) {
    notes.push(
      timed > 0
        ? `${untimed} etcd events carry no time and ${timed} do: the untimed ones stand at their revision (1 ms a revision), which does not line up with the timed ones. Give every line a time.`
        : 'etcd writes no time: its events stand at their revisions, 1 ms a revision, in etcd’s order but not at their real times. Prefix each line with a time (e.g. `etcdctl watch … | ts %Y-%m-%dT%H:%M:%.SZ`) to judge lease ends against other logs.',
    )
  }
  return { source: ETCD_SOURCE, header: emptyHeader(), events, errors: errors.done(), notes }
}

function timeOf(text: string): number | null {
  if (/^\d{10,16}(\.\d+)?$/.test(text)) {
    const n = Number(text)
    // Seconds (10 digits before the point) or milliseconds since the epoch.
    return text.indexOf('.') === 10 || /^\d{10}$/.test(text) ? Math.round(n * 1000) : n
  }
  return parseIsoMs(text)
}

function numberOf(v: unknown): number | null {
  if (typeof v === 'number' && Number.isSafeInteger(v)) return v
  if (typeof v === 'string' && /^\d{1,15}$/.test(v)) return Number(v)
  return null
}

function readKv(v: unknown): Kv | null {
  if (typeof v !== 'object' || v === null) return null
  const o = v as Record<string, unknown>
  const key = typeof o['key'] === 'string' ? fromBase64(o['key']) : null
  if (key === null || key === '') return null
  const value = typeof o['value'] === 'string' ? (fromBase64(o['value']) ?? '') : ''
  return {
    key,
    createRevision: numberOf(o['create_revision']),
    modRevision: numberOf(o['mod_revision']),
    version: numberOf(o['version']),
    value,
  }
}

/** Whose key it is: its value when that is a short printable name, else its last segment. */
function clientOf(kv: Kv): string {
  if (/^[\x21-\x7e]{1,64}$/.test(kv.value)) return kv.value
  const last =
    kv.key
      .split('/')
      .filter((s) => s !== '')
      .at(-1) ?? kv.key
  return last.slice(0, 64)
}

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/'

/** Base64 (Go's encoding of []byte) to text, read as UTF-8; null when it is not base64. */
export function fromBase64(text: string): string | null {
  const clean = text.replace(/=+$/, '')
  if (!/^[A-Za-z0-9+/]*$/.test(clean) || clean.length % 4 === 1) return null
  const bytes: number[] = []
  let bits = 0
  let buffer = 0
  for (const c of clean) {
    buffer = (buffer << 6) | ALPHABET.indexOf(c)
    bits += 6
    if (bits >= 8) {
      bits -= 8
      bytes.push((buffer >> bits) & 0xff)
    }
  }
  return utf8(bytes)
}

function utf8(bytes: readonly number[]): string {
  let out = ''
  for (let i = 0; i < bytes.length;) {
    const b = bytes[i] as number
    const need = b < 0x80 ? 0 : b >= 0xf0 ? 3 : b >= 0xe0 ? 2 : b >= 0xc0 ? 1 : -1
    if (need < 0 || i + need >= bytes.length + (need === 0 ? 1 : 0)) {
      out += '\uFFFD'
      i++
      continue
    }
    let code = need === 0 ? b : b & (0x3f >> need)
    for (let k = 1; k <= need; k++) code = (code << 6) | ((bytes[i + k] as number) & 0x3f)
    out += code > 0x10ffff ? '\uFFFD' : String.fromCodePoint(code)
    i += need + 1
  }
  return out
}
