import { describe, expect, it } from 'vitest'
import { check, findPreset, parseScenario, PRESETS, run } from '.'
import { figureAlt } from './figureAlt'

function altOf(id: string): string {
  const parsed = parseScenario(findPreset(id)?.scenario)
  if (!parsed.ok) throw new Error(parsed.message)
  const result = run(parsed.scenario)
  return figureAlt(result, check(result), parsed.scenario.title ?? id)
}

describe('figureAlt', () => {
  it('says what the resource decided and the verdict (fenced gc-pause)', () => {
    expect(altOf('gc-pause')).toBe(
      "Space-time diagram of “GC pause: token 41 vs 42”. Storage rejected A's token 41 after accepting B's token 42. A and B both believed they held the lock from 10.01 s to 11.03 s. Verdict: safe (no violations, 1 warning).",
    )
  })

  it('names the violation of an unsafe run', () => {
    const alt = altOf('gc-pause-unfenced')
    expect(alt).toContain("Storage applied A's write with token 41 after B's write with token 42")
    expect(alt).toMatch(/Verdict: unsafe \(1 violation, 1 warning\)\.$/)
  })

  it('stays a few sentences for every preset', () => {
    for (const preset of PRESETS) {
      const alt = altOf(preset.id)
      expect(alt.split(/(?<=\.) (?=[A-Z])/).length, alt).toBeLessThanOrEqual(6)
      expect(alt).toMatch(/Verdict: (safe|unsafe|inconclusive) /)
    }
  })
})
