/**
 * `npm run bench:readme`: the README's Performance section, generated from bench/results.json
 * between the markers `<!-- performance:start -->` and `<!-- performance:end -->`, so no figure
 * in the README is ever typed by hand. `npm run bench` calls it at the end.
 */
import { readFileSync, writeFileSync } from 'node:fs'
import { pathToFileURL } from 'node:url'
import { format, resolveConfig } from 'prettier'
import type { BenchReport, BenchResult } from '../bench/result'

export const START = '<!-- performance:start -->'
export const END = '<!-- performance:end -->'

interface RowSpec {
  what: string
  /** Result names shown together in one row ("median / p95"); all must meet their targets. */
  names: readonly string[]
  /** A name ending in '.*' stands for the highest value among results with that prefix. */
  joiner?: string
  /** Custom wording of the measured cell (long tasks: a count and the longest). */
  measured?: (results: readonly BenchResult[]) => string
  /**
   * A goal on the figures' ratios to a peer measured in the same run (issue 18's side-by-side
   * goals), for figures whose results carry no target of their own: e.g. '<= 1' with peer
   * 'RaftScope' reads "≤ 1× RaftScope", met when every ratio of the row is at most 1.
   */
  ratioGoal?: { target: string; peer: string }
}

/** The big links' results are named in words (bench/bigRuns.ts). */
const bigLink = (size: string, what: string) => `lab: ${size}-event link, ${what}`

