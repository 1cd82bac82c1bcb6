import { describe, expect, it } from 'vitest'
import type { ChaosPort } from '../../explore/chaosClient'
import { createChaosHost } from '../../explore/chaosHost'
import type { HostEnvironment, JobHost } from '../../explore/jobHost'
import { inProcessWorker } from '../../testing/inProcessWorker'
import type { ExplorerPort } from '../../explore/workerClient'
import { createExplorerHost } from '../../explore/workerHost'
import { check, run } from '../../sim'
import { createLabStore } from '../../store'
import type { ExploreStore } from './exploreStore'
import { createExploreStore } from './exploreStore'

/** Workers in-process (see inProcessWorker), counting those spawned and terminated. */
function workers() {
  const count = { spawned: 0, terminated: 0 }
  const nowMs = () => performance.now()
  function spawn<Input, Progress, Result>(
    createHost: (env: HostEnvironment<Progress, Result>) => JobHost<Input>,
  ) {
    count.spawned++
    const { port } = inProcessWorker(createHost, {
      later: setImmediate,
      clone: structuredClone,
      nowMs,
    })
    const terminate = port.terminate.bind(port)
    port.terminate = () => {
      count.terminated++
      terminate()
    }
    return port
  }
  return {
    count,
    env: {
      nowMs,
      spawnExplorer: (): ExplorerPort => spawn(createExplorerHost),
      spawnChaos: (): ChaosPort => spawn(createChaosHost),
    },
  }
}

function setup(preset: string) {
  const lab = createLabStore({ preset: preset as never, reducedMotion: true })
  const w = workers()
  const store = createExploreStore(lab, w.env)
  return { lab, store, count: w.count }
}

/** Resolves once the store's search (or chaos run) is no longer running. */
function settled(store: ExploreStore, what: 'search' | 'chaos'): Promise<void> {
  const idle = () => {
    const s = store.getState()
    if (what === 'chaos') return s.chaos === null || s.chaos.state.status !== 'running'
    return s.search === null || s.search.slots.every((slot) => slot.state.status !== 'running')
  }
  return new Promise((resolve) => {
    if (idle()) return resolve()
    const stop = store.subscribe(() => {
      if (!idle()) return
      stop()
      resolve()
    })
  })
}

describe('explore store: a search of the lab’s scenario', () => {
  it('finds gc-pause-unfenced’s stale write and opens it in the lab, undoably', async () => {
    const { lab, store } = setup('gc-pause-unfenced')
    const before = lab.getState().lab
    store.getState().startSearch('single')
    expect(store.getState().search?.slots[0]?.state.status).toBe('running')
    await settled(store, 'search')
    const slot = store.getState().search?.slots[0]
    expect(slot?.input.baseFaults).toBe('none')
    expect(slot?.state.status).toBe('done')
    if (slot?.state.status !== 'done' || slot.state.result.kind !== 'counterexample') {
      throw new Error('expected a counterexample')
    }
    const cx = slot.state.result.counterexample
    expect(cx.finding.kind).toBe('token-order')
    expect(lab.getState().announcement.text).toBe(
      'Search done. Counterexample found, a stale write accepted (token-order) at 12.021 s, with 1 fault.',
    )
    expect(slot.state.progress.explored).toBe(slot.state.result.explored)

    store.getState().showCounterexample(0)
    const opened = lab.getState()
    expect(opened.lab.scenario.faults).toEqual(cx.scenario.faults)
    expect(opened.cursorMs).toBe(cx.finding.atMs)
    expect(opened.lab.findings.violations[0]).toMatchObject({
      kind: 'token-order',
      atMs: cx.finding.atMs,
    })
    expect(opened.announcement.text).toMatch(/^Opened the counterexample at its first token-order/)
    expect(store.getState().opened).toMatchObject({
      key: expect.stringMatching(/^search \d+ 0$/) as unknown,
      labScenario: opened.lab.scenario,
      previousTitle: 'GC pause without fencing',
    })
    lab.getState().undo()
    expect(lab.getState().lab).toBe(before)
  })

  it('searches with fencing on and off side by side (every resource atomic vs none)', async () => {
    const { lab, store } = setup('gc-pause')
    store.getState().updateSettings({ target: 'token-order', maxFaults: 1 })
    store.getState().startSearch('fencing')
    await settled(store, 'search')
    const [fenced, unfenced] = store.getState().search?.slots ?? []
    expect(fenced?.side).toBe('fenced')
    expect(fenced?.input.scenario.resources.every((r) => r.fencing === 'atomic')).toBe(true)
    expect(unfenced?.input.scenario.resources.every((r) => r.fencing === 'none')).toBe(true)
    expect(fenced?.state).toMatchObject({
      status: 'done',
      result: { kind: 'no-violation', bounded: true, reason: 'space-exhausted' },
    })
    expect(unfenced?.state).toMatchObject({
      status: 'done',
      result: { kind: 'counterexample', counterexample: { finding: { kind: 'token-order' } } },
    })
    expect(lab.getState().announcement.text).toMatch(
      /^Search done\. Fencing on: no violation within this budget, a bounded claim \([\d,]+ schedules, [\d,]+ distinct states\)\. Fencing off: counterexample found, a stale write accepted \(token-order\) at [\d.]+ s, with 1 fault\.$/,
    )
  })

  it('cancel returns to idle with a note and no result; late messages change nothing', async () => {
    const { store } = setup('gc-pause')
    store.getState().updateSettings({ maxFaults: 3, maxSchedules: 10_000_000 })
    store.getState().startSearch('single')
    await new Promise<void>((resolve) => {
      const stop = store.subscribe((s) => {
        const state = s.search?.slots[0]?.state
        if (state?.status === 'running' && (state.progress?.explored ?? 0) > 0) {
          stop()
          resolve()
        }
      })
    })
    store.getState().cancelSearch()
    expect(store.getState().search).toBeNull()
    expect(store.getState().note).toMatch(
      /^Search cancelled after [\d,]+ schedules\. Nothing was concluded\.$/,
    )
    await new Promise((resolve) => setTimeout(resolve, 100))
    expect(store.getState().search).toBeNull()
  })

  it('a new search replaces the one in progress', async () => {
    const { store } = setup('gc-pause')
    store.getState().updateSettings({ maxFaults: 3, maxSchedules: 10_000_000 })
    store.getState().startSearch('single')
    const first = store.getState().search?.serial
    store.getState().updateSettings({ maxFaults: 1, target: 'token-order' })
    store.getState().startSearch('single')
    await settled(store, 'search')
    const search = store.getState().search
    expect(search?.serial).not.toBe(first)
    expect(search?.slots[0]?.state).toMatchObject({ status: 'done' })
  })

  it('a bad budget fails with the explorer’s message', async () => {
    const { store } = setup('gc-pause')
    store.getState().updateSettings({ kinds: [] })
    store.getState().startSearch('single')
    await settled(store, 'search')
    expect(store.getState().search?.slots[0]?.state).toEqual({
      status: 'failed',
      message: 'Cannot explore: budget.kinds must name at least one fault kind',
    })
  })
})

