/**
 * The diagram's intervals and marks for each kind of event: how a lease, a belief, a pause, a
 * crash, a partition and a message are drawn from the trace, including what outlives the run.
 */
import { describe, expect, it } from 'vitest'
import type { ScenarioInput } from '../sim'
import { findPreset, LOCK_NODE } from '../sim'
import { eventsOf, runInput } from '../testing/runs'
import { deriveSpans } from './spans'

function spansOf(input: ScenarioInput) {
  return deriveSpans(runInput(input))
}

describe('deriveSpans', () => {
  it('a lease and a belief that outlive the run stay open to its end', () => {
    const spans = spansOf({
      durationMs: 2000,
      lockService: { leaseMs: 60_000 },
      clients: [{ id: 'A', script: [{ do: 'acquire' }, { do: 'work', ms: 10_000 }] }],
    })
    expect(spans.endMs).toBe(2000)
    expect(spans.leases).toMatchObject([{ client: 'A', toMs: 2000, end: 'open' }])
    expect(spans.beliefs).toMatchObject([{ client: 'A', toMs: 2000, end: 'open' }])
  })

  it('an operator’s expiry ends the lease early and is marked on the lock service', () => {
    const r = runInput({
      lockService: { leaseMs: 10_000 },
      clients: [{ id: 'A', script: [{ do: 'acquire' }, { do: 'work', ms: 3000 }] }],
      faults: [{ atMs: 600, do: 'expire-lease' }],
    })
    const spans = deriveSpans(r)
    expect(spans.leases).toMatchObject([{ client: 'A', toMs: 600, end: 'expired-by-operator' }])
    const expired = eventsOf(r, 'LeaseExpired')[0]!
    expect(spans.faults).toEqual([
      {
        kind: 'expire-lease',
        atMs: 600,
        node: LOCK_NODE,
        peer: null,
        label: 'expire lease',
        eventIndex: r.events.indexOf(expired),
      },
    ])
  })

  it('a volatile lock service that restarts forgets its lease', () => {
    const preset = findPreset('failover-volatile')!
    const r = runInput(preset.scenario)
    const spans = deriveSpans(r)
    const forgotten = eventsOf(r, 'LeaseForgotten')
    expect(forgotten.length).toBeGreaterThan(0)
    expect(spans.leases.filter((l) => l.end === 'forgotten').map((l) => l.toMs)).toEqual(
      forgotten.map((e) => e.atMs),
    )
  })

  it('a crash draws a down span until the restart, with marks for both', () => {
    const spans = spansOf({
      durationMs: 5000,
      clients: [{ id: 'A', script: [{ do: 'acquire' }, { do: 'work', ms: 3000 }] }],
      faults: [{ atMs: 200, do: 'crash', node: 'lock', restartAfterMs: 1000 }],
    })
    expect(spans.nodes).toEqual([{ node: LOCK_NODE, kind: 'down', fromMs: 200, toMs: 1200 }])
    expect(spans.faults.map((f) => [f.kind, f.atMs, f.label])).toEqual([
      ['crash', 200, 'crash'],
      ['restart', 1200, 'restart'],
    ])
  })

  it('a crash during a pause ends the pause where the downtime starts', () => {
    const spans = spansOf({
      durationMs: 5000,
      clients: [{ id: 'A', script: [{ do: 'acquire' }, { do: 'work', ms: 3000 }] }],
      faults: [
        { atMs: 100, do: 'pause', node: 'A', ms: 2000 },
        { atMs: 500, do: 'crash', node: 'A' },
      ],
    })
    expect(spans.nodes).toEqual([
      { node: 'A', kind: 'paused', fromMs: 100, toMs: 500 },
      { node: 'A', kind: 'down', fromMs: 500, toMs: spans.endMs },
    ])
    expect(spans.faults.map((f) => f.label)).toEqual(['pause 2 s', 'crash'])
  })

  it('labels clock jumps and link faults with their size', () => {
    const spans = spansOf({
      durationMs: 5000,
      clients: [
        {
          id: 'A',
          script: [{ do: 'acquire' }, { do: 'work', ms: 3000 }, { do: 'write', value: 1 }],
        },
      ],
      faults: [
        { atMs: 100, do: 'clock-jump', node: 'A', ms: 1500 },
        { atMs: 200, do: 'clock-jump', node: 'lock', ms: -250 },
        { atMs: 300, do: 'delay', from: 'A', to: 'storage', ms: 6000 },
        { atMs: 400, do: 'drop', from: 'A', to: 'lock' },
      ],
    })
    expect(spans.faults.map((f) => [f.kind, f.node, f.peer, f.label])).toEqual([
      ['clock-jump', 'A', null, 'clock +1.5 s'],
      ['clock-jump', LOCK_NODE, null, 'clock −250 ms'],
      ['delay', 'A', 'storage', 'delay +6 s'],
      ['drop', 'A', LOCK_NODE, 'drop next'],
    ])
  })

  it('a partition spans until it heals, or to the end of the run (not the horizon) when it never does', () => {
    const spans = spansOf({
      durationMs: 5000,
      clients: [{ id: 'A', script: [{ do: 'acquire' }, { do: 'work', ms: 4000 }] }],
      faults: [
        { atMs: 1000, do: 'partition', between: ['A', 'lock'], ms: 500 },
        { atMs: 2000, do: 'partition', between: ['A', 'storage'] },
        // The same pair again: its heal ends this span, not the first one's.
        { atMs: 3000, do: 'partition', between: ['A', 'lock'], ms: 200 },
      ],
    })
    expect(spans.endMs).toBeLessThan(5000)
    expect(spans.partitions).toEqual([
      { between: ['A', LOCK_NODE], fromMs: 1000, toMs: 1500, healed: true },
      { between: ['A', 'storage'], fromMs: 2000, toMs: spans.endMs, healed: false },
      { between: ['A', LOCK_NODE], fromMs: 3000, toMs: 3200, healed: true },
    ])
    expect(spans.faults.map((f) => [f.kind, f.node, f.peer])).toEqual([
      ['partition', 'A', LOCK_NODE],
      ['partition', 'A', 'storage'],
      ['partition', 'A', LOCK_NODE],
    ])
  })

  it('a partition that heals as the run ends is healed, not cut by the end', () => {
    // Found by the spans-vs-state property (seed 1364274850): the run ends at 6 ms, when the
    // partition heals; the state at 6 ms has no partition, and the span must say so.
    const spans = spansOf({
      durationMs: 6,
      clients: [{ id: 'A', script: [{ do: 'acquire' }] }],
      faults: [{ atMs: 0, do: 'partition', between: ['A', 'lock'], ms: 6 }],
    })
    expect(spans.endMs).toBe(6)
    expect(spans.partitions).toEqual([
      { between: ['A', LOCK_NODE], fromMs: 0, toMs: 6, healed: true },
    ])
  })

  it('a message to a crashed node is lost where it arrives', () => {
    const r = runInput({
      durationMs: 5000,
      network: { latencyMs: 50 },
      clients: [{ id: 'A', script: [{ do: 'acquire' }, { do: 'write', value: 1 }] }],
      faults: [{ atMs: 0, do: 'crash', node: 'storage' }],
    })
    const spans = deriveSpans(r)
    const write = spans.messages.find((m) => m.kind === 'write')!
    expect(write.lost).toEqual({ atMs: write.arriveAtMs, reason: 'crashed' })
    expect(write.handledAtMs).toBeNull()
    expect(spans.decisions).toEqual([])
  })

  it('a lock-delay window runs from the expiry until it ends, or stays in force past the end', () => {
    const input = (durationMs: number): ScenarioInput => ({
      durationMs,
      lockService: { leaseMs: 1000, lockDelayMs: 5000 },
      clients: [{ id: 'A', script: [{ do: 'acquire' }, { do: 'work', ms: 10_000 }] }],
      faults: [{ atMs: 100, do: 'pause', node: 'A', ms: 20_000 }],
    })
    const whole = runInput(input(30_000))
    const started = eventsOf(whole, 'LockDelayStarted')[0]!
    const ended = eventsOf(whole, 'LockDelayEnded')[0]!
    expect(deriveSpans(whole).lockDelays).toEqual([
      { node: LOCK_NODE, fromMs: started.atMs, untilMs: started.untilMs, endedAtMs: ended.atMs },
    ])
    // Cut before it ends: still in force, with the end it was given.
    const cut = runInput(input(started.atMs + 1000))
    expect(deriveSpans(cut).lockDelays).toEqual([
      { node: LOCK_NODE, fromMs: started.atMs, untilMs: started.untilMs, endedAtMs: null },
    ])
    expect(started.untilMs).toBeGreaterThan(cut.endMs)
  })

  it('labels a message with its kind, token and value', () => {
    const spans = deriveSpans(runInput(findPreset('gc-pause')!.scenario))
    const write = spans.messages.find((m) => m.kind === 'write' && m.from === 'B')!
    expect(write.label).toMatch(/write/)
    expect(write.label).toContain('42')
  })
})
