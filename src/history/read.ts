/**
 * Which reader understands an input: a Kubernetes Lease watch, etcdctl's JSON output, client-go
 * leader-election log lines, or the native NDJSON format (the default, whose errors then name
 * what is wrong). Each returns the same ParsedHistory. (The lab's own report is read in judge.ts: it is a run already.)
 */
import type { ParsedHistory } from './format'
import { parseNativeHistory } from './parse'
import { looksLikeEtcd, readEtcd } from './readers/etcd'
import { looksLikeKlog, readKlog } from './readers/klog'
import { looksLikeKubeLease, readKubeLease } from './readers/kubeLease'

export function readHistory(
  text: string,
  name: string | null = null,
  year?: number,
  onProgress?: (done: number) => void,
): ParsedHistory {
  if (looksLikeKubeLease(text)) return readKubeLease(text)
  if (looksLikeEtcd(text)) return readEtcd(text)
  if (looksLikeKlog(text)) return readKlog(text, name, year)
  return parseNativeHistory(text, onProgress)
}
