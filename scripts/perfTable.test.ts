import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import type { BenchReport } from '../bench/result'
import {
  END,
  formatNumber,
  meetsTarget,
  performanceSection,
  readReport,
  renderReadme,
  START,
} from './perfTable'

const report: BenchReport = {
  measuredAt: '2026-12-03T10:00:00.000Z',
  machine: {
    cpus: 2,
    cpuModel: 'Test CPU',
    memoryGiB: 8,
    node: 'v20.0.0',
    chromium: 'Chromium 1.2.3',
    loadAverage: [0.5, 0.75],
  },
  results: [
    { name: 'sim.events_per_s.large', value: 2084335, unit: 'events/s', target: '>= 500000' },
    { name: 'sim.recompute_ms.gc-pause', value: 0.185, unit: 'ms', target: '< 16' },
    { name: 'sim.recompute_ms.lock-delay', value: 0.322, unit: 'ms', target: '< 16' },
    { name: 'reference.load_ms.blank-page', value: 40, unit: 'ms' },
    {
      name: 'lab.load_ms.index',
      value: 200,
      unit: 'ms',
      reference: 'reference.load_ms.blank-page',
      ratio: 5,
    },
    {
      name: 'lab.frame_median_ms.playing-5k',
      value: 16.7,
      unit: 'ms',
      target: '<= 16.7',
      ratio: 1,
    },
    { name: 'lab.frame_p95_ms.playing-5k', value: 31, unit: 'ms', target: '<= 25', ratio: 1.5 },
    { name: 'lab.long_tasks_count.playing-5k', value: 0, unit: 'tasks' },
    { name: 'lab.long_task_max_ms.playing-5k', value: 0, unit: 'ms' },
    { name: 'lab.long_tasks_count.scrubbing-5k', value: 2, unit: 'tasks' },
    { name: 'lab.long_task_max_ms.scrubbing-5k', value: 73, unit: 'ms' },
  ],
}

describe('performanceSection', () => {
  const section = performanceSection(report)
  const line = (what: string) => section.split('\n').find((l) => l.startsWith(`| ${what}`))

  it('names the machine and the date from the results', () => {
    expect(section).toContain('Measured 2026-12-03')
    expect(section).toContain('2 × Test CPU, 8 GiB, Node v20.0.0, Chromium 1.2.3')
    expect(section).toContain('load average 0.5 at the start, 0.75 at the end')
  })

  it('writes a row per figure with its target, ratio and verdict', () => {
    expect(line('Simulation')).toBe(
      '| Simulation, generated run of ~100k events | 2,084,335 events/s | ≥ 500,000 events/s | — | pass |',
    )
    expect(line('Lab page')).toContain('| 200 ms | — | 5.00× | — |')
  })

  it('shows the slowest of a family, by name', () => {
    expect(line('Recompute')).toContain('| 0.32 ms (lock-delay) | < 16 ms |')
  })

  it('marks a row missed when any of its figures misses its target', () => {
    expect(line('Frame time playing')).toBe(
      '| Frame time playing a 5k-event run: median / p95 | 16.7 / 31 ms | ≤ 16.7 ms / ≤ 25 ms | 1.00× / 1.50× | **miss** |',
    )
  })

  it('judges side-by-side figures by their ratios to the peer', () => {
    const side = performanceSection({
      ...report,
      results: [
        { name: 'side.fcp_ms.index-story', value: 320, unit: 'ms', ratio: 1.38 },
        { name: 'side.fcp_ms.embed', value: 232, unit: 'ms', ratio: 1 },
        { name: 'side.fcp_ms.raftscope', value: 232, unit: 'ms' },
        { name: 'side.ready_ms.index-story', value: 200, unit: 'ms', ratio: 0.8 },
        { name: 'side.ready_ms.embed', value: 250, unit: 'ms', ratio: 1 },
        { name: 'side.ready_ms.raftscope', value: 250, unit: 'ms' },
        {
          name: 'side.play_script_ms.index-time',
          value: 250,
          unit: 'ms',
          target: '<= 0.25× RaftScope',
          ratio: 0.25,
        },
        {
          name: 'side.play_script_ms.embed',
          value: 300,
          unit: 'ms',
          target: '<= 0.25× RaftScope',
          ratio: 0.3,
        },
        { name: 'side.play_script_ms.raftscope', value: 1000, unit: 'ms' },
      ],
    })
    const at = (what: string) => side.split('\n').find((l) => l.startsWith(`| ${what}`))
    expect(at('Side by side with RaftScope')).toContain(
      '| 320 / 232 / 232 ms | ≤ 1× RaftScope | 1.38× / 1.00× / — | **miss** |',
    )
    expect(at('Side by side: ready')).toContain(
      '| 200 / 250 / 250 ms | ≤ 1× RaftScope | 0.80× / 1.00× / — | pass |',
    )
    expect(at('Side by side: script time')).toContain(
      '| 250 / 300 / 1,000 ms | ≤ 0.25× RaftScope | 0.25× / 0.30× / — | **miss** |',
    )
    expect(side).toContain("The side-by-side rows' ratios are to RaftScope")
  })

  it('gives each figure its unit when a row mixes units', () => {
    const big = performanceSection({
      ...report,
      results: [
        { name: 'lab: 2M-event link, time per edit (median of 10)', value: 9045, unit: 'ms' },
        { name: 'lab: 2M-event link, JS heap after 10 edits', value: 408.6, unit: 'MiB' },
      ],
    })
    expect(big).toContain(
      '| A 2M-event link: time per edit (median of 10) / JS heap after 10 edits | 9,045 ms / 409 MiB | — | — | — |',
    )
    expect(big).toContain('Each big-link row is one fresh page per link')
    expect(section).not.toContain('Each big-link row')
  })

  it('words long tasks as a count and the longest', () => {
    expect(line('Long tasks (> 50 ms) while playing')).toContain('| none |')
    expect(line('Long tasks (> 50 ms) while scrubbing')).toContain('| 2, longest 73 ms |')
  })

  it('leaves out rows whose figures were not measured', () => {
    expect(section).not.toContain('Embed (embed.html')
  })

  it('states the reference limits it divides by', () => {
    expect(section).toContain('load to interactive 40 ms')
  })

  it('shows the first click in a fresh page beside the steady state, held to the same target', () => {
    expect(section).not.toContain('first click')
    const withFirst = performanceSection({
      ...report,
      results: [
        ...report.results,
        { name: 'lab.intervention_ms.5k', value: 63.2, unit: 'ms', target: '< 100', ratio: 3.8 },
        { name: 'lab.intervention_ms.gc-pause', value: 17, unit: 'ms', target: '< 100', ratio: 1 },
        {
          name: 'lab.intervention_first_ms.5k',
          value: 117.4,
          unit: 'ms',
          target: '< 100',
          ratio: 7,
        },
      ],
    })
    const rows = withFirst
      .split('\n')
      .filter((l) => l.includes('Pause client A') || l.includes('first click in'))
    expect(rows[0]).toContain('| 63.2 / 17 ms | < 100 ms |')
    expect(rows[0]).toContain('| pass |')
    expect(rows[1]).toBe(
      '| The same on the 5k-event run, first click in a freshly loaded page | 117 ms | < 100 ms | 7.00× | **miss** |',
    )
    expect(withFirst).toContain('against the same target')
    expect(withFirst).toContain('compile the code that the click runs for the first time')
  })
})

