import { describe, expect, it } from 'vitest'
import { describeChoice, describeFault } from './describe'

describe('describeFault / describeChoice', () => {
  it('says what each fault does, in the domain’s words', () => {
    expect(describeFault({ atMs: 1005, do: 'pause', node: 'A', ms: 15_000 })).toBe(
      'pause A at 1.005 s for 15 s',
    )
    expect(describeFault({ atMs: 9000, do: 'delay', from: 'A', to: 'storage', ms: 500 })).toBe(
      'delay the next message from A to storage at 9 s by 500 ms',
    )
    expect(describeFault({ atMs: 0, do: 'drop', from: 'lock', to: 'B' })).toBe(
      'drop the next message from the lock service to B at 0 s',
    )
    expect(describeFault({ atMs: 2000, do: 'partition', between: ['A', 'lock'] })).toBe(
      'cut the network between A and the lock service at 2 s, for good',
    )
    expect(describeFault({ atMs: 2000, do: 'clock-jump', node: 'lock', ms: -5000 })).toBe(
      'jump the clock of the lock service back by 5 s at 2 s',
    )
    expect(describeFault({ atMs: 6, do: 'crash', node: 'lock', restartAfterMs: 1493 })).toBe(
      'crash the lock service at 0.006 s and restart it 1.493 s later',
    )
    expect(describeFault({ atMs: 6, do: 'crash', node: 'A' })).toBe(
      'crash A at 0.006 s, with no restart',
    )
    expect(describeFault({ atMs: 600, do: 'expire-lease' })).toBe('expire the lease at 0.6 s')
  })

  it('says which choose() answer differs', () => {
    expect(describeChoice({ index: 2, point: 'latency', answer: 250 })).toBe(
      'a one-way latency of 250 ms (choice point 3)',
    )
    expect(describeChoice({ index: 0, point: 'tie', answer: 1 })).toBe(
      'the 2nd of the messages due at the same ms handled first (choice point 1)',
    )
  })
})
