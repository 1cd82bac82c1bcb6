/**
 * The command line, as a function of its arguments and its streams (main.ts binds it to the
 * process), so tests run it in-process. Exit status 0 for a valid run whatever its verdict;
 * 2 for invalid input, with a message naming what is wrong; 3 for a run cut at the engine's event
 * limit (its verdict is "inconclusive", or "unsafe" if a violation came before the cut).
 */
import { readFileSync, statSync } from 'node:fs'
import type { RunEstimate, Scenario } from '../sim'
import {
  check,
  estimateRun,
  findPreset,
  formatIssue,
  parseScenario,
  PRESET_IDS,
  PRESETS,
  PAGE_EVENT_BUDGET,
  run,
  toReport,
} from '../sim'
import { decodeText } from '../history'
import { scenarioJsonText, svgWithScenario, pngWithScenario } from '../link/figureScenario'
import { buildSystem, SYSTEMS, timedWindows } from '../systems'
import type { DangerWindow, TimedDangerWindow } from '../systems'
import { storyFrames } from '../viz/animation'
import type { PixelFrame } from '../viz/gif'
import { encodeGif } from '../viz/gif'
import { renderDiagramSvg } from '../viz/standalone'
import type { CliOptions } from './args'
import { oneLine, parseCliArgs, quote, USAGE } from './args'
import { runCheck } from './check'
import { CHECK_USAGE, parseCheckArgs } from './checkArgs'
import type { Encoded, FontChoice, Raster } from './media'
import { outputFor, terminalText } from './safeOutput'
import { renderText, truncationLine } from './text'

export interface CliIo {
  out: (text: string) => void
  err: (text: string) => void
  /** Renders the figure for `--format svg` (the shared diagram renderer). */
  renderSvg?: (
    runResult: ReturnType<typeof run>,
    findings: ReturnType<typeof check>,
    options: {
      widthPx: number
      theme: 'light' | 'dark'
      title?: string
      dangerWindows?: readonly TimedDangerWindow[]
    },
  ) => string
  /** The engine's event cap (tests lower it; the command line keeps the engine's default). */
  maxEvents?: number
  /** Reads all of standard input (for `check -`). */
  readStdin?: () => string
  /** Writes bytes to standard output (`--format png|gif|webm`). */
  outBytes?: (bytes: Uint8Array) => void
  /** Standard output is a terminal: bytes are refused there. */
  stdoutIsTerminal?: boolean
  /** Pictures and videos (media.ts); absent in builds without them. */
  media?: CliMedia
}

/** What `--format png|gif|webm` draws and encodes with (src/cli/media.ts in the command line). */
export interface CliMedia {
  chooseFonts: () => FontChoice
  rasterize: (svg: string, scale: number, fonts: FontChoice & { ok: true }) => Raster
  encodeWebm: (frames: ReadonlyArray<PixelFrame & { png: Uint8Array }>) => Encoded
}

export const EXIT_OK = 0
export const EXIT_INVALID = 2
/** The run reached the engine's event limit: the report is partial (`truncated` says where). */
export const EXIT_TRUNCATED = 3

/** A message about bad input is one line of at most this many characters. */
const MAX_MESSAGE_CHARS = 2000

export function runCli(argv: readonly string[], rawIo: CliIo): number {
  if (argv[0] === 'check') return checkCommand(argv.slice(1), rawIo)
  const args = parseCliArgs(argv)
  // The one place output leaves the CLI: a scenario's text cannot act on the terminal.
  const out = outputFor(args.kind === 'run' ? args.options.format : 'text')
  const io: CliIo = {
    ...rawIo,
    out: (text) => rawIo.out(out(text)),
    err: (text) => rawIo.err(terminalText(text)),
  }
  switch (args.kind) {
    case 'help':
      io.out(USAGE + '\n')
      return EXIT_OK
    case 'list':
      for (const p of PRESETS) io.out(`${p.id.padEnd(22)} ${p.summary}\n`)
      return EXIT_OK
    case 'list-systems':
      for (const s of SYSTEMS) {
        io.out(`${s.id.padEnd(12)} ${s.summary}\n`)
        for (const p of s.params) {
          const value = p.kind === 'number' ? `${p.defaultValue} ${p.unit}` : p.defaultValue
          const choices =
            p.kind === 'choice' ? ` (${p.choices.map((c) => c.value).join(' | ')})` : ''
          io.out(`  ${`${p.key}=${value}`.padEnd(28)} ${p.label}${choices}\n`)
        }
      }
      return EXIT_OK
    case 'error':
      io.err(`fencing-lab: ${oneLine(args.message, MAX_MESSAGE_CHARS)}\n\n${USAGE}\n`)
      return EXIT_INVALID
    case 'run':
      return simulate(args.options, io)
  }
}

