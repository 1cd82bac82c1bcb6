import { describe, expect, it } from 'vitest'
import { judgeHistory } from './judge'
import type { LineMapping } from './mapping'
import { mapHistory, mappingProblem, parseKinds } from './mapping'

const LOG = [
  '2026-12-03 16:00:00.000 INFO lock: acquired by A token=41',
  '2026-12-03 16:00:00.500 INFO A: wrote storage token=41',
  '2026-12-03 16:00:01.000 DEBUG gc: young collection 3 ms',
  '2026-12-03 16:00:10.000 INFO lock: acquired by B token=42',
  '2026-12-03 16:00:10.500 INFO B: wrote storage token=42',
  '2026-12-03 16:00:16.000 INFO A: wrote storage token=41',
  '2026-12-03 16:00:17.000 INFO A: wrote storage token=forty',
].join('\n')

describe('a mapping of any other log', () => {
  it('needs a time, an actor and a kind, and names what it does not know', () => {
    expect(mappingProblem({ kind: 'regex', pattern: '(?<time>\\S+) (?<actor>\\w+)' })).toBe(
      'the mapping needs kind',
    )
    expect(mappingProblem({ kind: 'regex', pattern: '(?<when' })).toMatch(
      /^the regular expression is invalid: /,
    )
    expect(
      mappingProblem({
        kind: 'csv',
        columns: ['time', 'who', 'kind'],
        separator: ',',
        header: false,
      }),
    ).toMatch(/^"who" is not a field \(fields: time, atMs, actor/)
    expect(parseKinds('acquired=acquire-granted, lost=gone')).toBe(
      '"gone" is not a kind (kinds: acquire-requested, acquire-granted, acquire-refused, renew, renew-refused, release, expiry-observed, read, write-sent, write-accepted, write-rejected, effect)',
    )
    expect(parseKinds('acquired = acquire-granted\nwrote=write-sent')).toEqual({
      acquired: 'acquire-granted',
      wrote: 'write-sent',
    })
  })

  it('previews what each matched line became, counts the unmatched, and names a bad field', () => {
    const mapping: LineMapping = {
      kind: 'regex',
      pattern:
        '^(?<time>\\S+ \\S+) INFO (?<actor>\\w+): (?<kind>\\w+)(?: by (?<client>\\w+))?(?: (?<resource>\\w+))? token=(?<token>\\w+)',
      kinds: { acquired: 'acquire-granted' },
    }
    const out = mapHistory(LOG, mapping, 3)
    if ('problem' in out) throw new Error(out.problem)
    expect(out.matched).toBe(6)
    expect(out.unmatched).toBe(1)
    expect(out.firstUnmatched).toEqual([3])
    expect(out.preview.map((p) => p.line)).toEqual([1, 2, 4])
    expect(out.preview[0]?.fields).toEqual({
      time: '2026-12-03 16:00:00.000',
      actor: 'lock',
      kind: 'acquired',
      client: 'A',
      token: '41',
    })
    expect(out.preview[0]?.event).toMatchObject({
      kind: 'acquire-granted',
      client: 'A',
      token: 41,
      atMs: Date.parse('2026-12-03T16:00:00.000Z'),
    })
    // "wrote" is not a kind, and the mapping's words do not say which one it is.
    expect(out.preview[1]?.error).toMatch(
      /^"kind" must be one of acquire-requested, .*, not "wrote"$/,
    )
    expect(out.parsed.errors.map((e) => e.line)).toEqual([2, 5, 6, 7])
    expect(out.parsed.events.map((e) => e.line)).toEqual([1, 4])
  })

  it('turns a log into a history the checker judges (a paused writer, unfenced)', () => {
    const mapping: LineMapping = {
      kind: 'regex',
      pattern:
        '^(?<time>\\S+ \\S+) INFO (?:(?<actor>lock): (?<kind>acquired) by (?<client>\\w+)|(?<actor2>\\w+): (?<kind2>wrote) (?<resource>\\w+)) token=(?<token>\\d+)',
    }
    // Two groups cannot share a name in one expression: a CSV mapping does the same more plainly.
    expect(mappingProblem(mapping)).toBe(
      '"actor2", "kind2" is not a field (fields: time, atMs, actor, kind, client, by, resource, token, value, leaseMs, reason, id, clock)',
    )
    const csv = [
      'time,actor,kind,client,resource,token',
      '2026-12-03T16:00:00.000Z,lock,granted,A,,41',
      '2026-12-03T16:00:00.500Z,storage,applied,A,,41',
      '2026-12-03T16:00:10.000Z,lock,granted,B,,42',
      '2026-12-03T16:00:10.500Z,storage,applied,B,,42',
      '2026-12-03T16:00:16.000Z,storage,applied,A,,41',
      '"2026-12-03T16:00:17.000Z",storage,"applied",A',
    ].join('\n')
    const out = judgeHistory([
      {
        name: 'writes.csv',
        text: csv,
        mapping: {
          kind: 'csv',
          columns: ['time', 'actor', 'kind', 'client', 'resource', 'token'],
          separator: ',',
          header: true,
          kinds: { granted: 'acquire-granted', applied: 'write-accepted' },
        },
      },
    ])
    if (!out.ok) throw new Error(out.message)
    expect(out.judgement.sources).toEqual(['mapped'])
    expect(out.judgement.result.verdict).toBe('unsafe')
    expect(out.judgement.findings[0]?.finding.kind).toBe('token-order')
    expect(out.judgement.findings[0]?.why.lines).toEqual([4, 5, 6])
  })

  it('says a mapping problem as the input’s error, and judges nothing', () => {
    const out = judgeHistory([
      { name: 'app.log', text: LOG, mapping: { kind: 'regex', pattern: '(' } },
    ])
    expect(out.ok).toBe(false)
    if (out.ok) return
    expect(out.message).toMatch(
      /^no event could be read; first: app.log the regular expression is invalid/,
    )
  })
})
