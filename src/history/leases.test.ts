import { describe, expect, it } from 'vitest'
import type { TraceEvent } from '../sim'
import { Names } from './cast'
import type { HistoryEvent } from './format'
import { Leases } from './leases'
import { Notes } from './notes'
import { grantSides } from './pairs'
import { historyEvent } from './testEvents'

const lockSide = (e: HistoryEvent) => e.actor === 'lock'

function leasesOver(order: HistoryEvent[], leaseDefaultMs: number | null = 1000) {
  const emitted: TraceEvent[] = []
  const notes = new Notes()
  const names = new Names()
  const leases = new Leases({
    emit: (e) => emitted.push(e),
    notes,
    names,
    isLockSide: lockSide,
    sides: grantSides(order, lockSide, (e) => e.atMs, names, notes),
    leaseDefaultMs,
    endMs: 9000,
    hasGrants: true,
    tokenRank: new Map(),
  })
  return { leases, emitted, notes }
}

const granted = (line: number, client: string, token: number, atMs: number) =>
  historyEvent(line, { kind: 'acquire-granted', actor: 'lock', client, token, atMs })

describe('Leases', () => {
  it('keeps a lease renewed on its deadline and ends it at the deadline otherwise', () => {
    const grant = granted(1, 'A', 1, 0)
    const renew = historyEvent(2, { kind: 'renew', actor: 'lock', client: 'A', token: 1 })
    const { leases, emitted } = leasesOver([grant, renew])
    leases.granted(grant, 0, 'A')
    expect(leases.renewsOnDeadline(renew, 1000)).toBe(true)
    leases.renewed(renew, 1000, 'A', 'lock')
    leases.expireUpTo(1999)
    expect(emitted.map((e) => e.type)).toEqual(['LeaseGranted', 'BeliefStarted', 'LeaseRenewed'])
    leases.expireUpTo(2000)
    expect(emitted.slice(3)).toEqual([
      expect.objectContaining({ type: 'LeaseExpired', atMs: 2000, client: 'A', grant: 1 }),
      // The belief was the lock service's record alone: it ends with the lease.
      expect.objectContaining({ type: 'BeliefEnded', atMs: 2000, reason: 'deadline' }),
    ])
  })

  it('ends an open lease, with a note, when the lock service grants the lock to another', () => {
    const first = granted(1, 'A', 1, 0)
    const second = granted(2, 'B', 2, 500)
    const { leases, emitted, notes } = leasesOver([first, second])
    leases.granted(first, 0, 'A')
    leases.granted(second, 500, 'B')
    expect(emitted.map((e) => `${e.type}@${e.atMs}`)).toEqual([
      'LeaseGranted@0',
      'BeliefStarted@0',
      'LeaseExpired@500',
      'BeliefEnded@500',
      'LeaseGranted@500',
      'BeliefStarted@500',
    ])
    expect(notes.all()).toEqual([expect.objectContaining({ kind: 'implied-expiry', lines: [2] })])
  })

  it('judges a write by the grant of its token, and a write with an unknown token under none', () => {
    const grant = granted(1, 'A', 7, 0)
    const write = (token: number) =>
      historyEvent(3, { kind: 'write-accepted', actor: 's', client: 'A', resource: 's', token })
    const { leases, notes } = leasesOver([grant])
    leases.granted(grant, 0, 'A')
    expect(leases.writeGrant(write(7), 10)).toBe(1)
    expect(leases.writeGrant(write(8), 10)).toBe(0)
    expect(notes.all()).toEqual([expect.objectContaining({ kind: 'unknown-token', lines: [3] })])
  })

  it('says once that a lease length is unknown, and lets such a lease last to the end', () => {
    const grant = granted(1, 'A', 1, 0)
    const { leases, emitted, notes } = leasesOver([grant], null)
    leases.granted(grant, 0, 'A')
    expect(emitted[0]).toEqual(expect.objectContaining({ expiresAtMs: 9000 }))
    expect(notes.all().map((n) => n.kind)).toEqual(['unknown-lease'])
  })
})
