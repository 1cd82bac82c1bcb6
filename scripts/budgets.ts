/**
 * Cheap budget checks for `npm test` (after the build), each with a generous margin so that only
 * a real regression fails: the JavaScript a page loads first (gzipped), a floor on simulation
 * throughput, and that dist/ publishes no build metadata (scripts/published.ts). Full measurements live in `npm run bench`. Sizes are read as scripts/bundleSize.ts reads them (npm run bench reports the same figures).
 */
import { existsSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { parseScenario, run } from '../src/sim'
import { largeScenario } from '../bench/workloads'
import { DIST, firstLoadGzipBytes, MANIFEST_DIR, MANIFESTS } from './bundleSize'
import { unpublishable } from './published'

interface Budget {
  name: string
  check: () => { ok: boolean; detail: string } | null
}

const KB = 1000

const budgets: Budget[] = [
  {
    name: 'embed first-load JS ≤ 90 kB gzipped',
    check: () => {
      const size = firstLoadGzipBytes('embed.html', 'manifest.embed.json')
      if (size === null) return null
      return {
        ok: size.bytes <= 90 * KB,
        detail: `${(size.bytes / KB).toFixed(1)} kB gzipped (${size.files.join(', ')})`,
      }
    },
  },
  {
    name: 'custom element (fencing-lab.js, one file) ≤ 90 kB gzipped',
    check: () => {
      const size = firstLoadGzipBytes('src/embed/element.tsx', 'manifest.element.json')
      if (size === null) return null
      return {
        ok: size.bytes <= 90 * KB && size.files.length === 1,
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
for (const manifest of MANIFESTS) {
  if (!existsSync(new URL(manifest, MANIFEST_DIR))) {
    console.log(`FAIL  dist-manifests/${manifest} is missing: run \`npm run build\` first`)
    failed++
  }
}
if (existsSync(DIST)) {
  const leaks = unpublishable(fileURLToPath(DIST))
  const name = 'dist/ publishes no build metadata (dot folders, source paths)'
  console.log(leaks.length === 0 ? `ok    ${name}` : `FAIL  ${name}: ${leaks.join('; ')}`)
  if (leaks.length > 0) failed++
}
process.exitCode = failed > 0 ? 1 : 0
