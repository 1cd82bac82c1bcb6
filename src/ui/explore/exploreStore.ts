/**
 * The "Find a counterexample" panel's state, one store per lab (beside the lab's own store, so
 * the lab store only gained `openScenario`; the lab holds it in its explore slot, slot.tsx): the reader's settings, the search in progress or its
 * results, and chaos mode's. The searches run in Web Workers, started when a panel shows this
 * store (chaos on first use) and ended once no panel does and nothing runs; the main thread only
 * copies progress.
 *
 * A search outlives its panel (switching tabs does not cancel it), so the state lives here, not
 * in components.
 */
import { createStore } from 'zustand/vanilla'
import type { StoreApi } from 'zustand/vanilla'
import type {
  BudgetFaultKind,
  ChaosExample,
  ChaosInput,
  Counterexample,
  ExploreInput,
  ExploreResult,
} from '../../explore'
// Value imports name their modules: the index would also bring the explorer itself, which only
// the worker needs.
import { chaosExampleScenario } from '../../explore/chaos'
import { BUDGET_FAULT_KINDS, DEFAULT_BUDGET } from '../../explore/types'
import type { ChaosClient, ChaosPort, TimedChaosProgress } from '../../explore/chaosClient'
import { createChaosClient } from '../../explore/chaosClient'
import type { ExplorerClient, ExplorerPort, TimedProgress } from '../../explore/workerClient'
import { createExplorerClient } from '../../explore/workerClient'
import type { Scenario, ViolationKind } from '../../sim'
import { formatMs, withFencing } from '../../sim'
import type { LabStore } from '../../store'
import { VIOLATION_LABELS } from './labels'

export type ExploreMode = 'search' | 'chaos'
export type SearchTarget = 'any-violation' | ViolationKind

export interface SearchSettings {
  target: SearchTarget
  kinds: readonly BudgetFaultKind[]
  maxFaults: number
  maxChoiceDeviations: number
  maxSchedules: number
  /** `none`: can faults break this configuration? `keep`: can more faults break this run? */
  baseFaults: 'none' | 'keep'
  chaosRuns: number
  chaosSeed: number
}

export const DEFAULT_SETTINGS: Readonly<SearchSettings> = {
  target: 'any-violation',
  kinds: BUDGET_FAULT_KINDS,
  maxFaults: DEFAULT_BUDGET.maxFaults,
  maxChoiceDeviations: DEFAULT_BUDGET.maxChoiceDeviations,
  maxSchedules: DEFAULT_BUDGET.maxSchedules,
  baseFaults: 'none',
  chaosRuns: 2000,
  chaosSeed: 1,
}

/** Which configuration a search ran on: the lab's as it is, or every resource fenced / not. */
export type SearchSide = 'as-is' | 'fenced' | 'unfenced'

export type SlotState =
  | { status: 'running'; progress: TimedProgress | null }
  | { status: 'done'; result: ExploreResult; progress: TimedProgress; endedMs: number }
  | { status: 'failed'; message: string }

export interface SearchSlot {
  side: SearchSide
  input: ExploreInput
  state: SlotState
}

export interface SearchJob {
  serial: number
  kind: 'single' | 'fencing'
  /** The lab's scenario when the search started (results are about it). */
  scenario: Scenario
  slots: SearchSlot[]
  /** Main-thread clock at the start (time to a result in the browser, worker start included). */
  startedMs: number
}

export type ChaosState =
  | { status: 'running'; progress: TimedChaosProgress | null }
  | { status: 'done'; progress: TimedChaosProgress }
  | { status: 'failed'; message: string }

export interface ChaosJobState {
  serial: number
  input: ChaosInput
  scenario: Scenario
  state: ChaosState
}

/** What was last opened in the lab from here, to say so beside it. */
export interface Opened {
  key: string
  /** The lab's scenario right after opening (to tell whether the lab still shows it). */
  labScenario: Scenario
  /** The title of what was open before (Undo returns to it). */
  previousTitle: string
}

export interface ExploreState {
  mode: ExploreMode
  settings: SearchSettings
  search: SearchJob | null
  chaos: ChaosJobState | null
  opened: Opened | null
  /** A short note about the last thing that happened (a cancel), shown instead of a result. */
  note: string | null

  setMode: (mode: ExploreMode) => void
  updateSettings: (change: Partial<SearchSettings>) => void
  /** Searches the lab's current scenario, as it is or fenced on and off side by side. */
  startSearch: (kind: 'single' | 'fencing') => void
  cancelSearch: () => void
  startChaos: () => void
  cancelChaos: () => void
  /** Opens a counterexample in the lab (undoable), with the cursor on its first finding. */
  showCounterexample: (slot: number) => void
  /** Opens a failing chaos run in the lab (undoable), with the cursor on its first violation. */
  openChaosRun: (example: ChaosExample) => void
  /**
   * A panel showing this store mounted; the returned function says it unmounted. The search
   * worker starts with the first panel; workers end when no panel shows the store and they idle.
   */
  retain: () => () => void
}

