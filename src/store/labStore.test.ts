import fc from 'fast-check'
import { assertProperty } from '../testing/property'
import { describe, expect, it } from 'vitest'
import type { TraceEvent } from '../sim'
import { describeEvent, parseScenario, PRESET_IDS, findPreset } from '../sim'
import { eventIndexAt } from '../timeline'
import type { LabStore } from './labStore'
import { createLabStore, cursorBoundsOf, endMsOf, stateAtCursor, UNDO_LIMIT } from './labStore'

/** A store with motion reduced, so steps land at once (no playback loop in these tests). */
function labOf(preset = 'gc-pause'): LabStore {
  return createLabStore({ preset: preset as never, reducedMotion: true })
}

function prefix(events: readonly TraceEvent[], cursorMs: number): TraceEvent[] {
  return events.filter((e) => e.atMs <= cursorMs)
}

function sentences(store: LabStore): string[] {
  return store.getState().lab.run.events.map(describeEvent)
}

describe('createLabStore', () => {
  it('opens gc-pause by default, at the start, paused', () => {
    const s = createLabStore().getState()
    expect(s.base.kind).toBe('preset')
    expect(s.lab.scenario.id).toBe('gc-pause')
    expect(s.cursorMs).toBe(0)
    expect(s.playing).toBe(false)
    expect(s.edited).toBe(false)
    expect(s.lab.findings.verdict).toBe('safe')
  })

  it('keeps each lab independent (no module singleton)', () => {
    const one = labOf('gc-pause')
    const two = labOf('lock-delay')
    one.getState().setCursor(5000)
    one.getState().pauseClient('B', 2000)
    expect(two.getState().cursorMs).toBe(0)
    expect(two.getState().edited).toBe(false)
    expect(two.getState().lab.scenario.id).toBe('lock-delay')
  })

  it('clamps the cursor and the speed', () => {
    const store = labOf()
    store.getState().setCursor(-5)
    expect(store.getState().cursorMs).toBe(0)
    store.getState().setCursor(1e12)
    expect(store.getState().cursorMs).toBe(store.getState().lab.run.endMs)
    store.getState().setSpeed(100)
    expect(store.getState().speed).toBe(8)
    store.getState().setSpeed(0.01)
    expect(store.getState().speed).toBe(0.25)
  })
})

