import { describe, expect, it } from 'vitest'
import { encodeScenario } from '../src/link/encode'
import { parseScenario, run } from '../src/sim'
import { generatedScenario } from './labScenario'

describe('generatedScenario', () => {
  it('is valid, runs to about 5,000 events, and fits in a link', () => {
    const parsed = parseScenario(generatedScenario())
    expect(parsed.ok).toBe(true)
    if (!parsed.ok) return
    const events = run(parsed.scenario).events.length
    expect(events).toBeGreaterThan(4500)
    expect(events).toBeLessThan(5500)
    expect(encodeScenario(parsed.scenario).length).toBeLessThan(2000)
  })
})
