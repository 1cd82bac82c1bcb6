/**
 * Heavy runs in the lab's store: computed by a background runner (here the real run job in an
 * in-process worker: messages cross as clones on later macrotasks), shown only when done, asked
 * about first above the page's budget, cancellable, and never kept beyond the current one.
 */
import { describe, expect, it } from 'vitest'
import { createRunClient, createRunHost } from '../explore/runJob'
import type { ScenarioInput } from '../sim'
import { estimateRun, FRAME_EVENT_BUDGET, PAGE_EVENT_BUDGET } from '../sim'
import { inProcessWorker } from '../testing/inProcessWorker'
import { parseOrThrow } from '../testing/runs'
import { createDeriver } from './derivation'
import { deriveLabRun } from './derive'
import { baseEdits } from './edits'
import { customBase } from './history'
import type { LabStore } from './labStore'
import { createLabStore } from './labStore'
import { createLargeRuns } from './largeRun'

const transport = {
  later: (fn: () => void) => void setImmediate(fn),
  clone: <T>(value: T): T => structuredClone(value),
  nowMs: () => performance.now(),
}

/** A client that renews every `renewEveryMs` until the horizon. */
function renewing(durationMs: number, renewEveryMs: number): ScenarioInput {
  return {
    title: 'Renewing all day',
    durationMs,
    network: { latencyMs: 1 },
    clients: [
      { id: 'A', renewEveryMs, script: [{ do: 'acquire' }, { do: 'work', ms: durationMs }] },
    ],
  }
}

/** Heavier than a frame, under the page's budget. */
const heavy = parseOrThrow(renewing(30_000, 10))
/** Far over the page's budget. */
const huge = parseOrThrow(renewing(86_400_000, 10))

function labWithWorker(init: Parameters<typeof createLabStore>[0] = {}) {
  let started = 0
  const store = createLabStore({
    reducedMotion: true,
    ...init,
    background: {
      createLargeRuns,
      runner: () => {
        started++
        return Promise.resolve(createRunClient(inProcessWorker(createRunHost, transport).port))
      },
    },
  })
  return { store, workers: () => started }
}

async function settled(store: LabStore): Promise<void> {
  for (let i = 0; i < 10_000 && store.getState().pendingRun?.status === 'running'; i++) {
    await new Promise((done) => setTimeout(done, 5))
  }
}

