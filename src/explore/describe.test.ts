import { describe, expect, it } from 'vitest'
import { describeChoice } from './describe'

describe('describeChoice', () => {
  it('says which choose() answer differs', () => {
    expect(describeChoice({ index: 2, point: 'latency', answer: 250 })).toBe(
      'a one-way latency of 250 ms (choice point 3)',
    )
    expect(describeChoice({ index: 0, point: 'tie', answer: 1 })).toBe(
      'the 2nd of the messages due at the same ms handled first (choice point 1)',
    )
  })
})
