/**
 * The history being recorded: events from every process of a recording, each stamped on the
 * clock of the process that saw it (one machine, one wall clock), written as format v1 NDJSON
 * (docs/history-format.md) sorted by time, the header first.
 */
export type Token = number | string | null

export interface RecordedEvent {
  atMs: number
  actor: string
  kind: string
  client?: string
  resource?: string
  token?: Token
  value?: string | number
  leaseMs?: number
  reason?: string
  id?: string
}

export interface Header {
  title: string
  leaseMs?: number
  resources: Record<string, { fencing: 'none' | 'atomic' }>
}

export class History {
  private readonly events: RecordedEvent[] = []
  constructor(readonly header: Header) {}

  add(event: RecordedEvent): void {
    this.events.push(event)
  }

  all(): readonly RecordedEvent[] {
    return this.sorted()
  }

  private sorted(): RecordedEvent[] {
    // Stable: events stamped in the same millisecond keep the order they were recorded in...
    const order = [...this.events].sort((a, b) => a.atMs - b.atMs)
    // ...except a write's sending, reported by its client over IPC, which may reach the
    // recorder after the store's decision on it in the same millisecond: sent comes first.
    for (let i = 0; i < order.length; i++) {
      const sent = order[i] as RecordedEvent
      if (sent.kind !== 'write-sent' || sent.id === undefined) continue
      const decided = order.findIndex(
        (e, j) => j < i && e.id === sent.id && e.kind !== 'write-sent' && e.atMs === sent.atMs,
      )
      if (decided >= 0) order.splice(decided, 0, ...order.splice(i, 1))
    }
    return order
  }

  toNdjson(): string {
    const header = { format: 'fencing-lab/history@1', ...this.header }
    const lines = this.sorted().map(({ atMs, ...rest }) =>
      JSON.stringify({ time: new Date(atMs).toISOString(), ...rest }),
    )
    return [JSON.stringify(header), ...lines].join('\n') + '\n'
  }
}
