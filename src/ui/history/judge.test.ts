/**
 * The page's side of the history worker: parts put back in place, a judge that fails after
 * the run's events were sent answers with its failure (the events have nowhere to go), and a
 * worker started ahead of a history is the one that judges it.
 */
import { afterEach, describe, expect, it, vi } from 'vitest'
import { judgeHistory } from '../../history'
import type { HistoryMessage } from '../../workers/historyReply'
import { judgeOffThread, SPARE_WORKER_MS, warmHistoryWorker } from './judge'

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

  describe('a worker started ahead', () => {
    /** Workers answering every job with `messages`, each remembering its jobs and its end. */
    function spawnCounting(messages: HistoryMessage[]) {
      const spawned: Array<{ jobs: number; terminated: boolean; fail: () => void }> = []
      const Answering = workerAnswering(messages)
      vi.stubGlobal(
        'Worker',
        class extends Answering {
          readonly record = { jobs: 0, terminated: false, fail: () => {} }
          constructor() {
            super()
            this.record.fail = () => this.dispatchEvent(new Event('error'))
            spawned.push(this.record)
          }
          override postMessage(): void {
            this.record.jobs++
            super.postMessage()
          }
          override terminate(): void {
            this.record.terminated = true
          }
        },
      )
      return spawned
    }
    const failed = { ok: true as const, outcome: { ok: false as const, message: 'no', errors: [] } }

    afterEach(() => vi.useRealTimers())

    it('judges the next history, and only one waits however often it is asked for', async () => {
      const spawned = spawnCounting([failed])
      warmHistoryWorker()
      warmHistoryWorker()
      expect(spawned).toHaveLength(1)
      await judgeOffThread([{ name: null, text: lines }])
      expect(spawned).toHaveLength(1)
      expect(spawned[0]).toMatchObject({ jobs: 1, terminated: true })
      // Taken: the next history starts a worker of its own.
      await judgeOffThread([{ name: null, text: lines }])
      expect(spawned.map((w) => w.jobs)).toEqual([1, 1])
    })

    it('is not taken once it has failed to start', async () => {
      const spawned = spawnCounting([failed])
      warmHistoryWorker()
      spawned[0]?.fail()
      await judgeOffThread([{ name: null, text: lines }])
      expect(spawned.map((w) => [w.jobs, w.terminated])).toEqual([
        [0, true],
        [1, true],
      ])
    })

    it('is let go when no history comes for a while', () => {
      vi.useFakeTimers()
      const spawned = spawnCounting([failed])
      warmHistoryWorker()
      vi.advanceTimersByTime(SPARE_WORKER_MS - 1)
      warmHistoryWorker() // asked again: it waits longer
      vi.advanceTimersByTime(SPARE_WORKER_MS - 1)
      expect(spawned[0]?.terminated).toBe(false)
      vi.advanceTimersByTime(1)
      expect(spawned[0]?.terminated).toBe(true)
      warmHistoryWorker()
      expect(spawned).toHaveLength(2)
    })
  })
})
