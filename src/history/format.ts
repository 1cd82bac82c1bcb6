/**
 * History format v1 (docs/history-format.md): what really happened in a system that uses a lock,
 * one event a line, as the lab's readers produce it and as a person may write it by hand. Every
 * event keeps the line it came from, so a finding can cite it and a mistake can name it.
 */
import type { ResourceValue, Token } from '../sim'

export const HISTORY_FORMAT = 'fencing-lab/history@1'

export const HISTORY_KINDS = [
  'acquire-requested',
  'acquire-granted',
  'acquire-refused',
  'renew',
  'renew-refused',
  'release',
  'expiry-observed',
  'read',
  'write-sent',
  'write-accepted',
  'write-rejected',
  'effect',
] as const

export type HistoryKind = (typeof HISTORY_KINDS)[number]

export type Fencing = 'none' | 'atomic' | 'check-then-write'

export interface HistoryEvent {
  /** 1-based line of the input it came from (for a reader's format: the line it was read from). */
  line: number
  /** The file it came from, when a history is read from several (else null). */
  file: string | null
  /** Time on the recording machine's clock plus that clock's offset, in ms since the epoch or any origin. */
  atMs: number
  /** The node that recorded the event: a client, `lock`, or a resource. */
  actor: string
  /** Whose clock `atMs` was read from (the actor's unless the line says `clock`). */
  clock: string
  kind: HistoryKind
  /** The client the event is about (the actor itself for a client's own events). */
  client: string
  /** Who asked, for a renew or release; differs from `client` when one client renewed or released another's lease. */
  by: string
  resource: string | null
  token: Token
  value: ResourceValue | null
  leaseMs: number | null
  reason: string | null
  /** Links a `write-sent` to the resource's `write-accepted`/`write-rejected`. */
  id: string | null
}

export interface ResourceDeclaration {
  fencing: Fencing
  initialValue: ResourceValue | null
}

export interface HistoryHeader {
  title: string | null
  /** Added to each clock's times to bring them onto one time line (ms). */
  clockOffsetsMs: Record<string, number>
  resources: Record<string, ResourceDeclaration>
  /** The lease length when a grant does not say (ms). */
  leaseMs: number | null
}

export interface LineError {
  line: number
  message: string
}

export interface ParsedHistory {
  /** Which reader understood the input (`fencing-lab/history@1`, `kubernetes-lease-watch`, …). */
  source: string
  header: HistoryHeader
  events: HistoryEvent[]
  errors: LineError[]
  /**
   * Its times carry no year (klog's): read as 1970 unless the input says `# year: YYYY`. Merged
   * with timestamped inputs, it is read again in their year.
   */
  yearless?: boolean
  /** What the reader could not tell from its format (e.g. etcd writes no time), for the notes. */
  notes?: string[]
}

export function emptyHeader(): HistoryHeader {
  return { title: null, clockOffsetsMs: {}, resources: {}, leaseMs: null }
}

/**
 * An event a reader derives (not read field by field from a native line): every optional field
 * empty, then `fields`. The readers of other formats (Kubernetes Lease watch, etcd) build theirs
 * with it, so a field added to the format is defaulted in one place.
 */
export function derivedEvent(
  at: { line: number; atMs: number; actor: string; clock: string; kind: HistoryEvent['kind'] },
  fields: Partial<HistoryEvent>,
): HistoryEvent {
  return {
    ...at,
    file: null,
    client: '',
    by: '',
    resource: null,
    token: null,
    value: null,
    leaseMs: null,
    reason: null,
    id: null,
    ...fields,
  }
}

/** Most per-line errors kept (a wholly wrong file would otherwise repeat one message 100k times). */
export const MAX_LINE_ERRORS = 100
/** Most events in one history. */
export const MAX_HISTORY_EVENTS = 1_000_000
/** Longest text kept from a history (a value, a reason, a name). */
export const MAX_TEXT_CHARS = 200
