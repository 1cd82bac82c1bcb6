/**
 * The inspector's state, folded from the trace: each kind of event moves the part of the state
 * it is about. Small hand-written scenarios, read at chosen moments.
 */
import { describe, expect, it } from 'vitest'
import type { Run, ScenarioInput } from '../sim'
import { check, findPreset, LOCK_NODE } from '../sim'
import { eventsOf, onlyEvent, runInput } from '../testing/runs'
import type { LabState } from './labState'
import { applyEvent, cloneLabState, initialLabState } from './labState'
import { buildTimeline, stateAt } from './timeline'

function at(input: ScenarioInput, ms: number): LabState {
  const r = runInput(input)
  return stateAt(buildTimeline(r, check(r)), ms)
}

function presetRun(id: string): Run {
  const preset = findPreset(id)
  if (preset === undefined) throw new Error(`no preset ${id}`)
  return runInput(preset.scenario)
}

function client(state: LabState, id: string) {
  const found = state.clients.find((c) => c.id === id)
  if (found === undefined) throw new Error(`no client ${id}`)
  return found
}

describe('initialLabState', () => {
  it('lists every client and resource, nothing held, nothing in flight', () => {
    const r = runInput({
      lockService: { leaseMs: 2500 },
      resources: [
        { id: 'storage', fencing: 'atomic', initialValue: 7 },
        { id: 'mailer', fencing: 'none', initialValue: null },
      ],
      clients: [
        { id: 'A', script: [{ do: 'acquire' }] },
        { id: 'B', script: [{ do: 'acquire' }] },
      ],
    })
    const s = initialLabState(r.scenario)
    expect(s.eventIndex).toBe(-1)
    expect(s.lock).toMatchObject({
      holderIdentity: null,
      token: null,
      waiters: [],
      down: false,
    })
    expect(s.lease).toEqual({
      exists: false,
      holderIdentity: '',
      leaseDurationSeconds: 0,
      acquireTimeMs: null,
      renewTimeMs: null,
      leaseTransitions: 0,
      labLeaseMs: 2500,
    })
    expect(s.sequencer).toBeNull()
    expect(s.clients.map((c) => [c.id, c.activity, c.believes, c.holds])).toEqual([
      ['A', 'not started', false, false],
      ['B', 'not started', false, false],
    ])
    expect(s.resources.map((res) => [res.id, res.fencing, res.value, res.highestToken])).toEqual([
      ['storage', 'atomic', 7, null],
      ['mailer', 'none', null, null],
    ])
    expect([s.inFlight, s.partitions]).toEqual([[], []])
  })
})

describe('cloneLabState', () => {
  it('is a deep copy: folding into the clone leaves the original as it was', () => {
    const r = presetRun('gc-pause')
    const original = initialLabState(r.scenario)
    r.events.slice(0, 40).forEach((e, i) => applyEvent(original, e, i))
    const before = JSON.parse(JSON.stringify(original)) as unknown
    const copy = cloneLabState(original)
    expect(copy).toEqual(original)
    r.events.slice(40).forEach((e, i) => applyEvent(copy, e, 40 + i))
    copy.lock.waiters.push('Z')
    copy.partitions.push({ between: ['A', 'lock'], untilMs: null })
    expect(original).toEqual(before)
  })
})

