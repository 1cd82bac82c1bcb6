/**
 * A big job result crosses from a worker to the page in parts. The page decodes a posted message
 * in one task (structured clone), and a two-million-event run is seconds of decoding: one task
 * that long freezes the page. So the result's long arrays are taken out and posted first, a
 * slice per message (each a short task on the page, with input handled between them), and the
 * rest of the result (the skeleton) last; the page puts the arrays back in place.
 *
 * The arrays are named by path (`['run', 'events']`). An array must not be reachable by two
 * paths, and its items must not be reachable from the skeleton: a structured clone keeps shared
 * objects shared only within one message (labRun's test checks this for the lab's run).
 */

/** A long array of a result that goes in parts, and how many of its items a part may hold. */
export interface PartPath {
  path: readonly string[]
  /** Items per part: a few tens of ms of decoding on a slow page, for items of this kind. */
  itemsPerPart: number
}

/** Which long arrays of a result go in parts. */
export interface PartPlan {
  paths: readonly PartPath[]
}

export interface ResultPart {
  /** Index into the plan's paths. */
  path: number
  items: unknown[]
}

type Holder = Record<string, unknown>

function holderOf(root: unknown, path: readonly string[]): Holder | null {
  let at: unknown = root
  for (const key of path.slice(0, -1)) {
    if (typeof at !== 'object' || at === null) return null
    at = (at as Holder)[key]
  }
  return typeof at === 'object' && at !== null ? (at as Holder) : null
}

/**
 * Takes the plan's long arrays out of `result` (it is handed over: those arrays are left empty
 * in it, so the result that remains is the skeleton) and returns them as parts in order. Arrays
 * no longer than one part stay where they are.
 */
export function takeParts(result: unknown, plan: PartPlan): ResultPart[] {
  const parts: ResultPart[] = []
  plan.paths.forEach(({ path, itemsPerPart }, index) => {
    const holder = holderOf(result, path)
    const key = path.at(-1)
    if (holder === null || key === undefined) return
    const items = holder[key]
    if (!Array.isArray(items) || items.length <= itemsPerPart) return
    holder[key] = []
    for (let from = 0; from < items.length; from += itemsPerPart) {
      parts.push({ path: index, items: items.slice(from, from + itemsPerPart) })
    }
  })
  return parts
}

/** The page's side: gathers the parts as they arrive, then puts them back into the skeleton. */
export class PartGatherer {
  private readonly gathered = new Map<number, unknown[]>()

  constructor(private readonly plan: PartPlan) {}

  add(part: ResultPart): void {
    let into = this.gathered.get(part.path)
    if (into === undefined) {
      into = []
      this.gathered.set(part.path, into)
    }
    // A loop, not push(...items): spreading tens of thousands of arguments can overflow the stack.
    for (const item of part.items) into.push(item)
  }

  /** Fills the skeleton's emptied arrays with what arrived (the skeleton is changed and returned). */
  complete<Result>(skeleton: Result): Result {
    for (const [index, items] of this.gathered) {
      const path = this.plan.paths[index]?.path
      const key = path?.at(-1)
      const holder = path === undefined ? null : holderOf(skeleton, path)
      if (holder === null || key === undefined) {
        throw new Error(`A part arrived for a path the result does not have (${String(path)})`)
      }
      holder[key] = items
    }
    this.gathered.clear()
    return skeleton
  }
}