/** `fencing-lab check …`: exit 0 no violation, 1 a violation, 2 bad input. */
function checkCommand(argv: readonly string[], rawIo: CliIo): number {
  const args = parseCheckArgs(argv)
  const out = outputFor(args.kind === 'check' ? args.options.format : 'text')
  const io: CliIo = {
    ...rawIo,
    out: (text) => rawIo.out(out(text)),
    err: (text) => rawIo.err(terminalText(text)),
  }
  switch (args.kind) {
    case 'help':
      io.out(CHECK_USAGE + '\n')
      return EXIT_OK
    case 'error':
      io.err(`fencing-lab check: ${oneLine(args.message, MAX_MESSAGE_CHARS)}\n\n${CHECK_USAGE}\n`)
      return EXIT_INVALID
    case 'check':
      return runCheck(args.options, io)
  }
}

function simulate(options: CliOptions, io: CliIo): number {
  let windows: DangerWindow[] | null = null
  let loaded: Loaded
  if (options.system) {
    const built = buildSystem(options.input, options.params)
    loaded = built.ok
      ? { ok: true, input: built.built.scenario, file: null }
      : { ok: false, message: built.message }
    if (built.ok) windows = built.built.windows
  } else {
    loaded = loadScenario(options.input, io)
  }
  if (!loaded.ok) {
    io.err(`fencing-lab: ${oneLine(loaded.message, MAX_MESSAGE_CHARS)}\n`)
    return EXIT_INVALID
  }
  const withFaults = addFaults(loaded, options.faults)
  if (!withFaults.ok) {
    io.err(`fencing-lab: ${oneLine(withFaults.message, MAX_MESSAGE_CHARS)}\n`)
    return EXIT_INVALID
  }
  const scenario: Scenario = withFaults.scenario
  const estimate = estimateRun(scenario)
  if (estimate.events > PAGE_EVENT_BUDGET && !options.allowLarge) {
    io.err(`fencing-lab: ${largeRunLine(estimate)}\n`)
    return EXIT_INVALID
  }
  const result = run(scenario, io.maxEvents === undefined ? {} : { maxEvents: io.maxEvents })
  const findings = check(result)
  const done = result.truncated === null ? EXIT_OK : EXIT_TRUNCATED
  if (result.truncated !== null) io.err(`fencing-lab: ${truncationLine(result.truncated)}\n`)
  switch (options.format) {
    case 'json': {
      const report = toReport(result, findings)
      // Additive: a run of --system also carries the system, its parameters and danger windows.
      const system =
        windows === null ? {} : { system: { id: options.input, params: options.params, windows } }
      io.out(JSON.stringify({ ...report, ...system }, null, 2) + '\n')
      return done
    }
    case 'text':
      if (windows !== null) io.out(windowLines(windows))
      io.out(renderText(result, findings, options.verbose))
      return done
    case 'svg': {
      if (io.renderSvg === undefined) {
        io.err('fencing-lab: svg output is not available in this build\n')
        return EXIT_INVALID
      }
      const title = scenario.title ?? scenario.id ?? 'Fencing Lab run'
      // The windows are the system's story's: an added --fault changes the story, so they are
      // not drawn over it (the JSON and the text still state them in words).
      const drawn = windows !== null && options.faults.length === 0 ? timedWindows(windows) : []
      const svg = io.renderSvg(result, findings, {
        widthPx: options.widthPx,
        theme: options.theme,
        title,
        ...(drawn.length === 0 ? {} : { dangerWindows: drawn }),
      })
      io.out(svgWithScenario(svg, scenarioJsonText(scenario)))
      return done
    }
    case 'png':
    case 'gif':
    case 'webm': {
      const written = writeMedia(options, scenario, result, findings, io)
      return written === EXIT_OK ? done : written
    }
  }
}

/** `--format png|gif|webm`: the figure or the story's animation, as bytes on standard output. */
function writeMedia(
  options: CliOptions,
  scenario: Scenario,
  result: ReturnType<typeof run>,
  findings: ReturnType<typeof check>,
  io: CliIo,
): number {
  const fail = (message: string) => {
    io.err(`fencing-lab: ${oneLine(message, MAX_MESSAGE_CHARS)}\n`)
    return EXIT_INVALID
  }
  if (io.media === undefined || io.outBytes === undefined) {
    return fail(`${options.format} output is not available in this build`)
  }
  if (io.stdoutIsTerminal === true) {
    return fail(
      `${options.format} is binary and standard output is a terminal: redirect it to a file (> figure.${options.format})`,
    )
  }
  const fonts = io.media.chooseFonts()
  if (!fonts.ok) return fail(fonts.message)
  const title = scenario.title ?? scenario.id ?? 'Fencing Lab run'
  const figure = { widthPx: options.widthPx, theme: options.theme, title }
  if (options.format === 'png') {
    const raster = io.media.rasterize(
      renderDiagramSvg(result, findings, figure),
      options.scale,
      fonts,
    )
    io.outBytes(pngWithScenario(raster.png, scenarioJsonText(scenario)))
    return EXIT_OK
  }
  const plan = storyFrames(result, findings, { ...figure, steps: options.steps })
  if (!plan.ok) return fail(plan.message)
  const media = io.media
  const frames = plan.frames.map((frame) => ({
    ...media.rasterize(frame.svg, 1, fonts),
    holdMs: frame.holdMs,
  }))
  if (options.format === 'gif') {
    io.outBytes(encodeGif(frames))
    return EXIT_OK
  }
  const video = io.media.encodeWebm(frames)
  if (!video.ok) return fail(video.message)
  io.outBytes(video.bytes)
  return EXIT_OK
}

