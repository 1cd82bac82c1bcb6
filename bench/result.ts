/**
 * One measured figure. `target` states the goal it is judged against, when an issue set one
 * (`>= 500000`, `< 16`, `<= 25`). A browser figure with a reference limit measured in the same
 * run (a blank page's load, a bare requestAnimationFrame loop) names it in `reference` and
 * carries `ratio`: value ÷ the reference's value.
 */
export interface BenchResult {
  name: string
  value: number
  unit: string
  target?: string
  reference?: string
  ratio?: number
  detail?: Record<string, unknown>
}

/** bench/results.json: the figures and the machine they were measured on. */
export interface BenchReport {
  measuredAt: string
  machine: {
    cpus: number
    cpuModel: string
    memoryGiB: number
    node: string
    chromium: string | null
    /** 1-minute load averages when the run started and ended: other work skews browser figures. */
    loadAverage?: [number, number]
  }
  results: BenchResult[]
}
