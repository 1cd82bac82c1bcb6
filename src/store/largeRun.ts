/**
 * Runs too heavy for a frame, in the lab: computed in a Web Worker while the page keeps
 * answering, with progress and Cancel; and a run above the page's budget is not started before
 * the reader has seen its size and chosen (run it in the background, or shorten it).
 *
 * The store's one door (`kit.update`) asks `plan` first; for a heavy run it hands the change here
 * instead of deriving it. When the worker's run arrives it goes into the deriver's cache and the
 * same change goes through the door again, now instant: the run is derived once, on one road.
 * A newer change that needs another run supersedes a pending one (the old job is cancelled).
 */
import type { RunClient, RunJob, RunJobProgress } from '../explore/runJob'
import type { RunEstimate, Scenario } from '../sim'
import { estimateRun, formatCount, PAGE_EVENT_BUDGET } from '../sim'
import type { HeavyRun } from './derivation'
import type { LabRun } from './derive'
import { scenarioEdits } from './edits'
import type { Inputs } from './derivation'
import type { LabStoreState } from './labStore'

/**
 * What the reader sees of a heavy run that is not shown yet. `opening`: it is the run the lab was
 * opened with (a heavy link), so the lab has shown no run yet; the page draws none behind the
 * prompt (the store's default scenario is not what the reader opened).
 */
export type PendingRun =
  | {
      status: 'ask'
      title: string
      estimate: RunEstimate
      /** A horizon (ms) at which the run fits the page's budget, or null when a shorter one would not. */
      shorterMs: number | null
      opening: boolean
    }
  | {
      status: 'running'
      title: string
      estimate: RunEstimate
      progress: RunJobProgress | null
      opening: boolean
    }

export interface LargeRunSlice {
  /** The heavy run being asked about or computed, or null. */
  pendingRun: PendingRun | null
  /** Starts the run the reader was asked about, in the background. */
  runLarge: () => void
  /** Opens the run asked about cut to a horizon that fits the page's budget. */
  shortenLarge: () => void
  /** Stops the run being computed (or asked about); the lab keeps showing what it showed. */
  cancelRun: () => void
  /** Ends the worker (the lab is closed): a run in progress stops. */
  releaseWorker: () => void
}

interface Request {
  heavy: HeavyRun
  change: Partial<Inputs>
  also: Partial<LabStoreState> | undefined
  cancel: (() => void) | null
  /** The run the lab was opened with (PendingRun's `opening`). */
  opening: boolean
}

export interface LargeRunHost {
  get: () => LabStoreState
  set: (partial: Partial<LabStoreState>) => void
  /** The store's door: applies a change (now derivable at once). */
  update: (change: Partial<Inputs>, also?: Partial<LabStoreState>) => boolean
  announce: (text: string) => void
  accept: (heavy: HeavyRun, lab: LabRun) => void
  /**
   * The worker's client, made on first use: its code and the worker's load only then (the
   * first screen does without them).
   */
  runner: () => Promise<RunClient>
}

/** What the lab shows once `r` is dropped: what it showed, or (opened with it) its default. */
function showsAfter(r: Request): string {
  return r.opening ? 'The lab shows its default scenario.' : 'The lab shows what it showed.'
}

