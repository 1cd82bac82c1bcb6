/**
 * Command-line arguments: `<preset-id | path/to/scenario.json>
 * [--format text|json|svg|png|gif|webm] [--fault '<json>']…`. Parsing never throws; a mistake becomes a message that names it.
 */
import { parseArgs } from 'node:util'
import { clip } from '../sim'

export type OutputFormat = 'text' | 'json' | 'svg' | 'png' | 'gif' | 'webm'

/** Formats written as bytes (never to a terminal). */
export const BINARY_FORMATS: ReadonlySet<OutputFormat> = new Set(['png', 'gif', 'webm'])
const FORMATS: readonly OutputFormat[] = ['text', 'json', 'svg', 'png', 'gif', 'webm']

export interface CliOptions {
  /** A preset id or a file; for `--system`, the system id. */
  input: string
  /** `--system <id>`: `input` names a real system, `params` its parameters. */
  system: boolean
  params: Record<string, string>
  format: OutputFormat
  faults: string[]
  verbose: boolean
  theme: 'light' | 'dark'
  widthPx: number
  /** `--allow-large`: run a scenario estimated above the large-run limit anyway. */
  allowLarge: boolean
  /** png: pixels per figure pixel (default 2, sharp on high-density screens). */
  scale: number
  /** gif, webm: the story's lines to animate, 1-based and inclusive (null: all of them). */
  steps: { from: number; to: number } | null
}

export type ArgsResult =
  | { kind: 'run'; options: CliOptions }
  | { kind: 'help' }
  | { kind: 'list' }
  | { kind: 'list-systems' }
  | { kind: 'error'; message: string }

export const USAGE = `Usage: npm run sim -- <preset-id | path/to/scenario.json | -> [options]
       npm run sim -- check <history> [options]   (judge a real history: check --help)
       npm run sim -- --system <system-id> [--param key=value]… [options]

Runs a Fencing Lab scenario (a preset, a JSON file, or - for JSON on standard
input) and prints what happened.

Options:
  --system <id>            model a real lock system with its real defaults (see --systems)
  --param key=value        set one of the system's parameters (repeatable)
  --systems                list the systems and their parameters
  --format <format>        text, json, svg (figure), png (figure, 2×), gif or webm (the story,
                           animated, captions burned in; webm needs ffmpeg) (default: text).
                           svg and png carry the scenario: drop one on the lab to open the run.
                           png, gif and webm are bytes: redirect them to a file
  --fault '<json>'         add a fault, e.g. '{"atMs":1000,"do":"pause","node":"A","ms":15000}'
                           (repeatable)
  --verbose                text format: also list every message delivery
  --theme light|dark       svg format: colour theme (default: light)
  --width <px>             svg format: figure width (default: 960)
  --allow-large            run a scenario estimated at more than 250,000 events
                           (refused without it, before it starts)
  --list                   list the preset ids
  --help                   show this help

Exit status: 0 for a valid run (whatever its verdict), 2 for invalid input
(and for a run estimated above 250,000 events without --allow-large), 3 for a run cut at the engine's limit of 2,000,000 events (verdict "inconclusive",
or "unsafe" if a violation came first).`

