/**
 * client-go leader-election log lines (klog), from one process: the exact strings of
 * tools/leaderelection/leaderelection.go — "attempting to acquire leader lease", "successfully
 * acquired lease", "successfully renewed lease" (at -v=5), "failed to renew lease" — and of the
 * usual callbacks, "new leader elected", "stopped leading" / "leader lost". klog does not write
 * who is logging: the process is named by a `# actor: NAME` line, else by the file's name. Other
 * log lines are not errors (a process logs much else); they are skipped.
 */
import type { HistoryEvent, HistoryKind, ParsedHistory } from '../format'
import { emptyHeader } from '../format'
import { LineErrors, lines } from '../parse'
import { parseKlogMs } from '../time'

export const KLOG_SOURCE = 'client-go-klog'

/** `I1203 16:53:24.123456   12345 leaderelection.go:258] message` */
const KLOG = /^([IWEF])(\d{4}) (\d{2}:\d{2}:\d{2}(?:\.\d{1,9})?)\s+\d+\s+[^\]]*\]\s?(.*)$/

export function looksLikeKlog(text: string): boolean {
  return lines(text.slice(0, 20_000)).some((l) => KLOG.test(l.trim()))
}

const PATTERNS: Array<[RegExp, HistoryKind | 'observed-leader']> = [
  [/^attempting to acquire leader lease/, 'acquire-requested'],
  [/^successfully acquired lease/, 'acquire-granted'],
  [/^successfully renewed lease/, 'renew'],
  [/^failed to renew lease/, 'renew-refused'],
  [/^new leader elected:?\s*(\S+)?/, 'observed-leader'],
  [/^(stopped leading|leader lost|leaderelection lost)/, 'expiry-observed'],
]

export function readKlog(text: string, name: string | null, year?: number): ParsedHistory {
  const errors = new LineErrors()
  const events: HistoryEvent[] = []
  const all = lines(text)
  let actor = name === null ? 'client' : name.replace(/\.[^.]*$/, '')
  const declaredYear = /^#\s*year:\s*(\d{4})\s*$/m.exec(text)
  const readYear = declaredYear === null ? (year ?? 1970) : Number(declaredYear[1])
  for (let i = 0; i < all.length; i++) {
    const source = (all[i] as string).trim()
    const declared = /^#\s*actor:\s*(\S+)/.exec(source)
    if (declared !== null) {
      actor = declared[1] as string
      continue
    }
    const m = KLOG.exec(source)
    if (m === null) continue
    const message = m[4] as string
    const match = PATTERNS.find(([re]) => re.test(message))
    if (match === undefined) continue
    const atMs = parseKlogMs(m[2] as string, m[3] as string, readYear)
    if (atMs === null) {
      errors.add(
        i + 1,
        `the klog time "${m[2] as string} ${m[3] as string}" is not a date and time`,
      )
      continue
    }
    const [re, kind] = match
    if (kind === 'observed-leader') {
      // Another process leads now: this one, if it led, has stopped believing it does.
      const leader = re.exec(message)?.[1]
      if (leader === undefined || leader === actor) continue
      events.push(klogEvent(i + 1, atMs, actor, 'expiry-observed', `new leader ${leader}`))
      continue
    }
    events.push(
      klogEvent(i + 1, atMs, actor, kind, kind === 'renew-refused' ? message.slice(0, 200) : null),
    )
  }
  return {
    source: KLOG_SOURCE,
    header: emptyHeader(),
    events,
    errors: errors.done(),
    yearless: declaredYear === null,
  }
}

function klogEvent(
  line: number,
  atMs: number,
  actor: string,
  kind: HistoryKind,
  reason: string | null,
): HistoryEvent {
  return {
    line,
    file: null,
    atMs,
    actor,
    clock: actor,
    kind,
    client: actor,
    by: actor,
    resource: null,
    token: null,
    value: null,
    leaseMs: null,
    reason,
    id: null,
  }
}
