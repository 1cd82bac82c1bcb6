import { describe, expect, it } from 'vitest'
import type { JobOutcome } from './jobClient'
import { createJobClient } from './jobClient'
import type { HostEnvironment, JobKind } from './jobHost'
import { CHUNK_MS, createJobHost, perSecond } from './jobHost'
import { inProcessWorker } from '../testing/inProcessWorker'
import type { FromJob, ToJob } from './jobProtocol'
import type { PartPlan } from './resultParts'

/** A toy job: counts to `to`, one unit of work per number, `msPerUnit` on the fake clock. */
interface CountInput {
  to: number
  /** Throws a plain Error when the count reaches this. */
  throwAt?: number
}
interface Count {
  count: number
  to: number
}
interface TimedCount extends Count {
  elapsedMs: number
  countsPerSecond: number
  chunk: number
}

class CountInputError extends Error {}

function setup(msPerUnit = 1) {
  let now = 0
  const chunks: number[] = []
  const kind: JobKind<CountInput, Count, TimedCount, { total: number }> = {
    create(input) {
      if (!(input.to > 0)) throw new CountInputError('Cannot count: to must be positive')
      let count = 0
      return {
        step(units) {
          chunks.push(units)
          const end = Math.min(input.to, count + units)
          now += (end - count) * msPerUnit
          for (; count < end; count++) {
            if (count + 1 === input.throwAt) throw new Error('overflow')
          }
          return { count, to: input.to }
        },
      }
    },
    resultOf: (raw) => (raw.count === raw.to ? { total: raw.count } : null),
    timed: (raw, elapsedMs) => ({
      ...raw,
      elapsedMs,
      countsPerSecond: perSecond(raw.count, elapsedMs),
      chunk: chunks.at(-1) ?? 0,
    }),
    firstChunk: 10,
    maxChunk: 100,
    InputError: CountInputError,
    failed: 'Counting failed',
  }
  const { port, log } = inProcessWorker(
    (env: HostEnvironment<TimedCount, { total: number }>) => createJobHost(kind, env),
    { later: setImmediate, clone: structuredClone, nowMs: () => now },
  )
  const client = createJobClient(port, { worker: 'The counting worker', closed: 'Closed.' })
  return { port, log, client, chunks }
}

describe('chunked job client and host (in-process)', () => {
  it('runs a job to its result in chunks aimed at CHUNK_MS, reporting progress', async () => {
    const { client, log, chunks } = setup()
    const seen: TimedCount[] = []
    const outcome = await client.start({ to: 300 }, (p) => seen.push(p)).outcome
    expect(outcome.status).toBe('done')
    if (outcome.status !== 'done') return
    expect(outcome.result).toEqual({ total: 300 })
    // 10 units take 10 ms, so the next chunk grows 4×; then CHUNK_MS worth, until the end.
    expect(chunks.slice(0, 3)).toEqual([10, CHUNK_MS, CHUNK_MS])
    expect(seen.map((p) => p.count)).toEqual([10, 50, 90, 130, 170, 210, 250, 290, 300])
    expect(seen.at(-1)).toEqual(outcome.progress)
    expect(outcome.progress).toMatchObject({ elapsedMs: 300, countsPerSecond: 1000 })
    expect(log.map((m) => m.type)).toEqual([...Array<string>(8).fill('progress'), 'done'])
    client.dispose()
  })

  it('keeps chunks within their bounds', async () => {
    const { client, chunks } = setup(0)
    await client.start({ to: 1000 }).outcome
    // The clock does not move: each chunk is 4× the last, up to maxChunk.
    expect(chunks.slice(0, 4)).toEqual([10, 40, 100, 100])
    client.dispose()
  })

  it('stops on cancel, ending with the last progress', async () => {
    const { client, log } = setup()
    const seen: TimedCount[] = []
    const job = client.start({ to: 100_000 }, (p) => {
      seen.push(p)
      if (seen.length === 2) job.cancel()
    })
    const outcome = await job.outcome
    expect(outcome).toEqual({ status: 'cancelled', progress: seen.at(-1) })
    expect(log.filter((m) => m.type === 'cancelled')).toHaveLength(1)
    expect(log.some((m) => m.type === 'done')).toBe(false)
    // Cancelling an ended job does nothing.
    job.cancel()
    expect(log.filter((m) => m.type === 'cancelled')).toHaveLength(1)
    client.dispose()
  })

  it('a new job replaces the one in progress; the old one’s late messages are ignored', async () => {
    const { client, log } = setup()
    const firstSeen: TimedCount[] = []
    const first = client.start({ to: 100_000 }, (p) => firstSeen.push(p))
    const second = client.start({ to: 20 })
    expect(second.id).not.toBe(first.id)
    expect(await first.outcome).toEqual({ status: 'cancelled', progress: null })
    expect(await second.outcome).toMatchObject({ status: 'done', result: { total: 20 } })
    // The host had not begun the first; it still reports it cancelled, to no one.
    expect(log[0]).toEqual({ type: 'cancelled', id: first.id, progress: null })
    expect(firstSeen).toEqual([])
    client.dispose()
  })

  it('bad input fails with its own message; other errors name the job', async () => {
    const { client } = setup()
    expect(await client.start({ to: 0 }).outcome).toEqual({
      status: 'failed',
      message: 'Cannot count: to must be positive',
    })
    expect(await client.start({ to: 100, throwAt: 25 }).outcome).toEqual({
      status: 'failed',
      message: 'Counting failed: overflow',
    })
    // The client is still usable.
    expect((await client.start({ to: 5 }).outcome).status).toBe('done')
    client.dispose()
  })

  it('a worker error ends the job as failed, naming the worker', async () => {
    const { client, port } = setup()
    const job = client.start({ to: 100_000 })
    port.onerror?.({ message: 'script error' })
    expect(await job.outcome).toEqual({
      status: 'failed',
      message: 'The counting worker failed: script error.',
    })
    const next = client.start({ to: 100_000 })
    port.onerror?.({})
    expect(await next.outcome).toEqual({ status: 'failed', message: 'The counting worker failed.' })
    client.dispose()
  })

  it('dispose terminates the worker and ends the job in progress; later jobs fail', async () => {
    const { client, log } = setup()
    const seen: TimedCount[] = []
    const job = client.start({ to: 100_000 }, (p) => seen.push(p))
    await new Promise((resolve) => setTimeout(resolve, 5))
    client.dispose()
    const outcome = await job.outcome
    expect(outcome).toEqual({ status: 'cancelled', progress: seen.at(-1) ?? null })
    const posted = log.length
    await new Promise((resolve) => setTimeout(resolve, 5))
    expect(log.length).toBe(posted)
    expect(await client.start({ to: 5 }).outcome).toEqual({ status: 'failed', message: 'Closed.' })
    client.dispose()
  })

  it('an outcome settles exactly once', async () => {
    const { client } = setup()
    const settled: JobOutcome<TimedCount, { total: number }>[] = []
    const job = client.start({ to: 20 })
    void job.outcome.then((o) => settled.push(o))
    await job.outcome
    job.cancel()
    client.start({ to: 5 })
    client.dispose()
    await new Promise((resolve) => setTimeout(resolve, 5))
    expect(settled).toHaveLength(1)
    expect(settled[0]?.status).toBe('done')
  })
})

