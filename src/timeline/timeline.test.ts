import { describe, expect, it } from 'vitest'
import { check, findPreset, parseScenario, run } from '../sim'
import type { Run, ScenarioInput } from '../sim'
import { captionAt, resolveCaptions } from './captions'
import { applyEvent, initialLabState } from './labState'
import { deriveSpans } from './spans'
import {
  buildTimeline,
  eventIndexAt,
  nextProblemMs,
  nextStopMs,
  previousProblemMs,
  previousStopMs,
  SNAPSHOT_EVERY,
  stateAfterEvent,
  stateAt,
} from './timeline'

function runOf(input: ScenarioInput): Run {
  const parsed = parseScenario(input)
  if (!parsed.ok) throw new Error(parsed.message)
  return run(parsed.scenario)
}

function presetRun(id: string): Run {
  const preset = findPreset(id)
  if (!preset) throw new Error(`no preset ${id}`)
  return runOf(preset.scenario)
}

/** A long run: many clients taking turns, so the trace spans several snapshots. */
function longRun(): Run {
  const clients = Array.from({ length: 6 }, (_, i) => ({
    id: `C${i}`,
    startMs: i * 7,
    script: Array.from({ length: 30 }, () => [
      { do: 'acquire' as const },
      { do: 'read' as const },
      { do: 'write' as const, increment: 1 },
      { do: 'release' as const },
    ]).flat(),
  }))
  return runOf({ durationMs: 600000, clients })
}

describe('timeline', () => {
  it('stateAt(t) equals folding every event at or before t from the start', () => {
    const r = longRun()
    expect(r.events.length).toBeGreaterThan(SNAPSHOT_EVERY * 4)
    const timeline = buildTimeline(r, check(r))
    for (const probe of [0, 5, 1234, 5000, 17777, r.endMs - 1, r.endMs]) {
      const folded = initialLabState(r.scenario)
      r.events.forEach((e, i) => {
        if (e.atMs <= probe) applyEvent(folded, e, i)
      })
      expect(stateAt(timeline, probe)).toEqual(folded)
    }
  })

  it('stateAfterEvent is exact at snapshot boundaries', () => {
    const r = longRun()
    const timeline = buildTimeline(r, check(r))
    for (const index of [-1, 0, SNAPSHOT_EVERY - 1, SNAPSHOT_EVERY, 2 * SNAPSHOT_EVERY + 1]) {
      const folded = initialLabState(r.scenario)
      for (let i = 0; i <= index; i++) applyEvent(folded, r.events[i]!, i)
      expect(stateAfterEvent(timeline, index)).toEqual(folded)
    }
  })

  it('gc-pause: at 12 s the lock service holds B with 42 while A still believes it holds 41', () => {
    const r = presetRun('gc-pause')
    const timeline = buildTimeline(r, check(r))
    const s = stateAt(timeline, 12000)
    expect(s.lock.holderIdentity).toBeNull() // B released at 11.035 s
    const atTen = stateAt(timeline, 10500)
    expect(atTen.lock.holderIdentity).toBe('B')
    expect(atTen.lock.token).toBe(42)
    expect(atTen.sequencer).toEqual({
      lock: 'lock',
      mode: 'exclusive',
      generation: 42,
      noGeneration: null,
    })
    // client-go: A created the Lease (0), B took it over (1).
    expect(atTen.lease.leaseTransitions).toBe(1)
    const a = atTen.clients.find((c) => c.id === 'A')!
    expect(a).toMatchObject({ believes: true, holds: false, paused: true, token: 41 })
    const end = stateAt(timeline, r.endMs)
    expect(end.resources[0]).toMatchObject({
      value: 'B',
      highestToken: 42,
      accepted: 1,
      rejected: 1,
    })
    expect(end.resources[0]!.lastDecision).toMatchObject({
      outcome: 'rejected',
      reason: 'token 41 < 42',
    })
  })

  it('messages are in flight between send and delivery, and wait at a paused node', () => {
    const r = presetRun('gc-pause')
    const timeline = buildTimeline(r, check(r))
    // A's read reply arrives at 1005 while A is paused; it is handled at the resume (16 s).
    const s = stateAt(timeline, 8000)
    expect(s.inFlight.map((m) => [m.from, m.to, m.kind])).toEqual([['storage', 'A', 'read-ok']])
    expect(stateAt(timeline, 16000).inFlight.some((m) => m.kind === 'read-ok')).toBe(false)
  })

  it('steps between distinct event times and jumps to problems', () => {
    const r = presetRun('gc-pause')
    const timeline = buildTimeline(r, check(r))
    expect(nextStopMs(timeline, -1)).toBe(0)
    expect(nextStopMs(timeline, 0)).toBe(5)
    expect(previousStopMs(timeline, 5)).toBe(0)
    expect(previousStopMs(timeline, 0)).toBe(0)
    expect(nextStopMs(timeline, r.endMs)).toBeNull()
    expect(eventIndexAt(timeline, -1)).toBe(-1)
    // The two-believers warning starts at 10.01 s; the rejection is at 16.005 s.
    expect(nextProblemMs(timeline, 0)).toBe(10010)
    expect(nextProblemMs(timeline, 10010)).toBe(16005)
    expect(nextProblemMs(timeline, 16005)).toBeNull()
  })
})