const ROWS: readonly RowSpec[] = [
  { what: 'Simulation, generated run of ~100k events', names: ['sim.events_per_s.large'] },
  {
    what: 'Recompute after an intervention (validate, run, check, index), slowest preset',
    names: ['sim.recompute_ms.*'],
  },
  { what: 'State at the cursor, 100k-event run', names: ['timeline.state_at_us.100k'] },
  {
    what: 'Size estimate before a run (64 clients × 2,000 steps, no run)',
    names: ['sim.estimate_ms.64x2000'],
  },
  {
    what: 'Explorer, whole default budget on gc-pause: Node / browser worker',
    names: ['explore.schedules_per_s.gc-pause', 'explore-ui.schedules_per_s.gc-pause'],
  },
  {
    what: 'First counterexample, gc-pause-unfenced: Node / in the page (click → shown)',
    names: [
      'explore.counterexample_ms.gc-pause-unfenced',
      'explore-ui.counterexample_ms.gc-pause-unfenced',
    ],
  },
  {
    what: 'First counterexample in Node, slowest of the seven unsafe presets',
    names: ['explore.counterexample_ms.*'],
  },
  {
    what: 'A 100k-event history judged: Node (read, check, explain) / opened in the page (picker → drawn)',
    names: ['history.check_ms.100k', 'history-ui.open_ms.100k'],
  },
  {
    what: 'Longest main-thread task (CPU) during a search or chaos run',
    names: ['explore-ui.main_thread_task_max_cpu_ms.*'],
  },
  {
    what: 'First contentful paint, cold cache: lab page / tour / embed',
    names: ['paint.fcp_ms.index', 'paint.fcp_ms.tour', 'paint.fcp_ms.embed'],
  },
  {
    what: 'Largest contentful paint, cold cache: lab page / tour / embed',
    names: ['paint.lcp_ms.index', 'paint.lcp_ms.tour', 'paint.lcp_ms.embed'],
  },
  {
    what: 'Cumulative layout shift while loading: lab page / tour / embed',
    names: ['paint.cls.index', 'paint.cls.tour', 'paint.cls.embed'],
  },
  {
    what: "Cumulative layout shift of a blog post with `<fencing-lab>` (the README's snippet and reservation)",
    names: ['paint.cls.element'],
  },
  { what: 'Lab page (index.html) load to interactive diagram', names: ['lab.load_ms.index'] },
  {
    what: 'Embed (embed.html?scenario=gc-pause) load to interactive',
    names: ['lab.load_ms.embed-gc-pause'],
  },
  {
    what: 'Worst main-thread delay while it loads (until 1 s after interactive): lab page / embed',
    names: ['lab.load_delay_ms.index', 'lab.load_delay_ms.embed-gc-pause'],
  },
  {
    what: 'Frame time playing a 5k-event run: median / p95',
    names: ['lab.frame_median_ms.playing-5k', 'lab.frame_p95_ms.playing-5k'],
  },
  {
    what: 'Frame time scrubbing a 5k-event run: median / p95',
    names: ['lab.frame_median_ms.scrubbing-5k', 'lab.frame_p95_ms.scrubbing-5k'],
  },
  {
    what: 'The same zoomed in (3× Zoom in, the view following the cursor): playing / scrubbing',
    names: [
      'lab.frame_median_ms.playing-5k-zoomed',
      'lab.frame_p95_ms.playing-5k-zoomed',
      'lab.frame_median_ms.scrubbing-5k-zoomed',
      'lab.frame_p95_ms.scrubbing-5k-zoomed',
    ],
  },
  ...(
    [
      ['playing', 'playing'],
      ['scrubbing', 'scrubbing'],
      ['intervention', 'pausing client A and undoing it, 10 times'],
    ] as const
  ).map(([name, what]) => ({
    what: `Long tasks (> 50 ms) while ${what}`,
    names: [`lab.long_tasks_count.${name}-5k`, `lab.long_task_max_ms.${name}-5k`],
    measured: ([count, longest]: readonly BenchResult[]) =>
      count?.value === 0 ? 'none' : `${count?.value}, longest ${longest?.value} ms`,
  })),
  {
    what: 'Pause client A → diagram redrawn: 5k-event run / gc-pause',
    names: ['lab.intervention_ms.5k', 'lab.intervention_ms.gc-pause'],
  },
  {
    what: 'The same on the 5k-event run, zoomed in',
    names: ['lab.intervention_ms.5k-zoomed'],
  },
  {
    what: 'The same on the 5k-event run, first click in a freshly loaded page',
    names: ['lab.intervention_first_ms.5k'],
  },
  {
    what: 'JS heap of the lab, looped playback: after warm-up → at the end',
    names: ['lab.heap_mb.warm-5k', 'lab.heap_mb.soak-5k'],
    joiner: ' → ',
  },
  {
    what: 'Side by side with RaftScope, cold cache: first contentful paint, lab page / embed / RaftScope',
    names: ['side.fcp_ms.index-story', 'side.fcp_ms.embed', 'side.fcp_ms.raftscope'],
    ratioGoal: { target: '<= 1', peer: 'RaftScope' },
  },
  {
    what: 'Side by side: ready (diagram drawn, Play answers), lab page / embed / RaftScope',
    names: ['side.ready_ms.index-story', 'side.ready_ms.embed', 'side.ready_ms.raftscope'],
    ratioGoal: { target: '<= 1', peer: 'RaftScope' },
  },
  {
    what: 'Side by side: script time over 5 s of playing by time, lab page / embed / RaftScope',
    names: [
      'side.play_script_ms.index-time',
      'side.play_script_ms.embed',
      'side.play_script_ms.raftscope',
    ],
  },
  ...(['100k', '2M'] as const).flatMap((size) => [
    {
      what: `A ${size}-event link: first paint / its size asked / its run shown (computed in a worker)`,
      names: [
        bigLink(size, 'first contentful paint'),
        bigLink(size, 'size prompt or progress shown'),
        bigLink(size, 'its run shown (computed in the worker)'),
      ],
    },
    {
      what: `A ${size}-event link: worst main-thread delay until its size is asked / while its run is computed`,
      names: [
        bigLink(size, 'worst main-thread delay while the link opens (until the prompt)'),
        bigLink(size, 'worst main-thread delay while its run is computed'),
      ],
    },
    {
      what: `A ${size}-event link: time per edit (median of 10) / JS heap after 10 edits`,
      names: [
        bigLink(size, 'time per edit (median of 10)'),
        bigLink(size, 'JS heap after 10 edits'),
      ],
    },
  ]),
  {
    what: 'First-load JavaScript, gzipped: lab page / embed / custom element',
    names: [
      'bundle.first_load_js_kb_gz.lab',
      'bundle.first_load_js_kb_gz.embed',
      'bundle.first_load_js_kb_gz.element',
    ],
  },
]

/**
 * Whether `value` meets a target written like '>= 500000', '< 16', '<= 25'. A target on a ratio
 * to a peer ('<= 0.25× RaftScope') is met by the result's ratio, passed as `ratio`.
 */
export function meetsTarget(value: number, target: string, ratio?: number): boolean {
  const relative = /^\s*(>=|<=|>|<)\s*(-?[\d.]+)×/.exec(target)
  if (relative !== null) {
    return ratio !== undefined && meetsTarget(ratio, `${relative[1]} ${relative[2]}`)
  }
  const match = /^\s*(>=|<=|>|<)\s*(-?[\d.]+)\s*$/.exec(target)
  if (match === null) throw new Error(`unreadable target "${target}"`)
  const limit = Number(match[2])
  switch (match[1]) {
    case '>=':
      return value >= limit
    case '<=':
      return value <= limit
    case '>':
      return value > limit
    default:
      return value < limit
  }
}

export function formatNumber(value: number): string {
  const abs = Math.abs(value)
  if (abs >= 100) return Math.round(value).toLocaleString('en')
  if (abs >= 1 || value === 0) return String(Math.round(value * 10) / 10)
  return String(Number(value.toPrecision(2)))
}