describe('explore store: chaos mode', () => {
  it('runs fencing on and off, and a failing run opens in the lab at its violation', async () => {
    const { lab, store } = setup('gc-pause')
    store.getState().updateSettings({ chaosRuns: 500, chaosSeed: 3 })
    store.getState().startChaos()
    await settled(store, 'chaos')
    const chaos = store.getState().chaos
    if (chaos?.state.status !== 'done') throw new Error('chaos did not finish')
    const { progress } = chaos.state
    expect(progress.done).toBe(500)
    expect(progress.failing.fenced).toBe(0)
    expect(progress.failing.unfenced).toBeGreaterThan(0)
    expect(lab.getState().announcement.text).toBe(
      `Chaos done: 500 runs. Fencing off: ${progress.failing.unfenced} broke an invariant; fencing on: none.`,
    )
    const example = progress.examples.find((e) => e.side === 'unfenced')
    if (example === undefined) throw new Error('no failing run kept')
    store.getState().openChaosRun(example)
    const s = lab.getState()
    expect(s.cursorMs).toBe(example.finding.atMs)
    expect(s.lab.scenario.resources.every((r) => r.fencing === 'none')).toBe(true)
    expect(check(run(s.lab.scenario)).violations[0]).toMatchObject(example.finding)
    expect(s.undoStack).toHaveLength(1)
  })

  it('cancel stops it and says how far it got', async () => {
    const { store } = setup('gc-pause')
    store.getState().updateSettings({ chaosRuns: 100_000 })
    store.getState().startChaos()
    await new Promise<void>((resolve) => {
      const stop = store.subscribe((s) => {
        if (s.chaos?.state.status === 'running' && s.chaos.state.progress !== null) {
          stop()
          resolve()
        }
      })
    })
    store.getState().cancelChaos()
    expect(store.getState().chaos).toBeNull()
    expect(store.getState().note).toMatch(/^Chaos cancelled after [\d,]+ of 100,000 runs\.$/)
  })
})

describe('explore store: workers', () => {
  it('start with the panel (chaos on first use) and end when no panel shows them and they idle', async () => {
    const { store, count } = setup('gc-pause-unfenced')
    expect(count.spawned).toBe(0)
    const release = store.getState().retain()
    expect(count.spawned).toBe(1)
    store.getState().startSearch('single')
    await settled(store, 'search')
    expect(count).toEqual({ spawned: 1, terminated: 0 })
    store.getState().startSearch('single')
    await settled(store, 'search')
    expect(count.spawned).toBe(1)
    store.getState().updateSettings({ chaosRuns: 10 })
    store.getState().startChaos()
    release()
    expect(count.terminated).toBe(1)
    await settled(store, 'chaos')
    expect(count).toEqual({ spawned: 2, terminated: 2 })
  })
})
