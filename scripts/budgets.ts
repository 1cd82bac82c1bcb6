/**
 * Cheap budget checks for `npm test` (after the build), each with a generous margin so that only
 * a real regression fails: the JavaScript a page loads first (gzipped), and a floor on simulation
 * throughput. Full measurements live in `npm run bench`.
 */
import { existsSync, readFileSync } from 'node:fs'
import { gzipSync } from 'node:zlib'
import { parseScenario, run } from '../src/sim'
import { largeScenario } from '../bench/workloads'

interface ManifestChunk {
  file: string
  imports?: string[]
  isEntry?: boolean
  src?: string
}

const DIST = new URL('../dist/', import.meta.url)

/** Gzipped bytes of an HTML entry's first-load JavaScript: its chunk and all static imports. */
export function firstLoadGzipBytes(entryHtml: string): { bytes: number; files: string[] } | null {
  const manifestPath = new URL('.vite/manifest.json', DIST)
  if (!existsSync(manifestPath)) return null
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as Record<string, ManifestChunk>
  const entry = manifest[entryHtml]
  if (entry === undefined) return null
  const seen = new Set<string>()
  const visit = (key: string) => {
    if (seen.has(key)) return
    seen.add(key)
    for (const next of manifest[key]?.imports ?? []) visit(next)
  }
  visit(entryHtml)
  const files = [...seen].map((key) => manifest[key]?.file).filter((f): f is string => !!f)
  const js = files.filter((f) => f.endsWith('.js'))
  const bytes = js.reduce(
    (sum, file) => sum + gzipSync(readFileSync(new URL(file, DIST)), { level: 9 }).length,
    0,
  )
  return { bytes, files: js }
}

interface Budget {
  name: string
  check: () => { ok: boolean; detail: string } | null
}

const KB = 1000

const budgets: Budget[] = [
  {
    name: 'embed first-load JS ≤ 90 kB gzipped',
    check: () => {
      const size = firstLoadGzipBytes('embed.html')
      if (size === null) return null
      return {
        ok: size.bytes <= 90 * KB,
        detail: `${(size.bytes / KB).toFixed(1)} kB gzipped (${size.files.join(', ')})`,
      }
    },
  },
  {
    name: 'lab page first-load JS ≤ 150 kB gzipped',
    check: () => {
      const size = firstLoadGzipBytes('index.html')
      if (size === null) return null
      return { ok: size.bytes <= 150 * KB, detail: `${(size.bytes / KB).toFixed(1)} kB gzipped` }
    },
  },
  {
    name: 'simulation ≥ 100,000 events/s (target 500,000; measured in npm run bench)',
    check: () => {
      const parsed = parseScenario(largeScenario(30_000))
      if (!parsed.ok) return { ok: false, detail: parsed.message }
      run(parsed.scenario) // warm-up
      let best = Infinity
      let events = 0
      for (let i = 0; i < 3; i++) {
        const start = performance.now()
        events = run(parsed.scenario).events.length
        best = Math.min(best, performance.now() - start)
      }
      const rate = events / (best / 1000)
      return { ok: rate >= 100_000, detail: `${Math.round(rate).toLocaleString('en')} events/s` }
    },
  },
]

let failed = 0
for (const budget of budgets) {
  const result = budget.check()
  if (result === null) {
    console.log(`skip  ${budget.name} (not built)`)
    continue
  }
  console.log(`${result.ok ? 'ok  ' : 'FAIL'}  ${budget.name}: ${result.detail}`)
  if (!result.ok) failed++
}
if (!existsSync(new URL('.vite/manifest.json', DIST))) {
  console.log('FAIL  dist/.vite/manifest.json is missing: run `npm run build` first')
  failed++
}
process.exitCode = failed > 0 ? 1 : 0