describe('applyEvent', () => {
  it('records the index of the last event folded in', () => {
    const r = presetRun('gc-pause')
    const s = initialLabState(r.scenario)
    applyEvent(s, r.events[0]!, 0)
    expect(s.eventIndex).toBe(0)
  })

  it('a grant names the holder, its token, sequencer and expiry; the release clears them', () => {
    const input: ScenarioInput = {
      lockService: { leaseMs: 1000, firstToken: 7 },
      clients: [
        { id: 'A', script: [{ do: 'acquire' }, { do: 'work', ms: 300 }, { do: 'release' }] },
      ],
    }
    const r = runInput(input)
    const granted = onlyEvent(r, 'LeaseGranted')
    const held = at(input, granted.atMs)
    expect(held.lock).toMatchObject({
      holderIdentity: 'A',
      token: 7,
      grant: granted.grant,
      expiresAtMs: granted.expiresAtMs,
    })
    expect(held.lease).toMatchObject({
      holderIdentity: 'A',
      acquireTimeMs: granted.atMs,
      renewTimeMs: granted.atMs,
      leaseTransitions: 0,
      leaseDurationSeconds: 1,
    })
    expect(held.sequencer).toEqual({
      lock: LOCK_NODE,
      mode: 'exclusive',
      generation: 7,
      noGeneration: null,
    })
    expect(client(held, 'A')).toMatchObject({ holds: true })

    const released = at(input, onlyEvent(r, 'LeaseReleased').atMs)
    expect(released.lock).toMatchObject({ holderIdentity: null, token: null, expiresAtMs: null })
    const releasedAt = onlyEvent(r, 'LeaseReleased').atMs
    expect(released.lease).toMatchObject({
      holderIdentity: '',
      leaseDurationSeconds: 1,
      acquireTimeMs: releasedAt,
      renewTimeMs: releasedAt,
      leaseTransitions: 0,
    })
    expect(released.sequencer).toBeNull()
    expect(client(released, 'A').holds).toBe(false)
    // The client keeps the last token it was granted.
    expect(client(released, 'A').token).toBe(7)
  })

  it('a renewal moves the renew time and the expiry, not the acquire time', () => {
    const input: ScenarioInput = {
      lockService: { leaseMs: 1000 },
      clients: [
        {
          id: 'A',
          renewEveryMs: 300,
          script: [{ do: 'acquire' }, { do: 'work', ms: 1500 }, { do: 'release' }],
        },
      ],
    }
    const r = runInput(input)
    const renewed = eventsOf(r, 'LeaseRenewed')
    expect(renewed.length).toBeGreaterThan(1)
    const last = renewed.at(-1)!
    const s = at(input, last.atMs)
    expect(s.lease.renewTimeMs).toBe(last.atMs)
    expect(s.lock.expiresAtMs).toBe(last.expiresAtMs)
    expect(s.lease.acquireTimeMs).toBe(onlyEvent(r, 'LeaseGranted').atMs)
  })

  it('a queued acquire waits in line until its grant', () => {
    const input: ScenarioInput = {
      lockService: { leaseMs: 1000 },
      clients: [
        { id: 'A', script: [{ do: 'acquire' }, { do: 'work', ms: 500 }, { do: 'release' }] },
        { id: 'B', startMs: 100, script: [{ do: 'acquire' }, { do: 'release' }] },
      ],
    }
    const r = runInput(input)
    const queued = eventsOf(r, 'AcquireQueued')
    expect(queued.map((e) => e.client)).toEqual(['B'])
    const waiting = at(input, queued[0]!.atMs)
    expect(waiting.lock.waiters).toEqual(['B'])
    expect(client(waiting, 'B').activity).toBe('waiting in line')
    const grantB = eventsOf(r, 'LeaseGranted').find((e) => e.client === 'B')!
    const granted = at(input, grantB.atMs)
    expect(granted.lock.waiters).toEqual([])
    expect(granted.lease.leaseTransitions).toBe(1)
  })

  it('follows what a client is doing: acquiring, working, writing, sleeping, done', () => {
    const input: ScenarioInput = {
      clients: [
        {
          id: 'A',
          script: [
            { do: 'acquire' },
            { do: 'work', ms: 200 },
            { do: 'write', value: 'x' },
            { do: 'release' },
            { do: 'sleep', ms: 300 },
          ],
        },
      ],
    }
    const r = runInput(input)
    const sentAt = (kind: string) =>
      eventsOf(r, 'MessageSent').find((e) => e.node === 'A' && e.kind === kind)!.atMs
    const activity = (ms: number) => client(at(input, ms), 'A').activity
    expect(activity(sentAt('acquire'))).toBe('acquiring')
    expect(activity(onlyEvent(r, 'WorkStarted').atMs)).toBe('working')
    expect(activity(sentAt('write'))).toBe('writing')
    expect(activity(sentAt('release'))).toBe('releasing')
    expect(activity(onlyEvent(r, 'SleepStarted').atMs)).toBe('sleeping')
    expect(activity(r.endMs)).toBe('done')
  })

  it('a belief starts with the grant the client heard of and ends with its reason', () => {
    const r = presetRun('gc-pause')
    const timeline = buildTimeline(r, check(r))
    const started = eventsOf(r, 'BeliefStarted', 'A')[0]!
    const a = client(stateAt(timeline, started.atMs), 'A')
    expect(a).toMatchObject({
      believes: true,
      believedUntilMs: started.deadlineMs,
      token: started.token,
      grant: started.grant,
    })
    const ended = eventsOf(r, 'BeliefEnded', 'A')[0]!
    expect(client(stateAt(timeline, ended.atMs), 'A').believes).toBe(false)
  })

  it('counts accepted and rejected writes and keeps the last decision with its reason', () => {
    const r = presetRun('gc-pause')
    const end = stateAt(buildTimeline(r, check(r)), r.endMs)
    const storage = end.resources[0]!
    expect([storage.accepted, storage.rejected]).toEqual([
      eventsOf(r, 'WriteAccepted').length,
      eventsOf(r, 'WriteRejected').length,
    ])
    expect(storage.lastDecision).toMatchObject({ client: 'A', token: 41, outcome: 'rejected' })
  })

  it('check-then-write: checked, then applied; the recorded token is the last applied one', () => {
    const r = presetRun('check-then-write')
    const timeline = buildTimeline(r, check(r))
    const checked = eventsOf(r, 'WriteChecked')[0]!
    const atCheck = stateAt(timeline, checked.atMs).resources.find((x) => x.id === checked.node)!
    expect(atCheck.lastDecision).toMatchObject({ outcome: 'checked', token: checked.token })
    const applied = eventsOf(r, 'WriteApplied')
    const lastApplied = applied.at(-1)!
    const atEnd = stateAt(timeline, r.endMs).resources.find((x) => x.id === lastApplied.node)!
    expect(atEnd.highestToken).toBe(lastApplied.token)
    // The token went backwards: the later applied write carried the older token.
    expect(applied.map((e) => e.token)).toEqual([42, 41])
  })

  it('a paused client is paused until it resumes', () => {
    const input: ScenarioInput = {
      clients: [{ id: 'A', script: [{ do: 'acquire' }, { do: 'work', ms: 2000 }] }],
      faults: [{ atMs: 100, do: 'pause', node: 'A', ms: 500 }],
    }
    expect(client(at(input, 99), 'A').paused).toBe(false)
    expect(client(at(input, 100), 'A')).toMatchObject({ paused: true, pausedUntilMs: 600 })
    expect(client(at(input, 600), 'A')).toMatchObject({ paused: false, pausedUntilMs: null })
  })

  it('a crash ends a client’s belief; the lock service is down until it restarts', () => {
    const input: ScenarioInput = {
      durationMs: 5000,
      clients: [{ id: 'A', script: [{ do: 'acquire' }, { do: 'work', ms: 3000 }] }],
      faults: [
        { atMs: 200, do: 'crash', node: 'lock', restartAfterMs: 1000 },
        { atMs: 1500, do: 'crash', node: 'A' },
      ],
    }
    expect(at(input, 200).lock.down).toBe(true)
    expect(at(input, 1200).lock.down).toBe(false)
    expect(client(at(input, 1499), 'A').believes).toBe(true)
    const crashed = at(input, 1500)
    expect(client(crashed, 'A')).toMatchObject({
      crashed: true,
      believes: false,
      activity: 'crashed',
    })
  })

  it('a clock jump adds to the node’s clock offset', () => {
    const input: ScenarioInput = {
      clients: [{ id: 'A', script: [{ do: 'acquire' }, { do: 'work', ms: 2000 }] }],
      faults: [
        { atMs: 100, do: 'clock-jump', node: 'A', ms: 700 },
        { atMs: 200, do: 'clock-jump', node: 'A', ms: -200 },
        { atMs: 300, do: 'clock-jump', node: 'lock', ms: 9000 },
      ],
    }
    expect(client(at(input, 150), 'A').clockOffsetMs).toBe(700)
    expect(client(at(input, 250), 'A').clockOffsetMs).toBe(500)
    expect(at(input, 300).lock.clockOffsetMs).toBe(9000)
  })

  it('a partition is listed until it heals', () => {
    const input: ScenarioInput = {
      durationMs: 5000,
      clients: [{ id: 'A', script: [{ do: 'acquire' }, { do: 'work', ms: 3000 }] }],
      faults: [{ atMs: 1000, do: 'partition', between: ['A', 'lock'], ms: 500 }],
    }
    expect(at(input, 1000).partitions).toEqual([{ between: ['A', 'lock'], untilMs: 1500 }])
    expect(at(input, 1500).partitions).toEqual([])
  })

  it('a message is in flight from its send until its delivery', () => {
    const input: ScenarioInput = {
      network: { latencyMs: 50 },
      clients: [{ id: 'A', script: [{ do: 'acquire' }] }],
    }
    const r = runInput(input)
    const sent = eventsOf(r, 'MessageSent')[0]!
    const delivered = eventsOf(r, 'MessageDelivered').find((e) => e.msg === sent.msg)!
    expect(at(input, sent.atMs).inFlight).toMatchObject([
      { msg: sent.msg, from: 'A', to: LOCK_NODE, kind: 'acquire', sentAtMs: sent.atMs },
    ])
    expect(at(input, delivered.atMs).inFlight.some((m) => m.msg === sent.msg)).toBe(false)
  })
})