function formatTarget(target: string, unit: string): string {
  const relative = /^\s*(>=|<=|>|<)\s*(-?[\d.]+)×\s*(.*)$/.exec(target)
  if (relative !== null) return `${sign(relative[1])} ${relative[2]}× ${relative[3]}`.trim()
  const match = /^\s*(>=|<=|>|<)\s*(-?[\d.]+)\s*$/.exec(target)
  if (match === null) return target
  return `${sign(match[1])} ${formatNumber(Number(match[2]))} ${unit}`
}

function sign(operator: string | undefined): string {
  return { '>=': '≥', '<=': '≤', '>': '>', '<': '<' }[operator as '>=' | '<=' | '>' | '<']
}

/** The results a row stands for, in its order; a '.*' name picks the highest of its prefix. */
function pick(results: readonly BenchResult[], name: string): BenchResult | undefined {
  if (!name.endsWith('.*')) return results.find((r) => r.name === name)
  const prefix = name.slice(0, -1)
  return results
    .filter((r) => r.name.startsWith(prefix))
    .reduce<BenchResult | undefined>((max, r) => (max && max.value >= r.value ? max : r), undefined)
}

function joinCells(values: readonly string[], joiner: string): string {
  return values.every((v) => v === values[0]) ? (values[0] ?? '') : values.join(joiner)
}

function row(spec: RowSpec, results: readonly BenchResult[]): string[] | null {
  const found = spec.names.map((name) => pick(results, name))
  if (found.some((r) => r === undefined)) return null
  const goal = spec.ratioGoal
  const rs = (found as BenchResult[]).map((r) =>
    goal !== undefined && r.target === undefined && r.ratio !== undefined
      ? { ...r, target: `${goal.target}× ${goal.peer}` }
      : r,
  )
  const joiner = spec.joiner ?? ' / '
  const unit = rs[0]?.unit ?? ''
  const slowest = spec.names[0]?.endsWith('.*') ? ` (${rs[0]?.name.split('.').at(-1)})` : ''
  // Figures of one unit share it at the end; figures of several units each carry their own.
  const oneUnit = rs.every((r) => r.unit === unit)
  const values = rs.map((r) => formatNumber(r.value) + (oneUnit ? '' : ` ${r.unit}`))
  const measured =
    spec.measured?.(rs) ?? `${values.join(joiner)}${oneUnit ? ` ${unit}` : ''}${slowest}`
  const targeted = rs.filter((r) => r.target !== undefined)
  const targets = joinCells(
    targeted.map((r) => formatTarget(r.target as string, r.unit)),
    joiner,
  )
  const ratios = rs.some((r) => r.ratio !== undefined)
    ? rs.map((r) => (r.ratio === undefined ? '—' : `${r.ratio.toFixed(2)}×`)).join(joiner)
    : '—'
  const verdict =
    targeted.length === 0
      ? '—'
      : targeted.every((r) => meetsTarget(r.value, r.target as string, r.ratio))
        ? 'pass'
        : '**miss**'
  return [spec.what, measured, targets || '—', ratios, verdict]
}

function cell(text: string): string {
  return text.replace(/\|/g, '\\|')
}

