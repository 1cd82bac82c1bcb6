/** Plain words for what the explorer and chaos mode search for and what they may inject. */
import type { BudgetFaultKind } from '../../explore'
import type { ViolationKind } from '../../sim'

/** What each violation means, in a reader's words (the stable kind id goes beside it). */
export const VIOLATION_LABELS: Readonly<Record<ViolationKind, string>> = {
  'token-order': 'A stale write accepted',
  'lost-update': 'An acknowledged update lost',
  'unfenced-effect': 'A side effect after the lease ended',
  'duplicate-token': 'One token granted twice',
  'foreign-release': 'A release of someone else’s lock',
  'foreign-renew': 'A renewal of someone else’s lease',
  'two-holders': 'Two holders by the lock service’s own rules',
}

/** Short labels for the chaos plot's axis. */
export const VIOLATION_SHORT: Readonly<Record<ViolationKind, string>> = {
  'token-order': 'Stale write',
  'lost-update': 'Lost update',
  'unfenced-effect': 'Late effect',
  'duplicate-token': 'Same token',
  'foreign-release': 'Foreign release',
  'foreign-renew': 'Foreign renew',
  'two-holders': 'Two holders',
}

export const FAULT_KIND_LABELS: Readonly<Record<BudgetFaultKind, string>> = {
  pause: 'Pause a node (GC, VM stall)',
  delay: 'Delay a message',
  drop: 'Drop a message',
  partition: 'Partition two nodes',
  'clock-jump': 'Jump a clock',
  crash: 'Crash a node (it stays down)',
  'crash-restart': 'Crash and restart',
  'expire-lease': 'Expire the lease early',
}

/** Lower-case names for sentences ("pauses, delays and drops"). */
export const FAULT_KIND_NOUNS: Readonly<Record<BudgetFaultKind, string>> = {
  pause: 'pauses',
  delay: 'delays',
  drop: 'drops',
  partition: 'partitions',
  'clock-jump': 'clock jumps',
  crash: 'crashes',
  'crash-restart': 'crash-restarts',
  'expire-lease': 'early expiries',
}

/** "a, b and c". */
export function listWords(words: readonly string[]): string {
  if (words.length <= 1) return words[0] ?? ''
  return `${words.slice(0, -1).join(', ')} and ${words[words.length - 1] ?? ''}`
}

/** "1 fault", "2 faults". */
export function plural(n: number, one: string, many = `${one}s`): string {
  return `${n.toLocaleString('en')} ${n === 1 ? one : many}`
}

/** Seconds for people: "12 ms", "0.4 s", "3.6 s". */
export function formatElapsed(ms: number): string {
  if (ms < 1000) return `${Math.max(0, Math.round(ms))} ms`
  return `${(ms / 1000).toFixed(ms < 10_000 ? 1 : 0)} s`
}