describe('stepping and problem stops', () => {
  it('a safe run without rejections has no problem stops', () => {
    const r = runOf({
      clients: [
        { id: 'A', script: [{ do: 'acquire' }, { do: 'write', value: 1 }, { do: 'release' }] },
      ],
    })
    const timeline = buildTimeline(r, check(r))
    expect(timeline.problemMs).toEqual([])
    expect(nextProblemMs(timeline, -1)).toBeNull()
    expect(previousProblemMs(timeline, Infinity)).toBeNull()
  })

  it('gc-pause: back from the end reaches the rejection, then the warning, then nothing', () => {
    const r = presetRun('gc-pause')
    const timeline = buildTimeline(r, check(r))
    expect(previousProblemMs(timeline, r.endMs)).toBe(16005)
    expect(previousProblemMs(timeline, 16005)).toBe(10010)
    expect(previousProblemMs(timeline, 10010)).toBeNull()
  })

  it('a rejected fenced read is a problem stop', () => {
    // A pauses holding 41; B takes the lock with 42 and reads (recording 42); A wakes and reads.
    const r = runOf({
      durationMs: 30_000,
      resources: [{ id: 'storage', fencing: 'atomic', fenceReads: true }],
      clients: [
        { id: 'A', script: [{ do: 'acquire' }, { do: 'work', ms: 100 }, { do: 'read' }] },
        { id: 'B', startMs: 500, script: [{ do: 'acquire' }, { do: 'read' }, { do: 'release' }] },
      ],
      faults: [{ atMs: 50, do: 'pause', node: 'A', ms: 15_000 }],
    })
    const rejected = r.events.filter((e) => e.type === 'ReadRejected')
    expect(rejected.map((e) => e.node)).toEqual(['storage'])
    const timeline = buildTimeline(r, check(r))
    expect(timeline.problemMs).toContain(rejected[0]!.atMs)
  })

  it('the state between two event times is the state at the first', () => {
    const r = presetRun('gc-pause')
    const timeline = buildTimeline(r, check(r))
    expect(stateAt(timeline, 12_345)).toEqual(stateAt(timeline, previousStopMs(timeline, 12_345)))
    expect(stateAt(timeline, r.endMs + 10_000)).toEqual(stateAt(timeline, r.endMs))
  })
})

describe('spans', () => {
  it('gc-pause: leases, beliefs, the pause, the write decisions and the token step line', () => {
    const spans = deriveSpans(presetRun('gc-pause'))
    expect(spans.leases.map((l) => [l.client, l.token, l.fromMs, l.toMs, l.end])).toEqual([
      ['A', 41, 5, 10005, 'expired'],
      ['B', 42, 10005, 11035, 'released'],
    ])
    expect(spans.beliefs.map((b) => [b.client, b.fromMs, b.toMs, b.end])).toEqual([
      ['A', 10, 16010, 'write-rejected'],
      ['B', 10010, 11030, 'released'],
    ])
    expect(spans.nodes).toEqual([{ node: 'A', kind: 'paused', fromMs: 1000, toMs: 16000 }])
    expect(spans.decisions.map((d) => [d.client, d.token, d.outcome, d.reason])).toEqual([
      ['B', 42, 'accepted', null],
      ['A', 41, 'rejected', 'token 41 < 42'],
    ])
    expect(spans.tokenSteps).toEqual([{ resource: 'storage', atMs: 11025, highestToken: 42 }])
    const readReply = spans.messages.find((m) => m.kind === 'read-ok' && m.to === 'A')!
    expect(readReply).toMatchObject({ sentAtMs: 1000, arriveAtMs: 1005, handledAtMs: 16000 })
  })

  it('check-then-write: the recorded token goes backwards', () => {
    const spans = deriveSpans(presetRun('check-then-write'))
    expect(spans.tokenSteps.map((s) => s.highestToken)).toEqual([42, 41])
  })

  it('marks lost messages and faults', () => {
    const r = runOf({
      clients: [{ id: 'A', script: [{ do: 'acquire' }, { do: 'write', value: 1 }] }],
      faults: [{ atMs: 0, do: 'drop', from: 'A', to: 'lock' }],
      durationMs: 1000,
    })
    const spans = deriveSpans(r)
    expect(spans.messages[0]).toMatchObject({
      kind: 'acquire',
      arriveAtMs: null,
      lost: { reason: 'drop' },
    })
    expect(spans.faults.map((f) => [f.kind, f.node, f.peer])).toEqual([['drop', 'A', 'lock']])
  })
})

describe('captions', () => {
  it('resolves every gc-pause narration line to its moment, in order', () => {
    const preset = findPreset('gc-pause')!
    const r = presetRun('gc-pause')
    const captions = resolveCaptions(r, r.scenario.narration)
    expect(captions).toHaveLength(preset.scenario.narration!.length)
    const rejected = captions.find((c) => c.text.includes('rejects 41'))!
    expect(rejected.atMs).toBe(16005)
    expect(captionAt(captions, 16004)?.text).toContain('wakes up')
    expect(captionAt(captions, -1)).toBeNull()
  })

  it('drops lines whose event does not happen in this run', () => {
    const r = runOf({
      clients: [{ id: 'A', script: [{ do: 'acquire' }] }],
      narration: [
        { on: 'WriteRejected', text: 'never' },
        { atMs: 0, text: 'start' },
      ],
    })
    expect(resolveCaptions(r, r.scenario.narration).map((c) => c.text)).toEqual(['start'])
  })
})