export type ExploreStore = StoreApi<ExploreState>

export interface ExploreEnv {
  spawnExplorer: () => ExplorerPort
  spawnChaos: () => ChaosPort
  /** A monotonic clock in ms (performance.now). */
  nowMs: () => number
}

/** The slot's input: the lab's scenario (or it fenced one way) and the reader's budget. */
export function searchInput(scenario: Scenario, side: SearchSide, s: SearchSettings): ExploreInput {
  const configured =
    side === 'as-is' ? scenario : withFencing(scenario, side === 'fenced' ? 'atomic' : 'none')
  return {
    scenario: configured,
    baseFaults: s.baseFaults,
    target: s.target === 'any-violation' ? 'any-violation' : { kinds: [s.target] },
    budget: {
      kinds: s.kinds,
      maxFaults: s.maxFaults,
      maxChoiceDeviations: s.maxChoiceDeviations,
      maxSchedules: s.maxSchedules,
    },
  }
}

export function chaosInput(scenario: Scenario, s: SearchSettings): ChaosInput {
  return {
    scenario,
    baseFaults: s.baseFaults,
    kinds: s.kinds,
    maxFaults: s.maxFaults,
    runs: s.chaosRuns,
    seed: s.chaosSeed,
  }
}

export function createExploreStore(lab: LabStore, env: ExploreEnv): ExploreStore {
  const explorers: ExplorerClient[] = []
  let chaosClient: ChaosClient | null = null
  const cancels = new Set<() => void>()
  let chaosCancel: (() => void) | null = null
  let serial = 0
  let retained = 0

  const explorer = (i: number): ExplorerClient => {
    let client = explorers[i]
    if (client === undefined) explorers[i] = client = createExplorerClient(env.spawnExplorer())
    return client
  }

  /** Ends the workers that nothing runs on once no panel shows this store. */
  const tidy = () => {
    if (retained > 0) return
    const s = store.getState()
    if (s.search?.slots.some((slot) => slot.state.status === 'running') !== true) {
      for (const client of explorers.splice(0)) client.dispose()
    }
    if (s.chaos?.state.status !== 'running') {
      chaosClient?.dispose()
      chaosClient = null
    }
  }

  const updateSlot = (job: number, index: number, state: SlotState) => {
    const search = store.getState().search
    if (search === null || search.serial !== job) return
    const slots = search.slots.map((slot, i) => (i === index ? { ...slot, state } : slot))
    store.setState({ search: { ...search, slots } })
  }

  const store = createStore<ExploreState>()((set, get) => ({
    mode: 'search',
    settings: { ...DEFAULT_SETTINGS },
    search: null,
    chaos: null,
    opened: null,
    note: null,

    setMode: (mode) => set({ mode }),
    updateSettings: (change) => set({ settings: { ...get().settings, ...change } }),

    startSearch: (kind) => {
      get().cancelSearch()
      const scenario = lab.getState().lab.scenario
      const settings = get().settings
      const sides: SearchSide[] = kind === 'single' ? ['as-is'] : ['fenced', 'unfenced']
      const job = ++serial
      const slots: SearchSlot[] = sides.map((side) => ({
        side,
        input: searchInput(scenario, side, settings),
        state: { status: 'running', progress: null },
      }))
      set({
        search: { serial: job, kind, scenario, slots, startedMs: env.nowMs() },
        note: null,
      })
      slots.forEach((slot, i) => {
        const search = explorer(i).start(slot.input, (progress) => {
          const current = get().search?.slots[i]?.state
          if (current?.status === 'running') updateSlot(job, i, { status: 'running', progress })
        })
        const cancel = () => search.cancel()
        cancels.add(cancel)
        void search.outcome.then((outcome) => {
          cancels.delete(cancel)
          if (outcome.status === 'done') {
            updateSlot(job, i, {
              status: 'done',
              result: outcome.result,
              progress: outcome.progress,
              endedMs: env.nowMs(),
            })
          } else if (outcome.status === 'failed') {
            updateSlot(job, i, { status: 'failed', message: outcome.message })
          }
          const finished = get().search
          if (
            finished?.serial === job &&
            finished.slots.every((x) => x.state.status !== 'running')
          ) {
            lab.getState().announce(searchSummary(finished))
          }
          tidy()
        })
      })
    },

    cancelSearch: () => {
      const search = get().search
      for (const cancel of cancels) cancel()
      cancels.clear()
      if (search === null) return
      const running = search.slots.filter((slot) => slot.state.status === 'running')
      if (running.length === 0) return
      const explored = running.reduce(
        (n, slot) =>
          n + (slot.state.status === 'running' ? (slot.state.progress?.explored ?? 0) : 0),
        0,
      )
      set({
        search: null,
        note: `Search cancelled after ${explored.toLocaleString('en')} schedules. Nothing was concluded.`,
      })
      tidy()
    },

    startChaos: () => {
      get().cancelChaos()
      const scenario = lab.getState().lab.scenario
      const input = chaosInput(scenario, get().settings)
      const job = ++serial
      chaosClient ??= createChaosClient(env.spawnChaos())
      set({ chaos: { serial: job, input, scenario, state: { status: 'running', progress: null } } })
      const update = (state: ChaosState) => {
        const chaos = get().chaos
        if (chaos !== null && chaos.serial === job) set({ chaos: { ...chaos, state } })
      }
      const run = chaosClient.start(input, (progress) => {
        if (get().chaos?.state.status === 'running') update({ status: 'running', progress })
      })
      const cancel = () => run.cancel()
      chaosCancel = cancel
      void run.outcome.then((outcome) => {
        if (chaosCancel === cancel) chaosCancel = null
        if (outcome.status === 'done') {
          update({ status: 'done', progress: outcome.progress })
          const { failing, done } = outcome.progress
          const side = (n: number) =>
            n === 0 ? 'none' : `${n.toLocaleString('en')} broke an invariant`
          lab
            .getState()
            .announce(
              `Chaos done: ${done.toLocaleString('en')} runs. Fencing off: ${side(failing.unfenced)}; fencing on: ${side(failing.fenced)}.`,
            )
        } else if (outcome.status === 'failed') {
          update({ status: 'failed', message: outcome.message })
        }
        tidy()
      })
    },

    cancelChaos: () => {
      chaosCancel?.()
      chaosCancel = null
      const chaos = get().chaos
      if (chaos === null || chaos.state.status !== 'running') return
      const done = chaos.state.progress?.done ?? 0
      set({
        chaos: null,
        note: `Chaos cancelled after ${done.toLocaleString('en')} of ${chaos.input.runs.toLocaleString('en')} runs.`,
      })
      tidy()
    },

    showCounterexample: (index) => {
      const search = get().search
      const slot = search?.slots[index]
      if (search == null || slot === undefined || slot.state.status !== 'done') return
      const { result } = slot.state
      if (result.kind !== 'counterexample') return
      open(`search ${search.serial} ${index}`, result.counterexample.scenario, {
        atMs: result.counterexample.finding.atMs,
        words: counterexampleAnnouncement(result.counterexample),
      })
    },

    openChaosRun: (example) => {
      const chaos = get().chaos
      if (chaos === null) return
      const scenario = chaosExampleScenario(chaos.input, example)
      const fencing = example.side === 'fenced' ? 'fencing on' : 'fencing off'
      open(`chaos ${chaos.serial} ${example.side} ${example.index}`, scenario, {
        atMs: example.finding.atMs,
        words: `Opened chaos run ${example.index + 1} (${fencing}), at its first violation, ${formatMs(example.finding.atMs)}: ${example.finding.message} Undo returns to the scenario before.`,
      })
    },

    retain: () => {
      retained++
      // Start the search worker while the reader picks a budget: loading and compiling its
      // script is most of the time to a quick counterexample.
      explorer(0)
      return () => {
        retained--
        tidy()
      }
    },
  }))

  const open = (key: string, scenario: Scenario, at: { atMs: number; words: string }) => {
    const previousTitle = lab.getState().lab.scenario.title ?? 'the scenario before'
    lab.getState().openScenario(scenario, { cursorMs: at.atMs, announcement: at.words })
    store.setState({ opened: { key, labScenario: lab.getState().lab.scenario, previousTitle } })
  }

  return store
}