/** A scenario read from a preset or a file (`file`: its name as quoted in messages). */
type Loaded = { ok: true; input: unknown; file: string | null } | { ok: false; message: string }

function loadScenario(input: string, io: CliIo): Loaded {
  const preset = findPreset(input)
  if (preset !== undefined) return { ok: true, input: preset.scenario, file: null }
  // `-`: the scenario's JSON on standard input, as `check -` reads a history.
  if (input === '-') {
    if (io.readStdin === undefined) return { ok: false, message: 'standard input is not available' }
    return parsedJson(io.readStdin(), 'standard input')
  }
  let kind: 'file' | 'directory' | 'other' | 'missing' = 'missing'
  try {
    const stat = statSync(input)
    kind = stat.isFile() ? 'file' : stat.isDirectory() ? 'directory' : 'other'
  } catch {
    kind = 'missing'
  }
  if (kind === 'directory') {
    return { ok: false, message: `${quote(input)} is a directory, not a scenario file` }
  }
  if (kind === 'other') return { ok: false, message: `${quote(input)} is not a regular file` }
  if (kind === 'missing') {
    const looksLikeFile = /[./\\]/.test(input)
    return {
      ok: false,
      message: looksLikeFile
        ? `no such file: ${quote(input)}`
        : `${quote(input)} is neither a preset id nor a file. Presets: ${PRESET_IDS.join(', ')}`,
    }
  }
  let text: string
  try {
    // decodeText: a byte-order mark (editors on Windows write one) is not part of the JSON.
    text = decodeText(readFileSync(input))
  } catch (error) {
    return { ok: false, message: `cannot read ${quote(input)}: ${(error as Error).message}` }
  }
  return parsedJson(text, quote(input))
}

/** A scenario file's JSON (`file`: how messages name it). */
function parsedJson(text: string, file: string): Loaded {
  try {
    return { ok: true, input: JSON.parse(text) as unknown, file }
  } catch (error) {
    return { ok: false, message: `${file} is not valid JSON: ${(error as Error).message}` }
  }
}

type WithFaults = { ok: true; scenario: Scenario } | { ok: false; message: string }

function addFaults(
  { input, file }: { input: unknown; file: string | null },
  faultArgs: readonly string[],
): WithFaults {
  const extra: unknown[] = []
  for (const [i, text] of faultArgs.entries()) {
    try {
      extra.push(JSON.parse(text))
    } catch (error) {
      return {
        ok: false,
        message: `--fault #${i + 1} is not valid JSON (${(error as Error).message}): ${quote(text)}`,
      }
    }
  }
  const base = parseScenario(input)
  if (!base.ok)
    return { ok: false, message: file === null ? base.message : `${file}: ${base.message}` }
  if (extra.length === 0) return { ok: true, scenario: base.scenario }
  const first = base.scenario.faults.length
  const combined = parseScenario({ ...base.scenario, faults: [...base.scenario.faults, ...extra] })
  if (combined.ok) return combined
  const issues = combined.issues.map((issue) => {
    const match = /^faults\[(\d+)\]/.exec(issue.path)
    const index = match ? Number(match[1]) : -1
    return index >= first
      ? `--fault #${index - first + 1}: ${formatIssue(issue)}`
      : formatIssue(issue)
  })
  return { ok: false, message: `Invalid fault: ${issues.slice(0, 5).join('; ')}` }
}

function windowLines(windows: readonly DangerWindow[]): string {
  return `Danger windows:\n${windows.map((w) => `  - ${w.words}`).join('\n')}\n\n`
}

/** Why a large run was not started, and how to start it anyway. */
function largeRunLine(estimate: RunEstimate): string {
  const size = estimate.reachesLimit
    ? `more than the engine's limit of 2,000,000 events (it would be cut there)`
    : `up to ${estimate.events.toLocaleString('en-US')} events`
  return (
    `this run is estimated at ${size}, over the large-run limit of ` +
    `${PAGE_EVENT_BUDGET.toLocaleString('en-US')}; shorten it (durationMs, a longer renewEveryMs, ` +
    `a shorter script) or give --allow-large to run it anyway`
  )
}
