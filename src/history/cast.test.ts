import { describe, expect, it } from 'vitest'
import { castOf, Names } from './cast'
import { HistoryError } from './historyError'
import { historyEvent } from './testEvents'

describe('castOf', () => {
  it('tells clients, resources and the lock service apart', () => {
    const order = [
      historyEvent(1, { kind: 'acquire-granted', actor: 'redis1', client: 'A', token: 1 }),
      historyEvent(2, { kind: 'write-sent', actor: 'A', resource: 'storage', token: 1 }),
      historyEvent(3, {
        kind: 'write-accepted',
        actor: 'storage',
        client: 'A',
        resource: 'storage',
      }),
      historyEvent(4, { kind: 'release', actor: 'lock', client: 'A', by: 'B' }),
    ]
    const cast = castOf(order)
    expect([...cast.clients]).toEqual(['A', 'B'])
    expect([...cast.resources]).toEqual(['storage'])
    expect(cast.nodeOf('redis1')).toBe('lock')
    expect(cast.nodeOf('storage')).toBe('storage')
    expect(cast.isLockSide(order[0]!)).toBe(true)
    expect(cast.isLockSide(order[1]!)).toBe(false)
  })

  it('refuses more clients than the lab draws, naming how many', () => {
    const order = Array.from({ length: 65 }, (_, i) =>
      historyEvent(i + 1, { kind: 'acquire-requested', actor: `c${i}` }),
    )
    expect(() => castOf(order)).toThrow(HistoryError)
    expect(() => castOf(order)).toThrow('the history names 65 clients; the lab draws at most 64')
  })
})

describe('Names', () => {
  it('fits a name to the id rule once, and never gives two names one id', () => {
    const names = new Names()
    expect(names.id('node a')).toBe('node-a')
    expect(names.id('node-a')).toBe('node-a-2')
    expect(names.id('node a')).toBe('node-a')
    expect(names.id('42')).toBe('n')
    expect(names.id('lock')).toBe('lock-2')
    expect(names.renamed).toEqual([
      ['node a', 'node-a'],
      ['node-a', 'node-a-2'],
      ['42', 'n'],
      ['lock', 'lock-2'],
    ])
  })
})