/** What a finished search found, in one sentence for the live region. */
export function searchSummary(search: SearchJob): string {
  const words = search.slots.map((slot) => {
    const prefix =
      slot.side === 'as-is' ? '' : slot.side === 'fenced' ? 'Fencing on: ' : 'Fencing off: '
    const { state } = slot
    if (state.status === 'failed') return `${prefix}the search failed: ${state.message}`
    if (state.status !== 'done') return `${prefix}not finished`
    const r = state.result
    if (r.kind === 'no-violation') {
      return `${prefix}no violation within this budget, a bounded claim (${r.explored.toLocaleString('en')} schedules, ${r.distinct.toLocaleString('en')} distinct states)`
    }
    const f = r.counterexample.finding
    const label = VIOLATION_LABELS[f.kind as ViolationKind] ?? f.kind
    const n = r.counterexample.faults.length
    return `${prefix}counterexample found, ${label.toLowerCase()} (${f.kind}) at ${formatMs(f.atMs)}, with ${n} ${n === 1 ? 'fault' : 'faults'}`
  })
  const sentences = words.map((w) => `${w.charAt(0).toUpperCase()}${w.slice(1)}.`)
  return `Search done. ${sentences.join(' ')}`
}

function counterexampleAnnouncement(cx: Counterexample): string {
  const label = VIOLATION_LABELS[cx.finding.kind as ViolationKind] ?? cx.finding.kind
  return `Opened the counterexample at its first ${cx.finding.kind} (${label.toLowerCase()}), ${formatMs(cx.finding.atMs)}: ${cx.finding.message} Undo returns to the scenario before.`
}
