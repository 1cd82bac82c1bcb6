/** How each resource of a history fences: as its header declares, else as its own decisions show. */
import type { Fencing, HistoryEvent, HistoryHeader } from './format'
import type { Names } from './cast'
import type { Notes } from './notes'
import { ref } from './ref'

export function fencingOf(
  order: readonly HistoryEvent[],
  resources: ReadonlySet<string>,
  header: HistoryHeader,
  names: Names,
  notes: Notes,
): Map<string, Fencing> {
  const fencing = new Map<string, Fencing>()
  const rejecting = new Map<string, HistoryEvent>()
  for (const e of order) {
    if (e.kind === 'write-rejected' && e.resource !== null && !rejecting.has(e.resource)) {
      rejecting.set(e.resource, e)
    }
  }
  for (const r of resources) {
    const declared = header.resources[r]?.fencing
    if (declared !== undefined) {
      fencing.set(r, declared)
      continue
    }
    // A resource that refused a write checks tokens; one that never did is taken at its word.
    const rejected = rejecting.get(r)
    fencing.set(r, rejected === undefined ? 'none' : 'atomic')
    notes.add(
      'fencing-inferred',
      rejected === undefined
        ? `${names.id(r)}'s fencing is not declared and it rejected no write: it is taken to be unfenced.`
        : `${names.id(r)}'s fencing is not declared; it rejected a write (${ref(rejected)}), so it is taken to check tokens.`,
      rejected === undefined ? [] : [rejected.line],
    )
  }
  return fencing
}
