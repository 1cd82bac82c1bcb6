import { describe, expect, it } from 'vitest'
import { check, parseScenario, run } from '../sim'
import { bulkBars, bulkMessages, bulkPips, layoutDiagram } from './layout'
import { finish } from './layout/steps'
import { bulkBarsOf, bulkMessagesOf, bulkPipsOf, bulkSteps } from './bulkOf'

function runOf(input: unknown) {
  const parsed = parseScenario(input)
  if (!parsed.ok) throw new Error(parsed.message)
  return run(parsed.scenario)
}

// A renews every 10 ms for a minute: a dense model (thousands of plain arrows and bars).
const dense = runOf({
  durationMs: 60_000,
  network: { latencyMs: 1 },
  clients: [{ id: 'A', renewEveryMs: 10, script: [{ do: 'acquire' }, { do: 'work', ms: 60_000 }] }],
})
const layout = () => layoutDiagram({ run: dense, findings: check(dense), widthPx: 900 })

describe('bulk paths kept with their model', () => {
  it('are what the pure functions give, made once per model', () => {
    const model = layout()
    expect(model.dense).toBe(true)
    const messages = bulkMessagesOf(model)
    expect(messages).toEqual(bulkMessages(model.messages))
    expect(bulkMessagesOf(model)).toBe(messages)
    const bars = bulkBarsOf(model)
    expect(bars.leases).toEqual(bulkBars('leases', model))
    expect(bulkBarsOf(model)).toBe(bars)
    expect(bulkPipsOf(model)).toEqual(bulkPips(model.decisions))
    // Another model of the same run has its own.
    expect(bulkMessagesOf(layout())).not.toBe(messages)
  })

  it('are made ahead by bulkSteps, in more than one step, for the drawing to find', () => {
    const model = layout()
    const steps = bulkSteps(model)
    let pauses = 0
    while (steps.next().done !== true) pauses++
    expect(pauses).toBeGreaterThan(1)
    const made = bulkMessagesOf(model)
    expect(made).toEqual(bulkMessages(model.messages))
    // Nothing to make for a model that is not dense.
    const light = runOf({ clients: [{ id: 'A', script: [{ do: 'acquire' }] }] })
    const lightModel = layoutDiagram({ run: light, findings: check(light), widthPx: 900 })
    expect(lightModel.dense).toBe(false)
    expect(finish(bulkSteps(lightModel))).toBeUndefined()
  })
})
