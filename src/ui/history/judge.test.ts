/**
 * The page's side of the history worker: parts put back in place, and a judge that fails after
 * the run's events were sent answers with its failure (the events have nowhere to go).
 */
import { afterEach, describe, expect, it, vi } from 'vitest'
import { judgeHistory } from '../../history'
import type { HistoryMessage } from '../../workers/historyReply'
import { judgeOffThread } from './judge'

/** A Worker that answers any job with the given messages, as structured clones. */
function workerAnswering(messages: HistoryMessage[]) {
  return class extends EventTarget {
    postMessage(): void {
      queueMicrotask(() => {
        for (const data of messages) {
          this.dispatchEvent(new MessageEvent('message', { data: structuredClone(data) }))
        }
      })
    }
    terminate(): void {}
  }
}

const lines = [
  '{"atMs":0,"actor":"lock","kind":"acquire-granted","client":"A","token":1}',
  '{"atMs":5,"actor":"A","kind":"write-sent","resource":"store","token":1,"value":1}',
  '{"atMs":9,"actor":"store","kind":"write-accepted","client":"A","token":1,"value":1}',
].join('\n')

describe('judgeOffThread', () => {
  afterEach(() => vi.unstubAllGlobals())

  it('puts the events sent ahead of the reply back into the run', async () => {
    const outcome = judgeHistory([{ name: null, text: lines }])
    if (!outcome.ok) throw new Error(outcome.message)
    const events = outcome.judgement.run.events
    const skeleton = structuredClone(outcome)
    if (!skeleton.ok) throw new Error('unreachable')
    skeleton.judgement.run.events = []
    vi.stubGlobal(
      'Worker',
      workerAnswering([
        { part: { path: 0, items: events.slice(0, 2) } },
        { progress: 0.9 },
        { part: { path: 0, items: events.slice(2) } },
        { ok: true, outcome: skeleton },
      ]),
    )
    expect(await judgeOffThread([{ name: null, text: lines }])).toEqual(outcome)
  })

  it('answers a failure that comes after the events, rather than never answering', async () => {
    vi.stubGlobal(
      'Worker',
      workerAnswering([
        { part: { path: 0, items: [{ type: 'RunEnded', atMs: 0, node: 'lock' }] } },
        { ok: false, message: 'the checker failed' },
      ]),
    )
    await expect(judgeOffThread([{ name: null, text: lines }])).rejects.toThrow(
      'the checker failed',
    )
    vi.stubGlobal(
      'Worker',
      workerAnswering([
        { part: { path: 0, items: [] } },
        { ok: true, outcome: { ok: false, message: 'the history spans two days', errors: [] } },
      ]),
    )
    expect(await judgeOffThread([{ name: null, text: lines }])).toEqual({
      ok: false,
      message: 'the history spans two days',
      errors: [],
    })
  })
})
