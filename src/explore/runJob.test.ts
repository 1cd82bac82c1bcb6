import { describe, expect, it } from 'vitest'
import { parseScenario, run as runScenario } from '../sim'
import { stateAfterEvent } from '../timeline'
import { inProcessWorker } from '../testing/inProcessWorker'
import { largeScenario } from '../testing/largeRun'
import { presetRun } from '../testing/presetRuns'
import type { LabRun } from './labRun'
import { deriveLabRun, indexRun } from './labRun'
import { createRunClient, createRunHost, RUN_RESULT_PARTS } from './runJob'
import { sharedAcrossParts } from '../testing/sharedParts'

function scenarioOf(input: unknown) {
  const parsed = parseScenario(input)
  if (!parsed.ok) throw new Error(parsed.message)
  return parsed.scenario
}

/** A run of about 40,000 events: more than one part of events, messages and snapshots. */
const big = () => scenarioOf(largeScenario({ clients: 12, cycles: 220 }))

describe('the run job’s result in parts', () => {
  // A structured clone keeps shared objects shared only within one message: so no object may be
  // reachable from two items of a split array, or from an item and the skeleton.
  it.each([
    ['gc-pause', () => presetRun('gc-pause').run.scenario],
    ['redlock-pause (five lock nodes)', () => presetRun('redlock-pause').run.scenario],
    ['a 40k-event run', big],
  ])('shares no object across parts or with the skeleton: %s', (_, scenario) => {
    // As the worker indexes it: with the timeline's snapshots.
    const lab = indexRun(runScenario(scenario()), null, 'now')
    const { parts, shared } = sharedAcrossParts(lab, RUN_RESULT_PARTS)
    expect(parts).toBeGreaterThan(0)
    expect(shared).toBe(0)
  })

  it('crosses from the worker equal to the run derived on the page', async () => {
    const scenario = big()
    // The worker makes the timeline's snapshots with it; the page makes them when first needed.
    const expected = indexRun(runScenario(scenario), null, 'now')
    const onPage = deriveLabRun(scenario)
    expect(onPage.timeline.snapshots).toBeNull()
    expect(expected.run.events.length).toBeGreaterThan(2 * 16_000)
    const posted: string[] = []
    const { port, log } = inProcessWorker(createRunHost, {
      later: setImmediate,
      clone: structuredClone,
      nowMs: () => 0,
    })
    const client = createRunClient(port)
    const outcome = await client.start({ scenario }).outcome
    for (const m of log) posted.push(m.type)
    expect(outcome.status).toBe('done')
    if (outcome.status !== 'done') return
    const lab: LabRun = outcome.result
    expect(posted.filter((t) => t === 'part').length).toBeGreaterThanOrEqual(3)
    expect(JSON.stringify(lab)).toBe(JSON.stringify(expected))
    // Shared as on the page: the timeline's run and findings are the run's own.
    expect(lab.timeline.run).toBe(lab.run)
    expect(lab.timeline.findings).toBe(lab.findings)
    expect(indexRun(lab.run).spans).toEqual(lab.spans)
    // The same states either way, wherever the cursor is.
    const last = lab.run.events.length - 1
    for (const i of [-1, 0, 63, 64, 5_000, last - 1, last, last + 5]) {
      expect(stateAfterEvent(onPage.timeline, i)).toEqual(stateAfterEvent(lab.timeline, i))
    }
    client.dispose()
  })
})
