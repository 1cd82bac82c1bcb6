/**
 * The renderer main thread's tasks in a Chrome trace (categories `toplevel`, `devtools.timeline`):
 * each task's wall time and the thread's CPU time in it. On a loaded machine a task's wall time
 * also counts time the thread waited for a core; its CPU time says how much work it really did.
 * Used by the explorer's e2e and browser benchmark to judge "no long tasks on the main thread".
 */
import { readFileSync } from 'node:fs'

export interface MainThreadTask {
  wallMs: number
  cpuMs: number
}

interface TraceEvent {
  name: string
  ph: string
  pid: number
  tid: number
  dur?: number
  tdur?: number
  args?: { name?: string }
}

export function mainThreadTasks(tracePath: string): MainThreadTask[] {
  const parsed = JSON.parse(readFileSync(tracePath, 'utf8')) as
    { traceEvents: TraceEvent[] } | TraceEvent[]
  const events = Array.isArray(parsed) ? parsed : parsed.traceEvents
  const main = new Set(
    events
      .filter((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain')
      .map((e) => `${e.pid}:${e.tid}`),
  )
  // Chrome names the task event one way or the other depending on version and categories.
  return events
    .filter(
      (e) =>
        e.ph === 'X' &&
        (e.name === 'RunTask' || e.name === 'ThreadControllerImpl::RunTask') &&
        main.has(`${e.pid}:${e.tid}`),
    )
    .map((e) => ({ wallMs: (e.dur ?? 0) / 1000, cpuMs: (e.tdur ?? 0) / 1000 }))
}