describe('interventions', () => {
  it('adds a fault just after the cursor; the history up to the cursor stays identical', () => {
    const store = labOf()
    store.getState().setCursor(10_500)
    const before = store.getState().lab.run.events
    store.getState().pauseClient('B', 10_000)
    const s = store.getState()
    expect(s.edits.faults.at(-1)).toEqual({ atMs: 10_501, do: 'pause', node: 'B', ms: 10_000 })
    expect(s.cursorMs).toBe(10_501)
    expect(prefix(s.lab.run.events, 10_500)).toEqual(prefix(before, 10_500))
    expect(s.lab.run.events).not.toEqual(before)
    expect(s.edited).toBe(true)
  })

  it('keeps the prefix for any intervention at any cursor (property)', () => {
    const actions = [
      (s: LabStore) => s.getState().pauseClient('A', 3000),
      (s: LabStore) => s.getState().pauseClient('B', 8000),
      (s: LabStore) => s.getState().crashNode('lock', 500),
      (s: LabStore) => s.getState().crashNode('B'),
      (s: LabStore) => s.getState().expireLease(),
      (s: LabStore) => s.getState().delayNext('A', 'storage', 4000),
      (s: LabStore) => s.getState().dropNext('lock', 'B'),
      (s: LabStore) => s.getState().partition('A', 'lock', 2000),
      (s: LabStore) => s.getState().clockJump('lock', 9000),
      (s: LabStore) => s.getState().clockJump('A', -3000),
    ]
    assertProperty(
      fc.property(
        fc.constantFrom('gc-pause', 'gc-pause-unfenced', 'delayed-write', 'lock-delay'),
        fc.double({ min: 0, max: 1, noNaN: true }),
        fc.integer({ min: 0, max: actions.length - 1 }),
        (preset, where, which) => {
          const store = labOf(preset)
          const cursorMs = where * store.getState().lab.run.endMs
          store.getState().setCursor(cursorMs)
          const before = store.getState().lab.run.events
          actions[which]?.(store)
          expect(prefix(store.getState().lab.run.events, cursorMs)).toEqual(
            prefix(before, cursorMs),
          )
        },
      ),
      { numRuns: 24 },
    )
  })

  it('pausing B while it holds 42 changes the outcome: A’s 41 is accepted', () => {
    const store = labOf()
    const grant42 = store
      .getState()
      .lab.run.events.find((e) => e.type === 'LeaseGranted' && e.token === 42)
    expect(grant42).toBeDefined()
    store.getState().setCursor(grant42?.atMs ?? 0)
    store.getState().pauseClient('B', 10_000)
    const log = sentences(store)
    expect(log).toContain('storage accepted A\'s write "A" with token 41')
    expect(log.some((line) => line.startsWith('storage rejected'))).toBe(false)
  })

  it('resumes a paused client at the cursor: a resume fault, nothing before the cursor changes', () => {
    const store = labOf()
    store.getState().setCursor(5000)
    expect(stateAtCursor(store.getState()).clients.find((c) => c.id === 'A')?.paused).toBe(true)
    const before = store.getState().lab.run.events
    store.getState().resumeClient('A')
    const s = store.getState()
    expect(s.edits.faults).toEqual([
      { atMs: 1000, do: 'pause', node: 'A', ms: 15_000 },
      { atMs: 5001, do: 'resume', node: 'A' },
    ])
    expect(s.cursorMs).toBe(5001)
    expect(stateAtCursor(s).clients.find((c) => c.id === 'A')?.paused).toBe(false)
    expect(prefix(s.lab.run.events, 5000)).toEqual(prefix(before, 5000))
    expect(s.lab.run.events).toContainEqual(
      expect.objectContaining({ type: 'NodeResumed', node: 'A', atMs: 5001 }),
    )
  })

  it('resuming a client that is not paused only steps the cursor', () => {
    const store = labOf()
    store.getState().setCursor(500)
    store.getState().resumeClient('B')
    expect(store.getState().edits.faults).toEqual([
      { atMs: 1000, do: 'pause', node: 'A', ms: 15_000 },
    ])
  })

  it('toggles fencing as a scenario edit (the whole run can change)', () => {
    const store = labOf()
    store.getState().setFencing('storage', 'none')
    const s = store.getState()
    expect(s.lab.scenario.resources[0]?.fencing).toBe('none')
    expect(s.lab.findings.verdict).toBe('unsafe')
    expect(s.lab.findings.violations.map((v) => v.kind)).toEqual(['token-order'])
    store.getState().setFencing('storage', 'atomic')
    expect(store.getState().edited).toBe(false)
  })

  it('delays or drops one in-flight message at its send time', () => {
    const store = labOf()
    const write = store
      .getState()
      .lab.spans.messages.find((m) => m.kind === 'write' && m.from === 'A')
    expect(write).toBeDefined()
    if (write === undefined) return
    store.getState().actOnMessage(write.msg, { kind: 'drop' })
    const s = store.getState()
    expect(s.edits.faults.at(-1)).toEqual({
      atMs: write.sentAtMs,
      do: 'drop',
      from: 'A',
      to: 'storage',
    })
    expect(sentences(store)).toContain('The network dropped the write from A to storage')
    expect(s.lab.run.events.some((e) => e.type === 'WriteRejected')).toBe(false)
  })

  it('removes a fault and undoes and redoes edits, reusing the runs it already made', () => {
    const store = labOf()
    const original = store.getState().lab
    store.getState().removeFault(0)
    const withoutPause = store.getState().lab
    expect(withoutPause.run.events.some((e) => e.type === 'NodePaused')).toBe(false)
    expect(store.getState().edited).toBe(true)
    store.getState().undo()
    expect(store.getState().lab).toBe(original)
    expect(store.getState().edited).toBe(false)
    store.getState().redo()
    expect(store.getState().lab).toBe(withoutPause)
    store.getState().undo()
    store.getState().setCursor(3000)
    store.getState().expireLease()
    expect(store.getState().redoStack).toEqual([])
    store.getState().resetEdits()
    expect(store.getState().edited).toBe(false)
  })

  it('does not re-run the engine when only the cursor or view changes', () => {
    const store = labOf()
    const lab = store.getState().lab
    store.getState().setCursor(7000)
    store.getState().stepForward()
    store.getState().setFutureMode('hide')
    store.getState().setTab('break')
    store.getState().setSpeed(4)
    expect(store.getState().lab).toBe(lab)
  })
})

