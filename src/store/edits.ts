/**
 * The reader's edits to a base scenario: its full fault list (the base's faults first, then what
 * the reader added; any of them can be removed) and the fencing mode chosen for each resource.
 * An author may also rewrite the whole scenario (the scenario editor): that replacement is an
 * edit too, so it is undone like any other. An `Edits` value is immutable: undo/redo keep old
 * ones, and derived runs are cached per value.
 */
import type { Fault, NodeId, ResourceConfig, Scenario } from '../sim'
import { nodeLabel } from '../sim'

export type Fencing = ResourceConfig['fencing']
export const FENCING_MODES: readonly Fencing[] = ['atomic', 'check-then-write', 'none']

export interface Edits {
  readonly faults: readonly Fault[]
  /** Fencing chosen by the reader, by resource id (absent = the base scenario's). */
  readonly fencing: Readonly<Record<NodeId, Fencing>>
  /** The author's rewrite of the whole scenario, used instead of the base (its faults are `faults`). */
  readonly scenario?: Scenario
}

export function baseEdits(base: Scenario): Edits {
  return { faults: base.faults, fencing: {} }
}

/** The scenario the engine runs: the base with the reader's faults and fencing. */
export function applyEdits(base: Scenario, edits: Edits): Scenario {
  const source = edits.scenario ?? base
  const resources = source.resources.map((r) => {
    const fencing = edits.fencing[r.id]
    if (fencing === undefined || fencing === r.fencing) return r
    // check-then-write needs a gap between its check and its apply (the schema says so).
    const checkToApplyMs =
      fencing === 'check-then-write' && r.checkToApplyMs < 1 ? 10 : r.checkToApplyMs
    return { ...r, fencing, checkToApplyMs }
  })
  return { ...source, resources, faults: [...edits.faults] }
}

/** The edits that make `scenario` the whole scenario (what the author wrote, faults included). */
export function scenarioEdits(base: Scenario, scenario: Scenario): Edits {
  if (JSON.stringify(scenario) === JSON.stringify(base)) return baseEdits(base)
  return { faults: scenario.faults, fencing: {}, scenario }
}

/** True when the edits change what the base scenario would do. */
export function isEdited(base: Scenario, edits: Edits): boolean {
  if (edits.scenario !== undefined) {
    return JSON.stringify(applyEdits(base, edits)) !== JSON.stringify(base)
  }
  if (JSON.stringify(edits.faults) !== JSON.stringify(base.faults)) return true
  return base.resources.some((r) => {
    const fencing = edits.fencing[r.id]
    return fencing !== undefined && fencing !== r.fencing
  })
}

/** A node's name for people: "client A", "the lock service", "storage". */
export function nodeName(scenario: Scenario, id: NodeId): string {
  return nodeLabel(id, scenario)
}

/** One line for the fault list: "Pause client A at 1 s for 15 s" (the run's words, sim/words). */
export { describeFault } from '../sim'
