/**
 * Links stay short (issue 4): under 100 characters for a preset, whatever its cursor and view,
 * and under 2,000 for a typical custom scenario — every preset with a few faults added.
 */
import { describe, expect, it } from 'vitest'
import type { Fault, Scenario } from '../../sim'
import { parseScenario, PRESETS, run } from '../../sim'
import { shareUrl } from './shareLink'

/** A plausible deployment: a short domain of its own. */
const PAGE = 'https://fencing-lab.example/'

function scenarioOf(id: string): Scenario {
  const preset = PRESETS.find((p) => p.id === id)
  const parsed = parseScenario(preset?.scenario)
  if (!parsed.ok) throw new Error(parsed.message)
  return parsed.scenario
}

/** What a reader adds from the lab: a pause, a delayed message and an expiry, mid-run. */
function withReaderFaults(scenario: Scenario): Scenario {
  const endMs = run(scenario).endMs
  const [first, second] = scenario.clients
  const a = first?.id ?? 'A'
  const b = second?.id ?? a
  const resource = scenario.resources[0]?.id ?? 'storage'
  const added: Fault[] = [
    { atMs: Math.round(endMs * 0.25) + 1, do: 'pause', node: b, ms: 5000 },
    { atMs: Math.round(endMs * 0.5) + 1, do: 'delay', from: a, to: resource, ms: 3000 },
    { atMs: Math.round(endMs * 0.75) + 1, do: 'expire-lease' },
  ]
  return { ...scenario, faults: [...scenario.faults, ...added] }
}

describe('link length', () => {
  it('keeps every preset link under 100 characters, at its end, in compare mode', () => {
    for (const preset of PRESETS) {
      const endMs = run(scenarioOf(preset.id)).endMs
      const link = shareUrl(PAGE, { kind: 'preset', id: preset.id }, endMs, {
        compare: true,
        future: 'hide',
      })
      expect(link.length, link).toBeLessThan(100)
    }
  })

  it('keeps every preset with three added faults under 2,000 characters', () => {
    for (const preset of PRESETS) {
      const scenario = withReaderFaults(scenarioOf(preset.id))
      expect(parseScenario(scenario).ok, preset.id).toBe(true)
      const endMs = run(scenario).endMs
      const link = shareUrl(PAGE, { kind: 'custom', scenario }, endMs, { compare: true })
      expect(link.length, preset.id).toBeLessThan(2000)
    }
  })
})
