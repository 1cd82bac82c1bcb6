import { readFileSync } from 'node:fs'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { HistoryInput } from '../history'
import { judgeHistory } from '../history'
import { PartGatherer } from '../explore/resultParts'
import { sharedAcrossParts } from '../testing/sharedParts'
import { largeHistory } from '../testing/largeHistory'
import type { HistoryMessage, HistoryReply } from './historyReply'
import { HISTORY_REPLY_PARTS } from './historyReply'

const example = (file: string): HistoryInput => ({
  name: file,
  text: readFileSync(new URL(`../../examples/histories/${file}`, import.meta.url), 'utf8'),
})

/** About 14,000 events: several parts of events. */
const large: HistoryInput[] = [{ name: null, text: largeHistory(10_000) }]
/** Two inputs merged (each event names its file), with findings and their explanations. */
const merged: HistoryInput[] = [
  example('kubernetes-lease-watch.json'),
  example('kubernetes-app-writes.ndjson'),
]

describe('the history worker’s reply in parts', () => {
  afterEach(() => {
    vi.unstubAllGlobals()
  })

  // A structured clone keeps shared objects shared only within one message.
  it.each([
    ['a large history', large],
    ['two merged inputs', merged],
  ])('shares no object across parts or with the skeleton: %s', (_, inputs) => {
    const reply: HistoryReply = { ok: true, outcome: judgeHistory(inputs) }
    expect(reply.outcome.ok).toBe(true)
    const { parts, shared } = sharedAcrossParts(reply, HISTORY_REPLY_PARTS)
    expect(parts).toBeGreaterThan(3)
    expect(shared).toBe(0)
  })

  it('crosses from the worker in parts, then the reply, equal to the judgement', async () => {
    const posted: HistoryMessage[] = []
    const self = Object.assign(new EventTarget(), {
      // What crosses is a structured clone, message by message.
      postMessage: (message: HistoryMessage) => posted.push(structuredClone(message)),
    })
    vi.stubGlobal('self', self)
    await import('./history.worker')
    self.dispatchEvent(new MessageEvent('message', { data: { inputs: large } }))
    await vi.waitFor(() => expect(posted.some((m) => 'ok' in m)).toBe(true))

    const kinds = posted.map((m) => ('part' in m ? 'part' : 'progress' in m ? 'progress' : 'reply'))
    expect(kinds.at(-1)).toBe('reply')
    expect(kinds.filter((k) => k === 'reply')).toHaveLength(1)
    expect(kinds.filter((k) => k === 'part').length).toBeGreaterThanOrEqual(4)
    // The run's events go as soon as the run is made, before it is checked (the judge still
    // reports progress after them); the other long arrays go with the reply.
    const eventParts = posted.flatMap((m, i) => ('part' in m && m.part.path === 0 ? [i] : []))
    expect(eventParts.length).toBeGreaterThanOrEqual(3)
    expect(Math.max(...eventParts)).toBeLessThan(kinds.lastIndexOf('progress'))
    const last = posted.at(-1) as HistoryReply
    expect(last.ok && last.outcome.ok && last.outcome.judgement.run.events).toEqual([])

    const gatherer = new PartGatherer(HISTORY_REPLY_PARTS)
    for (const m of posted) if ('part' in m) gatherer.add(m.part)
    const reply = gatherer.complete(posted.at(-1) as HistoryReply)
    expect(JSON.stringify(reply)).toBe(JSON.stringify({ ok: true, outcome: judgeHistory(large) }))
  })
})