describe('authoring', () => {
  it('replaces the whole scenario as one undoable edit, keeping the cursor', () => {
    const store = labOf()
    store.getState().setCursor(12_000)
    const original = store.getState().lab
    const longer = {
      ...original.scenario,
      lockService: { ...original.scenario.lockService, leaseMs: 20_000 },
    }
    expect(store.getState().editScenario(longer)).toBe(true)
    let s = store.getState()
    expect(s.lab.scenario.lockService.leaseMs).toBe(20_000)
    expect(s.edited).toBe(true)
    expect(s.cursorMs).toBe(12_000)
    expect(s.base.kind).toBe('preset')
    // A 20 s lease outlives A's pause: no second grant, so no token 42 to reject 41.
    expect(s.lab.run.events.some((e) => e.type === 'WriteRejected')).toBe(false)
    // Faults added from the lab apply on top of the rewrite.
    store.getState().expireLease()
    expect(store.getState().lab.scenario.lockService.leaseMs).toBe(20_000)
    store.getState().undo()
    store.getState().undo()
    s = store.getState()
    expect(s.lab).toBe(original)
    expect(s.edited).toBe(false)
  })

  it('coalesces live previews into one undo step, and an unchanged scenario is no edit', () => {
    const store = labOf()
    const original = store.getState().lab.scenario
    const withLease = (leaseMs: number) => ({
      ...original,
      lockService: { ...original.lockService, leaseMs },
    })
    store.getState().editScenario(withLease(11_000))
    store.getState().editScenario(withLease(12_000), { replaceLast: true })
    store.getState().editScenario(withLease(13_000), { replaceLast: true })
    expect(store.getState().undoStack).toHaveLength(1)
    expect(store.getState().lab.scenario.lockService.leaseMs).toBe(13_000)
    store.getState().editScenario(original, { replaceLast: true })
    expect(store.getState().edited).toBe(false)
    store.getState().undo()
    expect(store.getState().lab.scenario).toEqual(original)
    expect(store.getState().undoStack).toHaveLength(0)
  })

  it('refuses an invalid scenario with a notice and keeps the run', () => {
    const store = labOf()
    const lab = store.getState().lab
    const broken = {
      ...lab.scenario,
      faults: [{ atMs: 5, do: 'pause' as const, node: 'Z', ms: 1 }],
    }
    expect(store.getState().editScenario(broken)).toBe(false)
    expect(store.getState().lab).toBe(lab)
    expect(store.getState().notice).toMatch(/faults\[0\]\.node: no node "Z"/)
  })

  it('undoes opening another scenario (an import) back to the scenario and edits before', () => {
    const store = labOf()
    store.getState().setCursor(9000)
    store.getState().pauseClient('B', 1000)
    const before = store.getState()
    const other = parseScenario(findPreset('lock-delay')?.scenario)
    if (!other.ok) throw new Error('lock-delay does not parse')
    store.getState().openScenario(other.scenario)
    expect(store.getState().lab.scenario.id).toBe('lock-delay')
    store.getState().undo()
    const s = store.getState()
    expect(s.base).toBe(before.base)
    expect(s.edits).toBe(before.edits)
    expect(s.undoStack).toEqual(before.undoStack)
    expect(s.edited).toBe(true)
    expect(s.lab.run.events).toEqual(before.lab.run.events)
    store.getState().undo()
    expect(store.getState().edited).toBe(false)
  })
})

