import { afterEach, describe, expect, it, vi } from 'vitest'
import { decodeScenario } from '../link/decode'
import { encodeScenario } from '../link/encode'
import { presetRun } from '../testing/presetRuns'
import { decodedAhead } from './App'

const encoded = encodeScenario(presetRun('gc-pause').run.scenario)

describe('decodedAhead', () => {
  afterEach(() => {
    history.replaceState(null, '', '/')
  })

  it('reads the address’s scenario before the lab opens, and hands that result out once', async () => {
    history.replaceState(null, '', `/#s=${encoded}`)
    const decode = vi.fn(decodeScenario)
    const ahead = await decodedAhead(decode)
    // Read in the task before the render: nothing is left to decode when the lab opens.
    expect(decode).toHaveBeenCalledTimes(1)
    const first = ahead(encoded)
    expect(first.ok).toBe(true)
    expect(first).toBe(decode.mock.results[0]?.value)
    expect(decode).toHaveBeenCalledTimes(1)
    // Another lab opening the same address (Back, then Forward) gets a scenario of its own.
    const again = ahead(encoded)
    expect(again).toEqual(first)
    expect(again).not.toBe(first)
    expect(decode).toHaveBeenCalledTimes(2)
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
