/**
 * History benchmarks: a 100k-event history read, turned into a run, checked and explained (what
 * `fencing-lab check` and the lab's history import do), the median of several rounds.
 */
import { judgeHistory } from '../src/history'
import { largeHistory } from '../src/testing/largeHistory'
import type { BenchResult } from './result'
import { median, percentile, round } from './stats'

export function benchHistory(): BenchResult[] {
  const events = 100_000
  const text = largeHistory(events)
  const samples: number[] = []
  let findings = 0
  for (let i = 0; i < 7; i++) {
    const start = performance.now()
    const out = judgeHistory([{ name: null, text }])
    samples.push(performance.now() - start)
    if (!out.ok) throw new Error(out.message)
    findings = out.judgement.findings.length
  }
  const warm = samples.slice(2)
  return [
    {
      name: 'history.check_ms.100k',
      value: round(median(warm), 1),
      unit: 'ms',
      target: '< 1000',
      detail: {
        events,
        bytes: text.length,
        findings,
        p95: round(percentile(warm, 0.95), 1),
        steps: 'read+toRun+check+explain',
      },
    },
  ]
}