export function parseCliArgs(argv: readonly string[]): ArgsResult {
  let parsed: ReturnType<typeof parseArgs<typeof config>>
  const config = {
    args: [...argv],
    allowPositionals: true,
    strict: true,
    options: {
      format: { type: 'string' },
      fault: { type: 'string', multiple: true },
      verbose: { type: 'boolean' },
      theme: { type: 'string' },
      width: { type: 'string' },
      scale: { type: 'string' },
      steps: { type: 'string' },
      list: { type: 'boolean' },
      system: { type: 'string' },
      param: { type: 'string', multiple: true },
      systems: { type: 'boolean' },
      'allow-large': { type: 'boolean' },
      help: { type: 'boolean', short: 'h' },
    },
  } as const
  try {
    parsed = parseArgs(config)
  } catch (error) {
    return { kind: 'error', message: describeArgError(error) }
  }
  const { values, positionals } = parsed
  if (values.help) return { kind: 'help' }
  if (values.list) return { kind: 'list' }
  if (values.systems) return { kind: 'list-systems' }
  const params: Record<string, string> = {}
  for (const text of values.param ?? []) {
    const eq = text.indexOf('=')
    if (eq <= 0) return { kind: 'error', message: `--param must be key=value, not ${quote(text)}` }
    params[text.slice(0, eq)] = text.slice(eq + 1)
  }
  if (values.system !== undefined && positionals.length > 0) {
    return {
      kind: 'error',
      message: `give either --system or a scenario, not both (got ${quote(positionals[0] ?? '')})`,
    }
  }
  if (values.system === undefined && values.param !== undefined) {
    return { kind: 'error', message: '--param needs --system <id>' }
  }
  if (positionals.length === 0 && values.system === undefined) {
    return { kind: 'error', message: 'missing the scenario: give a preset id or a JSON file' }
  }
  if (positionals.length > 1) {
    return {
      kind: 'error',
      message: `expected one scenario, got ${positionals.length}: ${positionals.slice(0, 3).map(quote).join(', ')}${positionals.length > 3 ? ', …' : ''}`,
    }
  }
  const format = values.format ?? 'text'
  if (!(FORMATS as readonly string[]).includes(format)) {
    return {
      kind: 'error',
      message: `--format must be text, json, svg, png, gif or webm, not ${quote(format)}`,
    }
  }
  const theme = values.theme ?? 'light'
  if (theme !== 'light' && theme !== 'dark') {
    return { kind: 'error', message: `--theme must be light or dark, not ${quote(theme)}` }
  }
  const widthPx = values.width === undefined ? 960 : Number(values.width)
  if (!Number.isInteger(widthPx) || widthPx < 320 || widthPx > 4000) {
    return {
      kind: 'error',
      message: `--width must be a whole number of pixels from 320 to 4000, not ${quote(values.width ?? '')}`,
    }
  }
  const scale = values.scale === undefined ? 2 : Number(values.scale)
  if (!Number.isFinite(scale) || scale < 1 || scale > 4) {
    return {
      kind: 'error',
      message: `--scale must be a number from 1 to 4, not ${quote(values.scale ?? '')}`,
    }
  }
  let steps: CliOptions['steps'] = null
  if (values.steps !== undefined) {
    const m = /^(\d{1,3})(?:-(\d{1,3}))?$/.exec(values.steps.trim())
    const from = Number(m?.[1])
    const to = m?.[2] === undefined ? from : Number(m[2])
    if (m === null || from < 1 || to < from) {
      return {
        kind: 'error',
        message: `--steps must be a line number or a range like 2-5 (from 1, first ≤ last), not ${quote(values.steps)}`,
      }
    }
    steps = { from, to }
  }
  return {
    kind: 'run',
    options: {
      input: values.system ?? (positionals[0] as string),
      system: values.system !== undefined,
      params,
      format: format as OutputFormat,
      faults: values.fault ?? [],
      verbose: values.verbose ?? false,
      theme,
      widthPx,
      allowLarge: values['allow-large'] ?? false,
      scale,
      steps,
    },
  }
}

/**
 * node:util's parse errors in the CLI's own words, on one line. Its messages are precise but
 * long, span lines and quote the option as typed (which may hold anything).
 */
export function describeArgError(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error)
  const option = /^Option '(?:-\w, )?(--?[\w-]+)/.exec(text)?.[1]
  if (option !== undefined) {
    if (text.includes('argument is ambiguous')) {
      // `--width -5`: a value that starts with a dash reads as another option.
      return `${option} needs a value; one that starts with a dash goes after "=", as in ${option}=-5`
    }
    if (text.includes('argument missing')) return `${option} needs a value`
    if (text.includes('does not take an argument')) return `${option} takes no value`
  }
  const first = text.split(/\.\s/)[0] ?? text
  return oneLine(first.replace(/^Unknown option/, 'unknown option'), 200)
}

/** The longest piece of an argument quoted back in a message. */
const MAX_QUOTED_CHARS = 60

/** An argument quoted back to the user: on one line (JSON escapes), and clipped. */
export function quote(text: string): string {
  return oneLine(JSON.stringify(clip(text, MAX_QUOTED_CHARS)), MAX_QUOTED_CHARS * 7)
}

/** Text on one line: control characters escaped, clipped to `max` characters. */
export function oneLine(text: string, max: number): string {
  const flat = text.replace(
    // eslint-disable-next-line no-control-regex
    /[\u0000-\u001f\u007f\u2028\u2029]/g,
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
  )
  return flat.length > max ? `${flat.slice(0, max)}…` : flat
}
