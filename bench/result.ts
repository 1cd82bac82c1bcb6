/** One measured figure. `target` states the goal it is judged against, when there is one. */
export interface BenchResult {
  name: string
  value: number
  unit: string
  target?: string
  detail?: Record<string, unknown>
}