describe('meetsTarget and formatNumber', () => {
  it('reads the targets the benchmarks write', () => {
    expect(meetsTarget(500_000, '>= 500000')).toBe(true)
    expect(meetsTarget(16, '< 16')).toBe(false)
    expect(meetsTarget(25, '<= 25')).toBe(true)
    expect(() => meetsTarget(1, 'fast')).toThrow(/unreadable/)
    // A target on the ratio to a peer is met by the ratio, and missed without one.
    expect(meetsTarget(300, '<= 0.25× RaftScope', 0.25)).toBe(true)
    expect(meetsTarget(300, '<= 0.25× RaftScope', 0.29)).toBe(false)
    expect(meetsTarget(300, '<= 0.25× RaftScope')).toBe(false)
  })

  it('keeps two significant digits below 1, one decimal below 100', () => {
    expect(formatNumber(0.186)).toBe('0.19')
    expect(formatNumber(16.74)).toBe('16.7')
    expect(formatNumber(1234.5)).toBe('1,235')
    expect(formatNumber(0)).toBe('0')
  })
})

describe('renderReadme', () => {
  it('replaces only what is between the markers, Prettier-formatted', async () => {
    const readme = `# T\n\n${START}\nold\n${END}\n\nAfter.\n`
    const out = await renderReadme(readme, report)
    expect(out.startsWith(`# T\n\n${START}\n\nMeasured 2026-12-03`)).toBe(true)
    expect(out).not.toContain('old')
    expect(out.endsWith(`${END}\n\nAfter.\n`)).toBe(true)
    expect(await renderReadme(out, report)).toBe(out)
  })

  it('refuses a README without the markers', async () => {
    await expect(renderReadme('# T\n', report)).rejects.toThrow(/lacks/)
  })
})

describe('README.md', () => {
  it('holds the table generated from the committed bench/results.json', async () => {
    const readme = readFileSync(new URL('../README.md', import.meta.url), 'utf8')
    // If this fails after `npm run bench`, run `npm run bench:readme`.
    expect(await renderReadme(readme, readReport())).toBe(readme)
  })
})
