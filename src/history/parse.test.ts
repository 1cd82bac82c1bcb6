import { describe, expect, it } from 'vitest'
import { parseNativeHistory } from './parse'

const header = '{"format":"fencing-lab/history@1","leaseMs":10000,"clocks":{"storage":-20}}'

describe('the native history format', () => {
  it('reads events with their lines, times and clocks', () => {
    const h = parseNativeHistory(
      [
        header,
        '',
        '# a comment',
        '{"atMs":5,"actor":"lock","kind":"acquire-granted","client":"A","token":41}',
        '{"time":"1970-01-01T00:00:01.025Z","actor":"storage","kind":"write-accepted","client":"A","token":"41","value":"A"}',
      ].join('\n'),
    )
    expect(h.errors).toEqual([])
    expect(h.header.leaseMs).toBe(10000)
    expect(h.events).toMatchObject([
      { line: 4, atMs: 5, actor: 'lock', client: 'A', token: 41, kind: 'acquire-granted' },
      // The storage clock's offset is applied; a numeric text token becomes a number.
      { line: 5, atMs: 1005, actor: 'storage', resource: 'storage', token: 41, value: 'A' },
    ])
  })

  it('names the line and the field of a bad line, and still loads the rest', () => {
    const h = parseNativeHistory(
      [
        '{"atMs":0,"actor":"A","kind":"acquire-requested"}',
        '{"atMs":1,"actor":"A","kind":"acquire-granted","token":4.5}',
        'not json',
        '{"atMs":"soon","actor":"A","kind":"read","resource":"storage"}',
        '{"atMs":2,"actor":"A","kind":"grab"}',
        '{"atMs":3,"actor":"A","kind":"write-sent"}',
        '[1,2]',
        '{"atMs":4,"actor":"lock","kind":"acquire-granted"}',
        '{"atMs":5,"actor":"A","kind":"release","token":41}',
        header,
      ].join('\n'),
    )
    expect(h.events.map((e) => e.line)).toEqual([1, 9])
    expect(h.errors.map((e) => e.line)).toEqual([2, 3, 4, 5, 6, 7, 8, 10])
    const says = (line: number) => h.errors.find((e) => e.line === line)?.message
    expect(says(2)).toContain('"token"')
    expect(says(3)).toContain('not valid JSON')
    expect(says(4)).toContain('"atMs"')
    expect(says(5)).toContain('"kind" must be one of')
    expect(says(6)).toContain('"resource" is missing')
    expect(says(7)).toContain('must be a JSON object')
    expect(says(8)).toContain('"client" is missing')
    expect(says(10)).toContain('header')
  })

  it('caps the errors of a wholly wrong file and counts the rest', () => {
    const h = parseNativeHistory(Array.from({ length: 500 }, () => 'x').join('\n'))
    expect(h.errors.length).toBe(101)
    expect(h.errors.at(-1)?.message).toBe('and 400 more bad lines')
  })
})