describe('a heavy run in the lab', () => {
  it('the fixtures are what they say', () => {
    const heavyEvents = estimateRun(heavy).events
    expect(heavyEvents).toBeGreaterThan(FRAME_EVENT_BUDGET)
    expect(heavyEvents).toBeLessThanOrEqual(PAGE_EVENT_BUDGET)
    expect(estimateRun(huge).events).toBeGreaterThan(PAGE_EVENT_BUDGET)
  })

  it('a heavy link opens behind the default scenario, then shows exactly the run derived in place', async () => {
    const { store, workers } = labWithWorker({ scenario: heavy, cursorMs: 700 })
    const opening = store.getState()
    expect(opening.lab.scenario.id).toBe('gc-pause')
    // The run the lab opens with: the page shows no other run in its place (Lab.tsx).
    expect(opening.pendingRun).toMatchObject({
      status: 'running',
      title: 'Renewing all day',
      opening: true,
    })
    expect(workers()).toBe(1)
    await settled(store)
    const s = store.getState()
    expect(s.pendingRun).toBeNull()
    expect(s.lab.scenario).toEqual(heavy)
    const inPlace = deriveLabRun(heavy)
    expect(s.lab.run.events).toEqual(inPlace.run.events)
    expect(s.lab.findings).toEqual(inPlace.findings)
    expect(s.lab.spans).toEqual(inPlace.spans)
    expect(s.cursorMs).toBe(700)
    // Opening a link is not an edit: nothing to undo.
    expect(s.undoStack).toEqual([])
    expect(s.announcement.text).toMatch(/^The run is ready: \d+ events\.$/)
  })

  it('reports progress while it runs, then the indexing, and answers Cancel', async () => {
    const { store } = labWithWorker({ scenario: heavy })
    const phases = new Set<string>()
    const unsubscribe = store.subscribe((s) => {
      if (s.pendingRun?.status === 'running' && s.pendingRun.progress !== null) {
        phases.add(s.pendingRun.progress.phase)
      }
    })
    await settled(store)
    unsubscribe()
    expect(phases.has('indexing')).toBe(true)

    const again = labWithWorker({ scenario: heavy }).store
    again.getState().cancelRun()
    expect(again.getState().pendingRun).toBeNull()
    await new Promise((done) => setTimeout(done, 200))
    expect(again.getState().lab.scenario.id).toBe('gc-pause')
    expect(again.getState().announcement.text).toMatch(/^Cancelled\./)
  })

  it('a runner that cannot be loaded leaves the lab as it was, says so, and is tried again', async () => {
    let tries = 0
    const store = createLabStore({
      reducedMotion: true,
      scenario: heavy,
      background: {
        createLargeRuns,
        runner: () => {
          tries++
          return Promise.reject(new Error('chunk failed to load'))
        },
      },
    })
    expect(store.getState().pendingRun).toMatchObject({ status: 'running' })
    await new Promise((done) => setTimeout(done, 0))
    const s = store.getState()
    expect(s.pendingRun).toBeNull()
    expect(s.lab.scenario.id).toBe('gc-pause')
    expect(s.notice).toBe(
      'The background runner could not be loaded (Error: chunk failed to load). Reload the page to try again.',
    )
    s.openScenario(heavy)
    await new Promise((done) => setTimeout(done, 0))
    expect(tries).toBe(2)
  })

  it('an edit to a heavy run goes to the worker too; a newer edit supersedes it', async () => {
    const { store } = labWithWorker({ scenario: heavy })
    await settled(store)
    store.getState().setCursor(1000)
    store.getState().pauseClient('A', 500)
    // Not the opening run: the lab keeps showing the run it showed.
    expect(store.getState().pendingRun).toMatchObject({ status: 'running', opening: false })
    expect(store.getState().edited).toBe(false)
    store.getState().pauseClient('A', 900)
    await settled(store)
    const s = store.getState()
    expect(s.edited).toBe(true)
    expect(s.lab.scenario.faults).toEqual([{ atMs: 1001, do: 'pause', node: 'A', ms: 900 }])
    expect(s.undoStack).toHaveLength(1)
  })

  it('above the page budget the reader is asked first, with the size and a shorter horizon', () => {
    const { store, workers } = labWithWorker({ scenario: huge })
    const asked = store.getState().pendingRun
    expect(asked).toMatchObject({ status: 'ask', estimate: estimateRun(huge) })
    if (asked?.status !== 'ask') throw new Error('not asked')
    expect(workers()).toBe(0)
    expect(asked.shorterMs).not.toBeNull()
    expect(estimateRun({ ...huge, durationMs: asked.shorterMs ?? 0 }).events).toBeLessThanOrEqual(
      PAGE_EVENT_BUDGET,
    )
    store.getState().cancelRun()
    expect(store.getState().pendingRun).toBeNull()
    expect(store.getState().lab.scenario.id).toBe('gc-pause')
    expect(store.getState().announcement.text).toBe('Not run. The lab shows its default scenario.')
  })

  it('a huge scenario opened later is asked about over the run shown, which stays', () => {
    const { store } = labWithWorker()
    store.getState().loadScenario(huge)
    const asked = store.getState().pendingRun
    expect(asked).toMatchObject({ status: 'ask', opening: false })
    store.getState().cancelRun()
    expect(store.getState().lab.scenario.id).toBe('gc-pause')
    expect(store.getState().announcement.text).toBe('Not run. The lab shows what it showed.')
  })

  it('"Run it in the background" starts the job; "Shorten it" opens the shorter run', async () => {
    const { store } = labWithWorker({ scenario: huge })
    store.getState().runLarge()
    expect(store.getState().pendingRun?.status).toBe('running')
    store.getState().cancelRun()

    const short = labWithWorker({ scenario: parseOrThrow(renewing(86_400_000, 1000)) }).store
    const asked = short.getState().pendingRun
    if (asked?.status !== 'ask') throw new Error('not asked')
    short.getState().shortenLarge()
    await settled(short)
    expect(short.getState().lab.scenario.durationMs).toBe(asked.shorterMs)
    expect(short.getState().lab.run.endReason).not.toBe('event-limit')
  }, 60_000)

  it('without a background runner a heavy run is derived in place, as before', () => {
    const store = createLabStore({ scenario: heavy, reducedMotion: true })
    expect(store.getState().lab.scenario).toEqual(heavy)
    expect(store.getState().pendingRun).toBeNull()
  })
})

describe('memory stays bounded', () => {
  it('after ten edits of a heavy run only the newest runs are kept; history keeps edits', () => {
    const derive = createDeriver()
    const base = customBase(heavy)
    const editsOf = (i: number) => ({
      ...baseEdits(heavy),
      faults: [{ atMs: 100 + i, do: 'pause' as const, node: 'A', ms: 50 }],
    })
    const all = Array.from({ length: 10 }, (_, i) => editsOf(i))
    for (const edits of all) {
      const d = derive({ base, edits, compareMode: false, range: null, cursorMs: 0 })
      expect(d.ok).toBe(true)
    }
    // The newest is cached (no run needed); the first was let go and would be run again.
    expect(derive.plan({ base, edits: all[9] as (typeof all)[number] })).toBeNull()
    expect(derive.plan({ base, edits: all[0] as (typeof all)[number] })).not.toBeNull()
  })

  it('a heavy link is parsed and estimated once while the lab opens behind the default', () => {
    const derive = createDeriver()
    const base = customBase(heavy)
    const edits = baseEdits(heavy)
    const first = derive.plan({ base, edits })
    expect(first).not.toBeNull()
    // The default scenario opens in between (as createLabStore does), then the link is planned
    // again to open it: the same validated scenario and estimate, not a second parse.
    const preset = customBase(parseOrThrow(renewing(1_000, 100)))
    expect(
      derive({
        base: preset,
        edits: baseEdits(preset.scenario),
        compareMode: false,
        range: null,
        cursorMs: 0,
      }).ok,
    ).toBe(true)
    const again = derive.plan({ base, edits })
    expect(again?.scenario).toBe(first?.scenario)
    expect(again?.estimate).toBe(first?.estimate)
  })
})
