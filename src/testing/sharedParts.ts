/**
 * Whether a result split by a part plan can cross to the page as it is: a structured clone keeps
 * shared objects shared only within one message, so no object may be reachable from two parts,
 * or from a part and the skeleton. Splits `result` (it is handed over, as takeParts does) with one
 * item per part, so every item is checked against every other.
 */
import type { PartPlan } from '../explore/resultParts'
import { takeParts } from '../explore/resultParts'

/** Every object reachable from `root`, each once. */
function reachable(root: unknown, into: Set<object>): void {
  const pending: unknown[] = [root]
  while (pending.length > 0) {
    const value = pending.pop()
    if (typeof value !== 'object' || value === null || into.has(value)) continue
    into.add(value)
    for (const child of Object.values(value)) pending.push(child)
  }
}

/** How many parts `result` splits into, and how many objects two of them (or one and the rest) share. */
export function sharedAcrossParts(
  result: unknown,
  plan: PartPlan,
): { parts: number; shared: number } {
  const oneEach: PartPlan = { paths: plan.paths.map((p) => ({ ...p, itemsPerPart: 1 })) }
  const parts = takeParts(result, oneEach)
  const skeleton = new Set<object>()
  reachable(result, skeleton)
  const owner = new Map<object, number>()
  let shared = 0
  parts.forEach((part, i) => {
    const mine = new Set<object>()
    reachable(part.items, mine)
    mine.delete(part.items)
    for (const o of mine) {
      const before = owner.get(o)
      if (skeleton.has(o) || (before !== undefined && before !== i)) shared++
      owner.set(o, i)
    }
  })
  return { parts: parts.length, shared }
}
