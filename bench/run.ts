/**
 * `npm run bench`: runs every benchmark, prints one JSON object per line, and writes them all
 * (with the machine they were measured on) to bench/results.json, from which the README's
 * Performance table is generated (`npm run bench:readme`).
 */
import { execFileSync } from 'node:child_process'
import { writeFileSync } from 'node:fs'
import os from 'node:os'
import { resolveChromium } from '../e2e/chromium'
import type { BenchResult } from './result'
import { benchExplore } from './explore'
import { benchExploreUi } from './exploreUi'
import { benchLab } from './lab'
import { benchSim } from './sim'

interface Suite {
  name: string
  run: () => BenchResult[] | Promise<BenchResult[]>
}

const suites: Suite[] = [
  { name: 'sim', run: benchSim },
  { name: 'explore', run: benchExplore },
  { name: 'lab', run: benchLab },
  { name: 'explore-ui', run: benchExploreUi },
]

async function main(): Promise<void> {
  const only = process.argv.slice(2)
  const results: BenchResult[] = []
  for (const suite of suites) {
    if (only.length > 0 && !only.includes(suite.name)) continue
    const found = await suite.run()
    for (const r of found) console.log(JSON.stringify(r))
    results.push(...found)
  }
  const report = {
    measuredAt: new Date().toISOString(),
    machine: {
      cpus: os.cpus().length,
      cpuModel: os.cpus()[0]?.model ?? 'unknown',
      memoryGiB: Math.round(os.totalmem() / 2 ** 30),
      node: process.version,
      chromium: chromiumVersion(),
    },
    results,
  }
  writeFileSync(new URL('./results.json', import.meta.url), JSON.stringify(report, null, 2) + '\n')
}

function chromiumVersion(): string | null {
  const path = resolveChromium()
  if (path === undefined) return null
  try {
    return execFileSync(path, ['--version'], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    }).trim()
  } catch {
    return null
  }
}

await main()