describe('navigation', () => {
  it('steps between moments when something happened, and announces them', () => {
    const store = labOf()
    const stops = store.getState().lab.timeline.stopsMs
    store.getState().stepForward()
    expect(store.getState().cursorMs).toBe(stops[1])
    store.getState().stepForward()
    expect(store.getState().cursorMs).toBe(stops[2])
    store.getState().stepBack()
    expect(store.getState().cursorMs).toBe(stops[1])
    expect(store.getState().announcement.text).toMatch(/^0\.005 s\./)
  })

  it('glides a step when motion is allowed, from where the last step was going', () => {
    const store = createLabStore({ reducedMotion: false })
    const stops = store.getState().lab.timeline.stopsMs
    store.getState().stepForward()
    expect(store.getState().glide).toEqual({ fromMs: 0, toMs: stops[1] })
    expect(store.getState().cursorMs).toBe(0)
    store.getState().stepForward()
    expect(store.getState().glide?.toMs).toBe(stops[2])
    store.getState().endGlide()
    expect(store.getState().cursorMs).toBe(stops[2])
  })

  it('jumps to the start, the end and the problems', () => {
    const store = labOf()
    const s = () => store.getState()
    s().nextProblem()
    const rejection = s().lab.run.events.find((e) => e.type === 'WriteRejected')
    const twoBelievers = s().lab.findings.warnings[0]
    expect(s().cursorMs).toBe(Math.min(rejection?.atMs ?? Infinity, twoBelievers?.atMs ?? Infinity))
    s().jumpEnd()
    expect(s().cursorMs).toBe(s().lab.run.endMs)
    s().previousProblem()
    expect(s().cursorMs).toBe(rejection?.atMs)
    expect(s().announcement.text).toContain("storage rejected A's write: token 41 < 42")
    s().jumpStart()
    expect(s().cursorMs).toBe(0)
  })

  it('plays from the start when asked to play at the end', () => {
    const store = labOf()
    store.getState().jumpEnd()
    store.getState().play()
    expect(store.getState().playing).toBe(true)
    expect(store.getState().cursorMs).toBe(0)
    store.getState().togglePlay()
    expect(store.getState().playing).toBe(false)
    expect(store.getState().announcement.text).toMatch(/^Paused at/)
  })

  it('highlights the event at the cursor', () => {
    const store = labOf()
    store.getState().setCursor(16_005)
    const index = eventIndexAt(store.getState().lab.timeline, 16_005)
    expect(store.getState().lab.run.events[index]?.atMs).toBe(16_005)
  })
})

describe('compare mode', () => {
  it('runs fencing on and off and says what differs', () => {
    const store = labOf()
    store.getState().setCompareMode(true)
    const compare = store.getState().compare
    expect(compare).not.toBeNull()
    if (compare === null) return
    expect(compare.outcome.differences).toEqual([
      `With fencing: storage rejected A's write with token 41 (token 41 < 42). Without: A's token 41 overwrote B's value "B" (token 42).`,
    ])
    expect(compare.outcome.fencedSummary).toBe('With fencing: safe; storage ends with "B".')
    expect(compare.outcome.unfencedSummary).toMatch(
      /^Without fencing: unsafe — .*storage ends with "A"\.$/,
    )
    expect(compare.outcome.fenced.msgs).toHaveLength(1)
    expect(compare.outcome.unfenced.decisionEventIndexes).toHaveLength(2)
    expect(endMsOf(store.getState())).toBe(
      Math.max(compare.fenced.run.endMs, compare.unfenced.run.endMs),
    )
    store.getState().setCompareMode(false)
    expect(store.getState().compare).toBeNull()
  })

  it('follows the reader’s edits', () => {
    const store = labOf()
    store.getState().setCompareMode(true)
    store.getState().removeFault(0)
    const compare = store.getState().compare
    expect(compare?.outcome.differences).toEqual([])
    expect(compare?.fenced.scenario.faults).toEqual([])
  })
})

describe('every preset', () => {
  it('opens, and survives a pause of its first client at its midpoint', () => {
    for (const id of PRESET_IDS) {
      const store = labOf(id)
      const s = store.getState()
      const preset = findPreset(id)
      expect(parseScenario(preset?.scenario).ok).toBe(true)
      s.setCursor(s.lab.run.endMs / 2)
      const client = s.lab.scenario.clients[0]?.id ?? 'A'
      store.getState().pauseClient(client, 1000)
      expect(store.getState().notice).toBeNull()
      expect(store.getState().edited).toBe(true)
    }
  })
})

