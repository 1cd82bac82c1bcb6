/**
 * A Kubernetes Lease watch (`kubectl get lease NAME -o json --watch`, concatenated Lease objects;
 * a `List` of them also reads). Each change of `holderIdentity` or `leaseTransitions` is a grant
 * (at `acquireTime`; the token is `leaseTransitions`, which counts changes of holder), each newer
 * `renewTime` of the same holder a renew, an emptied holder a release. `acquireTime` and
 * `renewTime` are written by the holder itself (client-go's `metav1.Now()`), so they are read on
 * the holder's clock: a header's `clocks` offset per holder applies.
 */
import type { HistoryEvent, ParsedHistory } from '../format'
import { derivedEvent, emptyHeader } from '../format'
import { LineErrors } from '../parse'
import { parseIsoMs } from '../time'
import { splitJsonStream } from './jsonStream'

export const KUBE_LEASE_SOURCE = 'kubernetes-lease-watch'

/** Whether text looks like Lease objects (cheap: a look at its start). */
export function looksLikeKubeLease(text: string): boolean {
  const head = text.slice(0, 4000)
  return (
    /^\s*\{/.test(head) &&
    /"kind"\s*:\s*"(Lease|List)"/.test(head) &&
    /coordination\.k8s\.io/.test(head)
  )
}

interface Spec {
  holder: string
  acquireMs: number | null
  renewMs: number | null
  durationMs: number | null
  transitions: number | null
}

export function readKubeLease(text: string): ParsedHistory {
  const stream = splitJsonStream(text)
  const errors = new LineErrors()
  for (const e of stream.errors) errors.add(e.line, e.message)
  const events: HistoryEvent[] = []
  const seenVersions = new Set<string>()
  let last: Spec | null = null
  let lastTimeMs: number | null = null
  const event = (
    line: number,
    atMs: number,
    clock: string,
    fields: Partial<HistoryEvent>,
  ): HistoryEvent => derivedEvent({ line, atMs, actor: 'lock', clock, kind: 'renew' }, fields)
  const leases: Array<{ line: number; o: Record<string, unknown> }> = []
  for (const { line, value } of stream.values) {
    if (typeof value !== 'object' || value === null) {
      errors.add(line, 'must be a Lease object')
      continue
    }
    const o = value as Record<string, unknown>
    if (o['kind'] === 'List' && Array.isArray(o['items'])) {
      for (const item of o['items'] as unknown[]) {
        if (typeof item === 'object' && item !== null)
          leases.push({ line, o: item as Record<string, unknown> })
      }
    } else leases.push({ line, o })
  }
  for (const { line, o } of leases) {
    if (o['kind'] !== 'Lease') {
      errors.add(line, `"kind" must be "Lease", not ${JSON.stringify(o['kind'] ?? null)}`)
      continue
    }
    const meta = (o['metadata'] ?? {}) as Record<string, unknown>
    const version = meta['resourceVersion']
    if (typeof version === 'string') {
      if (seenVersions.has(version)) continue // a watch repeats the current object when it restarts
      seenVersions.add(version)
    }
    const specValue = o['spec']
    if (typeof specValue !== 'object' || specValue === null) {
      errors.add(line, '"spec" is missing')
      continue
    }
    const spec = specValue as Record<string, unknown>
    const holder = typeof spec['holderIdentity'] === 'string' ? spec['holderIdentity'] : ''
    const time = (field: string): number | null | 'bad' => {
      const v = spec[field]
      if (v === undefined || v === null) return null
      if (typeof v !== 'string') return 'bad'
      return parseIsoMs(v) ?? 'bad'
    }
    const acquire = time('acquireTime')
    const renew = time('renewTime')
    if (acquire === 'bad' || renew === 'bad') {
      errors.add(
        line,
        `"spec.${acquire === 'bad' ? 'acquireTime' : 'renewTime'}" must be an RFC 3339 time`,
      )
      continue
    }
    const duration = spec['leaseDurationSeconds']
    const transitions = spec['leaseTransitions']
    const now: Spec = {
      holder,
      acquireMs: acquire,
      renewMs: renew,
      durationMs: typeof duration === 'number' && duration >= 0 ? duration * 1000 : null,
      transitions:
        typeof transitions === 'number' && Number.isSafeInteger(transitions) ? transitions : null,
    }
    const leaseMs = now.durationMs
    const token = now.transitions ?? null
    const isNewHolder =
      last === null || last.holder !== holder || last.transitions !== now.transitions
    if (holder === '') {
      if (last !== null && last.holder !== '') {
        // A release empties the holder; its time is not recorded: the last time seen stands for it.
        const at = renew ?? lastTimeMs
        if (at !== null) {
          events.push(
            event(line, at, last.holder, {
              kind: 'release',
              client: last.holder,
              by: last.holder,
              token: last.transitions,
            }),
          )
        }
      }
    } else if (isNewHolder) {
      const at = acquire ?? renew
      if (at === null) {
        errors.add(line, '"spec.acquireTime" is missing for a new holder')
        continue
      }
      events.push(
        event(line, at, holder, {
          kind: 'acquire-granted',
          client: holder,
          by: holder,
          token,
          leaseMs,
        }),
      )
      if (renew !== null && renew > at) {
        events.push(
          event(line, renew, holder, { kind: 'renew', client: holder, by: holder, token, leaseMs }),
        )
      }
    } else if (renew !== null && (last?.renewMs === null || renew > (last?.renewMs ?? 0))) {
      events.push(
        event(line, renew, holder, { kind: 'renew', client: holder, by: holder, token, leaseMs }),
      )
    }
    lastTimeMs = renew ?? acquire ?? lastTimeMs
    last = now
  }
  return { source: KUBE_LEASE_SOURCE, header: emptyHeader(), events, errors: errors.done() }
}
