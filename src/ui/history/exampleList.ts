/**
 * The real histories shipped in examples/histories/, one per format the lab reads, as the
 * scenario picker lists them (their text loads only when one is opened: examples.ts).
 */
export const HISTORY_EXAMPLES = [
  { id: 'kubernetes', title: 'Kubernetes Lease watch + app writes' },
  { id: 'client-go', title: 'client-go logs of two nodes' },
  { id: 'etcd', title: 'etcd lock watch + app writes' },
  { id: 'native', title: 'A paused writer, unfenced (format v1)' },
] as const

export type HistoryExampleId = (typeof HISTORY_EXAMPLES)[number]['id']

/** The picker's value for an example. */
export const EXAMPLE_PREFIX = 'history:'