export function createLargeRuns(host: LargeRunHost) {
  let request: Request | null = null
  let client: Promise<RunClient> | null = null

  /** Shows the reader `r`, its title and size with `now`: asked about, or running. */
  const show = (
    r: Request,
    now:
      | { status: 'ask'; shorterMs: number | null }
      | { status: 'running'; progress: RunJobProgress | null },
  ) =>
    host.set({
      pendingRun: {
        ...now,
        title: r.heavy.scenario.title ?? 'this scenario',
        estimate: r.heavy.estimate,
        opening: r.opening,
      },
    })

  /** Starts `r`'s job on the loaded client: its progress, then its outcome, in the store. */
  const run = (r: Request, loaded: RunClient): RunJob => {
    const job = loaded.start({ scenario: r.heavy.scenario }, (progress) => {
      if (request === r) show(r, { status: 'running', progress })
    })
    void job.outcome.then((outcome) => {
      if (request !== r) return
      request = null
      if (outcome.status === 'done') {
        host.accept(r.heavy, outcome.result)
        host.set({ pendingRun: null })
        if (host.update(r.change, r.also)) {
          host.announce(`The run is ready: ${outcome.result.run.events.length} events.`)
        }
        return
      }
      host.set({
        pendingRun: null,
        ...(outcome.status === 'failed' ? { notice: outcome.message } : {}),
      })
      if (outcome.status === 'cancelled') host.announce(`Cancelled. ${showsAfter(r)}`)
    })
    return job
  }

  const start = (r: Request) => {
    show(r, { status: 'running', progress: null })
    host.announce(`Computing the run in the background: ${count(r.heavy.estimate)}.`)
    client ??= host.runner()
    let job: RunJob | null = null
    let dropped = false
    r.cancel = () => {
      dropped = true
      job?.cancel()
    }
    client.then(
      (loaded) => {
        // Dropped (cancelled or superseded) while the client's code loaded: never started.
        if (!dropped && request === r) job = run(r, loaded)
      },
      (error: unknown) => {
        client = null // the next heavy run tries to load it again
        if (request !== r) return
        request = null
        host.set({
          pendingRun: null,
          notice: `The background runner could not be loaded (${String(error)}). Reload the page to try again.`,
        })
      },
    )
  }

  const drop = () => {
    const r = request
    request = null
    r?.cancel?.()
    if (r !== null) host.set({ pendingRun: null })
  }

  return {
    /**
     * Takes `change` when it needs `heavy`, a run not derived yet (returns true: it is underway
     * or asked about); any other change supersedes a pending run that changed base or edits.
     * `opening`: the change opens the lab's first run (a heavy link).
     */
    handle(
      heavy: HeavyRun | null,
      change: Partial<Inputs>,
      also?: Partial<LabStoreState>,
      opening = false,
    ): boolean {
      if (heavy === null) {
        if (change.base !== undefined || change.edits !== undefined) drop()
        return false
      }
      if (
        request !== null &&
        request.heavy.edits === heavy.edits &&
        request.heavy.base === heavy.base
      ) {
        return true
      }
      drop()
      const r: Request = { heavy, change, also, cancel: null, opening }
      request = r
      if (heavy.estimate.events <= PAGE_EVENT_BUDGET) {
        start(r)
        return true
      }
      show(r, { status: 'ask', shorterMs: fittingHorizonMs(heavy.scenario) })
      host.announce(
        `This run is large: ${count(heavy.estimate)}. Run it in the background, or shorten it.`,
      )
      return true
    },
    slice: {
      runLarge: () => {
        if (request !== null && request.cancel === null) start(request)
      },
      shortenLarge: () => {
        const r = request
        if (r === null) return
        const shorterMs = fittingHorizonMs(r.heavy.scenario)
        if (shorterMs === null) return
        drop()
        // Faults after the new horizon would never happen: they go too.
        const { scenario } = r.heavy
        const faults = scenario.faults.filter((f) => f.atMs <= shorterMs)
        const shorter = { ...scenario, durationMs: shorterMs, faults }
        const edits = scenarioEdits(r.heavy.base.scenario, shorter)
        host.update({ ...r.change, base: r.heavy.base, edits }, r.also)
      },
      cancelRun: () => {
        if (request === null) return
        const asked = request.cancel === null
        const r = request
        drop()
        host.announce(`${asked ? 'Not run' : 'Cancelled'}. ${showsAfter(r)}`)
      },
      releaseWorker: () => {
        drop()
        void client?.then((c) => c.dispose())
        client = null
      },
    } satisfies Omit<LargeRunSlice, 'pendingRun'>,
  }
}

/** The size in words: "up to 123,456 events", or "2,000,000 events or more" (the engine's cap). */
export function count(estimate: RunEstimate): string {
  if (estimate.reachesLimit) return `${formatCount(estimate.events - 1)} events or more`
  return `up to ${formatCount(estimate.events)} events`
}

/**
 * The longest horizon (whole seconds when it can) at which the scenario's estimate fits the
 * page's budget; null when cutting the horizon does not bring it under (long scripts, not long
 * renewing, make it large).
 */
export function fittingHorizonMs(scenario: Scenario): number | null {
  let hiMs = scenario.durationMs
  let loMs = 0
  const fits = (ms: number) =>
    estimateRun({ ...scenario, durationMs: ms }).events <= PAGE_EVENT_BUDGET
  if (!fits(1)) return null
  // Bisect: the estimate grows with the horizon (more renewals fit in it).
  for (let i = 0; i < 40 && hiMs - loMs > 1; i++) {
    const mid = Math.floor((loMs + hiMs) / 2)
    if (fits(mid)) loMs = mid
    else hiMs = mid
  }
  return loMs >= 1000 ? Math.floor(loMs / 1000) * 1000 : Math.max(1, loMs)
}
