import { describe, expect, it } from 'vitest'
import { Names } from './cast'
import type { HistoryEvent } from './format'
import { Notes } from './notes'
import { grantSides, pairAcquires, pairWrites } from './pairs'
import { historyEvent } from './testEvents'

const t = (e: HistoryEvent) => e.atMs

describe('pairWrites', () => {
  it('pairs a decision with its write by id, else by what was written, first sent first', () => {
    const order = [
      historyEvent(1, { kind: 'write-sent', actor: 'A', resource: 's', token: 1, value: 'x' }),
      historyEvent(2, { kind: 'write-sent', actor: 'A', resource: 's', token: 1, value: 'x' }),
      historyEvent(3, { kind: 'write-sent', actor: 'B', resource: 's', token: 2, id: 'w' }),
      historyEvent(4, {
        kind: 'write-rejected',
        actor: 's',
        client: 'B',
        resource: 's',
        token: 9,
        id: 'w',
      }),
      historyEvent(5, {
        kind: 'write-accepted',
        actor: 's',
        client: 'A',
        resource: 's',
        token: 1,
        value: 'x',
      }),
    ]
    const { sendOf, decisionOf } = pairWrites(order, t, new Names(), new Notes())
    expect([...sendOf]).toEqual([-1, -1, -1, 2, 0])
    expect([...decisionOf]).toEqual([4, -1, 3, -1, -1])
  })

  it('says when a decision is timed before its write, once per pair', () => {
    const order = [
      historyEvent(7, { kind: 'write-sent', actor: 'A', resource: 's', token: 1, atMs: 50 }),
      historyEvent(3, {
        kind: 'write-accepted',
        actor: 's',
        client: 'A',
        resource: 's',
        token: 1,
        atMs: 10,
      }),
    ]
    const notes = new Notes()
    pairWrites(order, t, new Names(), notes)
    expect(notes.all()).toEqual([
      expect.objectContaining({ kind: 'clocks-disagree', lines: [7, 3] }),
    ])
  })
})

describe('pairAcquires', () => {
  it("pairs each request with the lock service's next answer to that client", () => {
    const lockSide = (e: HistoryEvent) => e.actor === 'lock'
    const order = [
      historyEvent(1, { kind: 'acquire-requested', actor: 'A' }),
      historyEvent(2, { kind: 'acquire-requested', actor: 'B' }),
      historyEvent(3, { kind: 'acquire-granted', actor: 'A', token: 1 }),
      historyEvent(4, { kind: 'acquire-refused', actor: 'lock', client: 'B' }),
      historyEvent(5, { kind: 'acquire-granted', actor: 'lock', client: 'A', token: 1 }),
    ]
    const { answerOf, requestOf } = pairAcquires(order, lockSide)
    expect([...answerOf]).toEqual([4, 3, -1, -1, -1])
    expect([...requestOf]).toEqual([-1, -1, -1, 1, 0])
  })
})

describe('grantSides', () => {
  it("keeps each side's first record of a grant and the clients that logged no token", () => {
    const lockSide = (e: HistoryEvent) => e.actor === 'lock'
    const order = [
      historyEvent(1, { kind: 'acquire-granted', actor: 'lock', client: 'A', token: 1 }),
      historyEvent(2, { kind: 'acquire-granted', actor: 'A', token: 1 }),
      historyEvent(3, { kind: 'acquire-granted', actor: 'B' }),
    ]
    const sides = grantSides(order, lockSide, t, new Names(), new Notes())
    expect([...sides.lockGranted.keys()]).toEqual(['A|number:1'])
    expect([...sides.clientGranted.keys()]).toEqual(['A|number:1', 'B|-'])
    expect([...sides.lockGrantedTo]).toEqual(['A'])
    expect([...sides.clientGrantedTokenless]).toEqual(['B'])
  })
})