/** A job whose result carries a long array, sent in parts of 4 numbers. */
interface Listed {
  total: number
  items: number[]
}
const LISTED_PARTS: PartPlan = { paths: [{ path: ['items'], itemsPerPart: 4 }] }

/** `clientPlan` null: the page was built without the job's part plan. */
function setupParts(clientPlan: PartPlan | null = LISTED_PARTS) {
  const kind: JobKind<{ to: number }, number, number, Listed> = {
    create: ({ to }) => ({ step: () => to }),
    resultOf: (to) => ({ total: to, items: Array.from({ length: to }, (_, i) => i * i) }),
    timed: (to) => to,
    firstChunk: 1,
    maxChunk: 1,
    InputError: CountInputError,
    failed: 'Listing failed',
    parts: LISTED_PARTS,
  }
  const asked: number[] = []
  const { port, log } = inProcessWorker(
    (env: HostEnvironment<number, Listed>) => {
      const host = createJobHost(kind, env)
      return {
        receive(message: ToJob<{ to: number }>) {
          if (message.type === 'next') asked.push(log.length)
          host.receive(message)
        },
      }
    },
    { later: setImmediate, clone: structuredClone, nowMs: () => 0 },
  )
  const client = createJobClient(
    port,
    { worker: 'The listing worker', closed: 'Closed.' },
    clientPlan ?? undefined,
  )
  return { client, log, asked }
}

const types = (log: FromJob<unknown, unknown>[]) => log.map((m) => m.type)

describe('a result that goes in parts', () => {
  it('arrives whole, a part at a time, each sent only when the page asked for it', async () => {
    const { client, log, asked } = setupParts()
    const outcome = await client.start({ to: 10 }).outcome
    expect(outcome).toEqual({
      status: 'done',
      progress: 10,
      result: { total: 10, items: Array.from({ length: 10 }, (_, i) => i * i) },
    })
    expect(types(log)).toEqual(['part', 'part', 'part', 'done'])
    // Asked after the 1st, 2nd and 3rd message: never more than one part on its way.
    expect(asked).toEqual([1, 2, 3])
    client.dispose()
  })

  it('a short array goes with the result, with no parts', async () => {
    const { client, log } = setupParts()
    const outcome = await client.start({ to: 3 }).outcome
    expect(outcome).toMatchObject({ status: 'done', result: { total: 3, items: [0, 1, 4] } })
    expect(types(log)).toEqual(['done'])
    client.dispose()
  })

  it('cancelled while its parts go, it ends cancelled and sends no more', async () => {
    const { client, log } = setupParts()
    const job = client.start({ to: 40 })
    await new Promise((resolve) => setImmediate(resolve))
    job.cancel()
    const outcome = await job.outcome
    expect(outcome.status).toBe('cancelled')
    expect(types(log).filter((t) => t === 'part').length).toBeLessThan(10)
    expect(types(log)).not.toContain('done')
    client.dispose()
  })

  it('a new job replaces one whose parts are going; its result has none of the old parts', async () => {
    const { client } = setupParts()
    const first = client.start({ to: 40 })
    await new Promise((resolve) => setImmediate(resolve))
    const second = client.start({ to: 9 })
    expect((await first.outcome).status).toBe('cancelled')
    expect(await second.outcome).toMatchObject({
      status: 'done',
      result: { total: 9, items: Array.from({ length: 9 }, (_, i) => i * i) },
    })
    client.dispose()
  })

  it('a page that expects no parts fails the job, naming the worker', async () => {
    const { client } = setupParts(null)
    expect(await client.start({ to: 10 }).outcome).toEqual({
      status: 'failed',
      message: 'The listing worker sent parts of a result this page does not expect.',
    })
    client.dispose()
  })
})

describe('perSecond', () => {
  it('is a rounded rate, 0 before any time has passed', () => {
    expect(perSecond(10, 0)).toBe(0)
    expect(perSecond(10, 3)).toBe(3333)
  })
})
