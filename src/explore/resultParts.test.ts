import { describe, expect, it } from 'vitest'
import type { PartPlan } from './resultParts'
import { PartGatherer, takeParts } from './resultParts'

const plan: PartPlan = {
  paths: [
    { path: ['run', 'events'], itemsPerPart: 3 },
    { path: ['spans', 'messages'], itemsPerPart: 2 },
    { path: ['missing', 'array'], itemsPerPart: 2 },
  ],
}

function sample() {
  const run = { events: [1, 2, 3, 4, 5, 6, 7].map((i) => ({ i })), endMs: 7 }
  return {
    run,
    // Shared, as the lab's timeline shares its run: the skeleton keeps it shared.
    timeline: { run },
    spans: { messages: [{ m: 'a' }, { m: 'b' }], leases: [0, 1, 2, 3, 4] },
  }
}

describe('a result in parts', () => {
  it('takes out only the long arrays, in slices, in plan order', () => {
    const result = sample()
    const parts = takeParts(result, plan)
    expect(parts.map((p) => [p.path, p.items.length])).toEqual([
      [0, 3],
      [0, 3],
      [0, 1],
    ])
    // The result is handed over: what remains is the skeleton, sharing what it shared.
    expect(result.run.events).toEqual([])
    expect(result.timeline.run).toBe(result.run)
    // Not longer than one part, or not in the plan: left in place.
    expect(result.spans.messages).toHaveLength(2)
    expect(result.spans.leases).toHaveLength(5)
  })

  it('comes back equal after crossing as separate clones, in any sizes', () => {
    for (const itemsPerPart of [1, 2, 3, 6, 7, 100]) {
      const original = sample()
      const result = sample()
      const sized: PartPlan = { paths: plan.paths.map((p) => ({ ...p, itemsPerPart })) }
      const parts = takeParts(result, sized).map((p) => structuredClone(p))
      const skeleton = structuredClone(result)
      const gatherer = new PartGatherer(sized)
      for (const part of parts) gatherer.add(part)
      const back = gatherer.complete(skeleton)
      expect(back).toEqual(original)
      expect(back.timeline.run).toBe(back.run)
    }
  })

  it('refuses a part for a path the skeleton lacks, by name', () => {
    const gatherer = new PartGatherer(plan)
    gatherer.add({ path: 2, items: [1] })
    expect(() => gatherer.complete(sample())).toThrow(/missing,array/)
  })
})
