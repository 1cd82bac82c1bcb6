/**
 * `npm run bench`: builds, runs every benchmark, prints one JSON object per line, writes them all
 * (with the machine they were measured on) to bench/results.json, and regenerates the README's
 * Performance table from it (scripts/perfTable.ts).
 *
 * `npx tsx bench/run.ts lab sim` runs only the suites named, against dist/ as it is, and writes
 * bench/tmp/results.json instead: a trial run never replaces the committed figures.
 */
import { execFileSync } from 'node:child_process'
import { mkdirSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import { resolveChromium } from '../e2e/chromium'
import { writeReadme } from '../scripts/perfTable'
import { benchBigRuns } from './bigRuns'
import { benchBundle } from './bundle'
import { benchExplore } from './explore'
import { benchExploreUi } from './exploreUi'
import { benchHistory } from './history'
import { benchHistoryUi } from './historyUi'
import { benchLab } from './lab'
import { benchPaint } from './paint'
import type { BenchReport, BenchResult } from './result'
import { benchSideBySide } from './sideBySide'
import { benchSim } from './sim'
import { round } from './stats'

interface Suite {
  name: string
  run: () => BenchResult[] | Promise<BenchResult[]>
}

const suites: Suite[] = [
  { name: 'sim', run: benchSim },
  { name: 'explore', run: benchExplore },
  { name: 'history', run: benchHistory },
  { name: 'bundle', run: benchBundle },
  { name: 'paint', run: benchPaint },
  { name: 'lab', run: benchLab },
  { name: 'explore-ui', run: benchExploreUi },
  { name: 'history-ui', run: benchHistoryUi },
  { name: 'side', run: benchSideBySide },
  { name: 'big-runs', run: benchBigRuns },
]

async function main(): Promise<void> {
  const only = process.argv.slice(2)
  const unknown = only.filter((name) => !suites.some((s) => s.name === name))
  if (unknown.length > 0) {
    throw new Error(
      `no suite ${unknown.join(', ')} (suites: ${suites.map((s) => s.name).join(', ')})`,
    )
  }
  const loadAtStart = os.loadavg()[0] ?? 0
  const results: BenchResult[] = []
  for (const suite of suites) {
    if (only.length > 0 && !only.includes(suite.name)) continue
    const found = await suite.run()
    for (const r of found) console.log(JSON.stringify(r))
    results.push(...found)
  }
  const report: BenchReport = {
    measuredAt: new Date().toISOString(),
    machine: {
      cpus: os.cpus().length,
      cpuModel: os.cpus()[0]?.model ?? 'unknown',
      memoryGiB: Math.round(os.totalmem() / 2 ** 30),
      node: process.version,
      chromium: chromiumVersion(),
      loadAverage: [round(loadAtStart, 2), round(os.loadavg()[0] ?? 0, 2)],
    },
    results,
  }
  const json = JSON.stringify(report, null, 2) + '\n'
  if (only.length > 0) {
    mkdirSync(new URL('./tmp/', import.meta.url), { recursive: true })
    writeFileSync(new URL('./tmp/results.json', import.meta.url), json)
    console.log('wrote bench/tmp/results.json (a partial run leaves bench/results.json alone)')
    return
  }
  writeFileSync(new URL('./results.json', import.meta.url), json)
  await writeReadme(report)
  console.log('wrote bench/results.json and the Performance table in README.md')
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
