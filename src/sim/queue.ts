/**
 * The event queue: a binary min-heap over a plain array, ordered by (atMs, seq). `seq` is a
 * strictly increasing insertion number, so two items due at the same ms run in the order they
 * were scheduled — the one explicit tie-break that keeps runs deterministic. Plain functions over
 * a plain array keep the World JSON-safe (it can be cloned, diffed and snapshotted).
 */
export interface Queued {
  atMs: number
  seq: number
}

export function pushItem<T extends Queued>(heap: T[], item: T): void {
  heap.push(item)
  let i = heap.length - 1
  while (i > 0) {
    const parent = (i - 1) >> 1
    const p = heap[parent] as T
    if (!before(item, p)) break
    heap[i] = p
    i = parent
  }
  heap[i] = item
}

export function popItem<T extends Queued>(heap: T[]): T | undefined {
  const top = heap[0]
  const last = heap.pop()
  if (top === undefined || last === undefined || heap.length === 0) return top
  let i = 0
  const n = heap.length
  for (;;) {
    const l = 2 * i + 1
    if (l >= n) break
    const r = l + 1
    let c = l
    if (r < n && before(heap[r] as T, heap[l] as T)) c = r
    const child = heap[c] as T
    if (!before(child, last)) break
    heap[i] = child
    i = c
  }
  heap[i] = last
  return top
}

function before(a: Queued, b: Queued): boolean {
  return a.atMs < b.atMs || (a.atMs === b.atMs && a.seq < b.seq)
}