describe('bounded history', () => {
  it(`keeps at most ${UNDO_LIMIT} edits to undo`, () => {
    const store = labOf()
    for (let i = 0; i < UNDO_LIMIT + 30; i++) {
      store.getState().setCursor(100 + i)
      store.getState().expireLease()
    }
    expect(store.getState().undoStack.length).toBe(UNDO_LIMIT)
    for (let i = 0; i < UNDO_LIMIT; i++) store.getState().undo()
    expect(store.getState().undoStack.length).toBe(0)
    // The oldest edits are gone; the scenario still has the first 30 expire-lease faults.
    expect(store.getState().edits.faults.filter((f) => f.do === 'expire-lease')).toHaveLength(30)
  })
})

describe('a range (embeds: from/to)', () => {
  const range = { fromMs: 2000, toMs: 12_000 }
  const ranged = () => createLabStore({ preset: 'gc-pause', reducedMotion: true, range })

  it('starts at the range start and keeps every cursor move inside it', () => {
    const store = ranged()
    const s = store.getState()
    expect(s.cursorMs).toBe(2000)
    s.setCursor(0)
    expect(store.getState().cursorMs).toBe(2000)
    s.setCursor(1e9)
    expect(store.getState().cursorMs).toBe(12_000)
    s.jumpStart()
    expect(store.getState().cursorMs).toBe(2000)
    s.jumpEnd()
    expect(store.getState().cursorMs).toBe(12_000)
    s.stepForward()
    expect(store.getState().cursorMs).toBe(12_000)
    s.jumpStart()
    s.stepBack()
    expect(store.getState().cursorMs).toBe(2000)
  })

  it('finds a range in the run it opens with, and the notice hears its problems', () => {
    const seen: number[] = []
    const store = createLabStore({
      preset: 'gc-pause',
      findRange: (timeline) => {
        seen.push(timeline.run.endMs)
        return { range: { fromMs: 3000, toMs: timeline.run.endMs }, problems: ['Range note.'] }
      },
      notice: (problems) => ['Link note.', ...problems].join(' '),
    })
    const s = store.getState()
    expect(seen).toEqual([s.lab.run.endMs])
    expect(s.range).toEqual({ fromMs: 3000, toMs: s.lab.run.endMs })
    expect(s.cursorMs).toBe(3000)
    expect(s.notice).toBe('Link note. Range note.')
  })

  it('a range that cannot be found leaves the whole run, and a plain notice stays as given', () => {
    const store = createLabStore({
      preset: 'gc-pause',
      cursorMs: 5000,
      findRange: () => ({ range: null, problems: ['ignored'] }),
      notice: 'As given.',
    })
    expect(store.getState().range).toBeNull()
    expect(store.getState().cursorMs).toBe(5000)
    expect(store.getState().notice).toBe('As given.')
  })

  it('plays from the range start again once at its end', () => {
    const store = ranged()
    store.getState().jumpEnd()
    store.getState().play()
    expect(store.getState().cursorMs).toBe(2000)
  })

  it('clamps a cursor from the link into the range', () => {
    const store = createLabStore({ range, cursorMs: 50 })
    expect(store.getState().cursorMs).toBe(2000)
    expect(createLabStore({ range, cursorMs: 5000 }).getState().cursorMs).toBe(5000)
  })

  it('shrinks to the run when the range reaches past its end', () => {
    const store = createLabStore({ range: { fromMs: 1e9, toMs: 2e9 } })
    const s = store.getState()
    const endMs = endMsOf(s)
    expect(cursorBoundsOf(s)).toEqual({ startMs: endMs, endMs })
    expect(s.cursorMs).toBe(endMs)
  })

  it('keeps the cursor in range after an edit and after a new scenario', () => {
    const store = ranged()
    store.getState().setCursor(5000)
    store.getState().pauseClient('A', 2000)
    const after = store.getState().cursorMs
    expect(after).toBeGreaterThanOrEqual(2000)
    expect(after).toBeLessThanOrEqual(12_000)
    store.getState().loadPreset('lock-delay')
    expect(store.getState().cursorMs).toBe(cursorBoundsOf(store.getState()).startMs)
  })

  it('setRange moves the cursor into the new range; null lifts it', () => {
    const store = createLabStore({ cursorMs: 100 })
    store.getState().setRange({ fromMs: 3000, toMs: 4000 })
    expect(store.getState().cursorMs).toBe(3000)
    store.getState().setRange(null)
    store.getState().setCursor(0)
    expect(store.getState().cursorMs).toBe(0)
  })
})
