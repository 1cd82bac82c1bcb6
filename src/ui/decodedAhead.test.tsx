import { afterEach, describe, expect, it, vi } from 'vitest'
import { decodeScenario } from '../link/decode'
import { decodeScenarioInPieces } from '../link/decodeInPieces'
import { encodeScenario } from '../link/encode'
import { presetRun } from '../testing/presetRuns'
import { PIECE_STEPS } from '../sim/scenarioPieces'
import { fromBase64Url } from '../link/base64url'
import { INFLATE_CHUNK_BYTES } from '../link/payload'
import type { Schedule } from '../viz/sliceSteps'
import { SLICE_MS } from '../viz/sliceSteps'
import { largeScenario } from '../testing/largeRun'
import { decodedAhead } from './App'

/** `steps`, calling `onPause` at each of its pauses. */
function* counted<T>(
  steps: Generator<void, T, void>,
  onPause: () => void,
): Generator<void, T, void> {
  for (;;) {
    const next = steps.next()
    if (next.done === true) return next.value
    onPause()
    yield
  }
}

const encoded = encodeScenario(presetRun('gc-pause').run.scenario)

describe('decodedAhead', () => {
  afterEach(() => {
    history.replaceState(null, '', '/')
    vi.restoreAllMocks()
    vi.unstubAllGlobals()
  })

  it('reads the address’s scenario before the lab opens, and hands that result out once', async () => {
    history.replaceState(null, '', `/#s=${encoded}`)
    const decode = vi.fn(decodeScenario)
    const ahead = await decodedAhead(decode)
    // Read before the render: nothing is left to decode when the lab opens.
    expect(decode).not.toHaveBeenCalled()
    const first = ahead(encoded)
    expect(first).toEqual(decodeScenario(encoded))
    expect(decode).not.toHaveBeenCalled()
    // Another lab opening the same address (Back, then Forward) gets a scenario of its own.
    const again = ahead(encoded)
    expect(again).toEqual(first)
    expect(again).not.toBe(first)
    expect(decode).toHaveBeenCalledTimes(1)
  })

  it('reads a long link a piece a task, so the page answers between pieces', async () => {
    const long = encodeScenario(largeScenario({ clients: 4, cycles: 834 })) // 20,016 script lines
    history.replaceState(null, '', `/#s=${long}`)
    // Every piece takes a whole slice's time, so each slice reads one.
    let clock = 0
    vi.spyOn(performance, 'now').mockImplementation(() => (clock += SLICE_MS))
    let pieces = 0
    const inPieces = (text: string) => counted(decodeScenarioInPieces(text), () => pieces++)
    // The tasks the reading was given, run one at a time as the page's event loop would.
    const tasks: Array<() => void> = []
    const schedule: Schedule = (task) => {
      tasks.push(task)
      return () => {}
    }
    const reading = decodedAhead(vi.fn(decodeScenario), { inPieces, schedule })
    await vi.waitFor(() => expect(tasks.length).toBe(1))
    let ran = 0
    for (let task = tasks.shift(); task !== undefined; task = tasks.shift()) {
      task()
      ran++
    }
    const ahead = await reading
    // Each chunk inflated, the JSON read, then the pieces of each client's 5,004 lines: one
    // task each, and the last.
    const deflated = fromBase64Url(long)
    if (typeof deflated === 'string') throw new Error(deflated)
    const inflating = Math.ceil(deflated.length / INFLATE_CHUNK_BYTES)
    expect(inflating).toBeGreaterThan(1)
    expect(pieces).toBe(inflating + 1 + 4 * Math.ceil(5004 / PIECE_STEPS))
    expect(ran).toBe(pieces + 1)
    expect(ahead(long)).toEqual(decodeScenario(long))
  })

  /** Reads the address's long link with decodedAhead's own reader: the tasks it took, and it. */
  async function readLongLink() {
    const long = encodeScenario(largeScenario({ clients: 4, cycles: 834 })) // 20,016 script lines
    history.replaceState(null, '', `/#s=${long}`)
    let clock = 0
    vi.spyOn(performance, 'now').mockImplementation(() => (clock += SLICE_MS))
    const tasks: Array<() => void> = []
    const schedule: Schedule = (task) => {
      tasks.push(task)
      return () => {}
    }
    const reading = decodedAhead(vi.fn(decodeScenario), { schedule })
    await vi.waitFor(() => expect(tasks.length).toBe(1))
    let ran = 0
    for (let task = tasks.shift(); task !== undefined; task = tasks.shift()) {
      task()
      ran++
    }
    return { long, ran, ahead: await reading }
  }
  const checking = 1 + 4 * Math.ceil(5004 / PIECE_STEPS)

  it('lets the platform inflate a long link, leaving only its check to the pieces', async () => {
    const Native = globalThis.DecompressionStream
    const made: string[] = []
    vi.stubGlobal(
      'DecompressionStream',
      class extends Native {
        constructor(format: CompressionFormat) {
          super(format)
          made.push(format)
        }
      },
    )
    const { long, ran, ahead } = await readLongLink()
    expect(made).toEqual(['deflate-raw'])
    // The JSON read, then the pieces of each client's lines, then the last: no inflating task.
    expect(ran).toBe(checking + 1)
    expect(ahead(long)).toEqual(decodeScenario(long))
  })

  it('inflates it a chunk a task where the platform has no stream', async () => {
    vi.stubGlobal('DecompressionStream', undefined)
    const { long, ran, ahead } = await readLongLink()
    const deflated = fromBase64Url(long)
    if (typeof deflated === 'string') throw new Error(deflated)
    expect(ran).toBe(Math.ceil(deflated.length / INFLATE_CHUNK_BYTES) + checking + 1)
    expect(ahead(long)).toEqual(decodeScenario(long))
  })

  it('gives a broken link the decoder’s own sentence, inflated by the platform or not', async () => {
    for (const broken of ['AAAA', encoded.slice(0, 20)]) {
      history.replaceState(null, '', `/#s=${broken}`)
      const ahead = await decodedAhead(vi.fn(decodeScenario))
      expect(ahead(broken)).toEqual(decodeScenario(broken))
      expect(ahead(broken).ok).toBe(false)
    }
  })

  it('decodes any other link as the decoder does', async () => {
    history.replaceState(null, '', `/#s=${encoded}`)
    const decode = vi.fn(decodeScenario)
    const ahead = await decodedAhead(decode)
    const other = encodeScenario(presetRun('lock-delay').run.scenario)
    expect(ahead(other)).toEqual(decodeScenario(other))
    expect(ahead('not a link').ok).toBe(false)
  })

  it('is the decoder itself when the address holds no scenario', async () => {
    history.replaceState(null, '', '/?scenario=gc-pause')
    const decode = vi.fn(decodeScenario)
    expect(await decodedAhead(decode)).toBe(decode)
    expect(decode).not.toHaveBeenCalled()
  })
})
