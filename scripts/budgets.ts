/**
 * Cheap budget checks for `npm test` (after the build), each with a generous margin so that only
 * a real regression fails: the JavaScript a page loads first (gzipped), and a floor on simulation
 * throughput. Full measurements live in `npm run bench`.
 *
 * The build writes three manifests into dist/.vite/: manifest.json (the lab page, React),
 * manifest.embed.json (embed.html) and manifest.element.json (fencing-lab.js), the last two from
 * vite.embed.config.ts (preact/compat). First-load JavaScript is an entry's chunk plus its static
 * imports; dynamic imports (the embed's panels, the #s= decoder) load later and are not counted.
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

export const MANIFESTS = [
  '.vite/manifest.json',
  '.vite/manifest.embed.json',
  '.vite/manifest.element.json',
] as const

/**
 * Gzipped bytes of an entry's first-load JavaScript (its chunk and all static imports), from the
 * manifest that lists it (`entry` is the manifest key: 'index.html', 'embed.html', or the
 * element's source path).
 */
export function firstLoadGzipBytes(
  entryHtml: string,
  manifestFile: (typeof MANIFESTS)[number] = '.vite/manifest.json',
): { bytes: number; files: string[] } | null {
  const manifestPath = new URL(manifestFile, DIST)
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
      const size = firstLoadGzipBytes('embed.html', '.vite/manifest.embed.json')
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
      const size = firstLoadGzipBytes('src/embed/element.tsx', '.vite/manifest.element.json')
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
  if (!existsSync(new URL(manifest, DIST))) {
    console.log(`FAIL  dist/${manifest} is missing: run \`npm run build\` first`)
    failed++
  }
}
process.exitCode = failed > 0 ? 1 : 0