describe('the lock nodes', () => {
  it('a one-node service has the one node "lock", holding what the lock view holds', () => {
    const s = at(
      {
        lockService: { leaseMs: 2500 },
        clients: [{ id: 'A', script: [{ do: 'acquire' }, { do: 'work', ms: 1000 }] }],
      },
      500,
    )
    expect(s.lockNodes).toEqual([
      {
        id: LOCK_NODE,
        holder: 'A',
        token: s.lock.token,
        expiresAtMs: s.lock.expiresAtMs,
        expiresAtNodeMs: s.lock.expiresAtMs,
        persistence: 'durable',
        down: false,
        paused: false,
        forgot: false,
        clockOffsetMs: 0,
      },
    ])
  })

  it('each node of several keeps its own key; a volatile node forgets it in a crash', () => {
    const r = presetRun('redlock-restart')
    const timeline = buildTimeline(r, check(r))
    const before = stateAt(timeline, 1000).lockNodes
    expect(before.map((n) => n.holder)).toEqual(['A', 'A', 'A', null, null])
    expect(before.every((n) => n.persistence === 'volatile')).toBe(true)
    const crashed = stateAt(timeline, 2020).lockNodes[2]
    expect(crashed).toMatchObject({ id: 'redis3', holder: null, down: true, forgot: true })
    const after = stateAt(timeline, 2200).lockNodes
    expect(after.map((n) => n.holder)).toEqual(['A', 'A', 'B', 'B', 'B'])
    // Granting again is what ends "restarted without keys".
    expect(after[2]).toMatchObject({ down: false, forgot: false })
  })
})
