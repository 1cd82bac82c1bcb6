import { describe, expect, it } from 'vitest'
import { compareOutcomes } from './compare'
import { createLabStore } from './labStore'

describe('compareOutcomes', () => {
  it('says each violation once, with how many times it happened', () => {
    const lab = createLabStore({ preset: 'gc-pause-unfenced' }).getState().lab
    const [first] = lab.findings.violations
    if (first === undefined) throw new Error('gc-pause-unfenced has a violation')
    // A stale holder that keeps writing repeats the same violation.
    const repeated = {
      ...lab,
      findings: { ...lab.findings, violations: [first, first, first] },
    }
    const { unfencedSummary } = compareOutcomes(lab, repeated)
    const sentence = first.message.replace(/[.\s]+$/, '')
    expect(unfencedSummary.split(sentence)).toHaveLength(2)
    expect(unfencedSummary).toContain(`${sentence} (3 times)`)
    expect(unfencedSummary).toMatch(/^Without fencing: unsafe — .* \(3 times\); storage ends with /)
  })
})
