/**
 * `fencing-lab check <history…|-> [--format text|json|svg]`: its arguments. Parsing never
 * throws; a mistake becomes a message that names it.
 */
import { parseArgs } from 'node:util'
import type { OutputFormat } from './args'
import { describeArgError, quote } from './args'

export interface CheckOptions {
  /** Files to read and merge into one history; `-` is standard input. */
  inputs: string[]
  format: OutputFormat
  verbose: boolean
  theme: 'light' | 'dark'
  widthPx: number
}

export type CheckArgs =
  { kind: 'check'; options: CheckOptions } | { kind: 'help' } | { kind: 'error'; message: string }

export const CHECK_USAGE = `Usage: fencing-lab check <history> [more histories…] [options]
       fencing-lab check - [options]          (read the history from standard input)

Judges a real history with the lab's checker and explains each finding.
Reads the native NDJSON history format (docs/history-format.md), the lab's own
JSON report, a Kubernetes Lease watch (kubectl get lease NAME -o json --watch),
client-go leader-election log lines and etcd key revisions. Several files are
merged into one history (a Lease watch and an application's write log, say).

Options:
  --format text|json|svg   output format (default: text)
  --verbose                text format: also list every event of the history
  --theme light|dark       svg format: colour theme (default: light)
  --width <px>             svg format: figure width (default: 960)
  --help                   show this help

Exit status: 0 when no violation is found, 1 when one is, 2 for bad input
(a bad line is named with its line number; the rest is still judged and printed).`

export function parseCheckArgs(argv: readonly string[]): CheckArgs {
  const config = {
    args: [...argv],
    allowPositionals: true,
    strict: true,
    options: {
      format: { type: 'string' },
      verbose: { type: 'boolean' },
      theme: { type: 'string' },
      width: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  } as const
  let parsed: ReturnType<typeof parseArgs<typeof config>>
  try {
    parsed = parseArgs(config)
  } catch (error) {
    return { kind: 'error', message: describeArgError(error) }
  }
  const { values, positionals } = parsed
  if (values.help) return { kind: 'help' }
  if (positionals.length === 0) {
    return { kind: 'error', message: 'missing the history: give a file, or - for standard input' }
  }
  if (positionals.includes('-') && positionals.length > 1) {
    return { kind: 'error', message: 'standard input (-) cannot be merged with files' }
  }
  if (positionals.length > 16) {
    return { kind: 'error', message: `at most 16 history files, not ${positionals.length}` }
  }
  const format = values.format ?? 'text'
  if (format !== 'text' && format !== 'json' && format !== 'svg') {
    return { kind: 'error', message: `--format must be text, json or svg, not ${quote(format)}` }
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
  return {
    kind: 'check',
    options: { inputs: positionals, format, verbose: values.verbose ?? false, theme, widthPx },
  }
}
