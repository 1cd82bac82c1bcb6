/**
 * A real history becomes the lab's state by one action (openHistory): drawn from the judge's run,
 * with the judge's findings, undoable, and closed to interventions (they change a simulation).
 */
import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import type { HistoryInput } from '../history'
import { judgeHistory } from '../history'
import { historyRecord, readHistoryRecord } from './historyRecord'
import { createLabStore } from './labStore'
import type { OpenedHistory } from './openedHistory'

function example(...files: string[]): OpenedHistory {
  const inputs: HistoryInput[] = files.map((name) => ({
    name,
    text: readFileSync(`examples/histories/${name}`, 'utf8'),
  }))
  const outcome = judgeHistory(inputs)
  if (!outcome.ok) throw new Error(outcome.message)
  return { names: files, judgement: outcome.judgement }
}

const KUBE = ['kubernetes-lease-watch.json', 'kubernetes-app-writes.ndjson']

describe('openHistory', () => {
  it('draws the judged run with its findings, at its start, as one undoable step', () => {
    const store = createLabStore({ preset: 'gc-pause', reducedMotion: true })
    store.getState().setCursor(3000)
    const opened = example(...KUBE)
    store.getState().openHistory(opened)
    const s = store.getState()
    expect(s.base.kind).toBe('history')
    expect(s.lab.run).toBe(opened.judgement.run)
    expect(s.lab.findings).toBe(opened.judgement.result)
    expect(s.lab.findings.verdict).toBe('unsafe')
    expect(s.lab.timeline.stopsMs.length).toBeGreaterThan(0)
    expect(s.cursorMs).toBe(0)
    expect(s.edited).toBe(false)
    expect(s.announcement.text).toMatch(
      /^Opened the real history “Two leaders .*”: 1 violation found\.$/,
    )
    s.undo()
    expect(store.getState().base.kind).toBe('preset')
    expect(store.getState().lab.scenario.id).toBe('gc-pause')
    store.getState().redo()
    expect(store.getState().lab.run).toBe(opened.judgement.run)
  })

  it('moves the cursor through the history and to a finding’s event', () => {
    const store = createLabStore({ reducedMotion: true })
    const opened = example('gc-pause-unfenced.ndjson')
    store.getState().openHistory(opened)
    const [first] = opened.judgement.findings
    expect(first?.finding.kind).toBe('token-order')
    const cited = first?.why.events.at(-1) ?? -1
    const at = opened.judgement.run.events[cited]?.atMs ?? -1
    store.getState().setCursor(at)
    expect(store.getState().cursorMs).toBe(16_005)
    store.getState().jumpEnd()
    expect(store.getState().cursorMs).toBe(opened.judgement.run.endMs)
    store.getState().stepBack()
    expect(store.getState().cursorMs).toBeLessThan(opened.judgement.run.endMs)
  })

  it('refuses interventions, edits and compare with the reason, and changes nothing', () => {
    const store = createLabStore({ reducedMotion: true })
    store.getState().openHistory(example(...KUBE))
    const lab = store.getState().lab
    store.getState().pauseClient('node-a', 1000)
    expect(store.getState().notice).toBe(
      'That change cannot be made: a real history cannot be re-run: open a scenario to break things',
    )
    expect(store.getState().lab).toBe(lab)
    store.getState().setFencing('orders-db', 'atomic')
    expect(store.getState().lab).toBe(lab)
    store.getState().setCompareMode(true)
    expect(store.getState().compare).toBeNull()
    expect(store.getState().lab).toBe(lab)
  })

  it('is left out of the tab’s stored history: a reload returns to the step before it', () => {
    const store = createLabStore({ preset: 'gc-pause-unfenced', reducedMotion: true })
    store.getState().openHistory(example('client-go-node-a.log', 'client-go-node-b.log'))
    const s = store.getState()
    const record = historyRecord(s)
    expect(JSON.stringify(record)).not.toContain('history')
    const back = readHistoryRecord(JSON.parse(JSON.stringify(record)))
    expect(back?.base.kind).toBe('preset')
    expect(back?.base.scenario.id).toBe('gc-pause-unfenced')
    expect(back?.undoStack).toEqual([])
  })
})