/** The Performance section's Markdown (unaligned; Prettier aligns it in the README). */
export function performanceSection(report: BenchReport): string {
  const { results, machine } = report
  const rows = ROWS.map((spec) => row(spec, results)).filter((r): r is string[] => r !== null)
  const header = ['What', 'Measured', 'Target', 'Ratio to reference', 'Verdict']
  const lines = [header, header.map(() => '---'), ...rows].map(
    (cells) => `| ${cells.map(cell).join(' | ')} |`,
  )
  const value = (name: string) => {
    const r = results.find((x) => x.name === name)
    return r === undefined ? '—' : `${formatNumber(r.value)} ${r.unit}`
  }
  const references =
    'Ratios are to reference limits measured in the same run and browser: a blank page from the ' +
    `same server (load to interactive ${value('reference.load_ms.blank-page')}, heap ` +
    `${value('reference.heap_mb.blank-page')}; a heading and a paragraph: first contentful ` +
    `paint ${value('reference.fcp_ms.blank-page')}, largest ${value('reference.lcp_ms.blank-page')}` +
    `) and a bare requestAnimationFrame loop (frame ` +
    `median ${value('reference.frame_median_ms.raf-loop')}, p95 ` +
    `${value('reference.frame_p95_ms.raf-loop')}).`
  const bigLinks = results.some((r) => r.name.startsWith('lab: '))
    ? [
        '',
        'Each big-link row is one fresh page per link (and ten edits in it), so its figures move ' +
          'with the machine by tens of milliseconds from run to run; the links are a ' +
          '~100,000-event contention scenario (ten clients, 500 rounds: 25,000 script lines in a ' +
          '4 kB link) and a client renewing every 10 ms for a day (cut at 2,000,000 events).',
      ]
    : []
  const sideBySide = results.some((r) => r.name.startsWith('side.'))
    ? [
        '',
        "The side-by-side rows' ratios are to RaftScope (github.com/ongardie/raftscope), served " +
          'by the same server and loaded interleaved with the lab in the same browser, each page ' +
          'in a fresh context (`RAFTSCOPE_DIR=… npm run bench`). Each page times its own load ' +
          '(first paint, ready) and the harness reads the times through a plain DevTools ' +
          "evaluation: Playwright's waiting helpers inject a script whose evaluation (40–75 ms " +
          "here) landed among the lab's start-up tasks, which run after `load`, and not among " +
          "RaftScope's, which are over by then.",
      ]
    : []
  const date = report.measuredAt.slice(0, 10)
  const chromium = machine.chromium === null ? 'no Chromium' : machine.chromium
  const load =
    machine.loadAverage === undefined
      ? ''
      : ` (load average ${machine.loadAverage[0]} at the start, ${machine.loadAverage[1]} at the end)`
  const where =
    `Measured ${date} by \`npm run bench\` on ${machine.cpus} × ${machine.cpuModel}, ` +
    `${machine.memoryGiB} GiB, Node ${machine.node}, ${chromium}${load}. Every figure, with ` +
    'its samples, is in [bench/results.json](bench/results.json).'
  const measuredReferences = results.some((r) => r.name.startsWith('reference.'))
  const firstClick = results.some((r) => r.name === 'lab.intervention_first_ms.5k')
    ? [
        '',
        'An intervention is timed twice, against the same target: the median of clicks on one ' +
          'page, each at another moment so that each is a new run (the steady state; the lab keeps ' +
          'the runs it made, so the same click after Undo only redraws, and that figure is in the ' +
          "results' detail), and the first click in a freshly loaded page, which also waits for " +
          'the JavaScript engine to compile the code that the click runs for the first time and ' +
          'for the browser to create the elements it draws for the first time (the lab page lays ' +
          'a long run out again in its idle time, src/viz/warmUp.ts, so the layout is warm by then; ' +
          'the benchmark opens a tab, moves the cursor and waits 0.5 s before it clicks).',
      ]
    : []
  return [
    where,
    '',
    lines.join('\n'),
    ...(measuredReferences ? ['', references] : []),
    ...sideBySide,
    ...bigLinks,
    ...firstClick,
    ...laterRuns(results),
  ].join('\n')
}

/**
 * Figures merged from a later partial run (`npx tsx bench/run.ts <suite>`) carry that run in
 * `detail.run`: say which, when and under what load, so no figure passes for the main run's.
 */
function laterRuns(results: readonly BenchResult[]): string[] {
  const runs = new Map<string, string[]>()
  for (const r of results) {
    const run = r.detail?.run as
      { measuredAt?: string; loadAverage?: [number, number]; note?: string } | undefined
    if (run?.measuredAt === undefined) continue
    const load =
      run.loadAverage === undefined ? '' : `, load average ${run.loadAverage.join(' → ')}`
    const key = `${run.measuredAt.slice(0, 16).replace('T', ' ')} UTC${load}${run.note === undefined ? '' : `: ${run.note}`}`
    runs.set(key, [...(runs.get(key) ?? []), r.name.split('.')[0] ?? r.name])
  }
  return [...runs].map(
    ([run, suites]) =>
      `\nFigures of ${[...new Set(suites)].join(', ')} were measured in a later run (${run}).`,
  )
}

/** README.md with its Performance section replaced, formatted as Prettier formats it. */
export async function renderReadme(readme: string, report: BenchReport): Promise<string> {
  const start = readme.indexOf(START)
  const end = readme.indexOf(END)
  if (start === -1 || end < start) throw new Error(`README.md lacks ${START} … ${END}`)
  const replaced =
    readme.slice(0, start + START.length) +
    `\n\n${performanceSection(report)}\n\n` +
    readme.slice(end)
  const options = await resolveConfig(README)
  return format(replaced, { ...options, parser: 'markdown' })
}

const README = new URL('../README.md', import.meta.url)
const RESULTS = new URL('../bench/results.json', import.meta.url)

export function readReport(): BenchReport {
  return JSON.parse(readFileSync(RESULTS, 'utf8')) as BenchReport
}

export async function writeReadme(report: BenchReport = readReport()): Promise<void> {
  writeFileSync(README, await renderReadme(readFileSync(README, 'utf8'), report))
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) {
  await writeReadme()
}
