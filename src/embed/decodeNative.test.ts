/**
 * The one-file embeds' decoder (the platform's DecompressionStream) answers every `s=` payload as
 * the lab's (fflate) does: the same scenario, or the same sentence. Payloads: every `s=` value of
 * the link corpus (made by the encoder as it was, broken ones, a deflate bomb), every preset, the
 * codec test's broken links, cut and corrupted payloads, and random bytes.
 */
import fc from 'fast-check'
import { deflateSync, inflateSync, strToU8, zlibSync } from 'fflate'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { PRESETS } from '../sim'
import { fromBase64Url, toBase64Url } from '../link/base64url'
import corpus from '../link/corpus.json'
import type { DecodeResult } from '../link/decode'
import { decodeScenario as decodeWithFflate, MAX_JSON_BYTES } from '../link/decode'
import { DAMAGED } from '../link/payload'
import { encodeScenario } from '../link/encode'
import { assertAsyncProperty } from '../testing/property'
import { decodeScenario } from './decodeNative'

const gcPause = PRESETS.find((p) => p.id === 'gc-pause')?.scenario
if (gcPause === undefined) throw new Error('no gc-pause preset')

const deflated = (json: string) => toBase64Url(deflateSync(strToU8(json)))

/** Every `s=` value in the corpus's addresses and element attributes, decoded or not. */
function corpusPayloads(): string[] {
  const found = new Set<string>()
  for (const match of JSON.stringify(corpus).matchAll(/[#?&]s=([^&"\\]*)/g)) {
    const raw = match[1] ?? ''
    found.add(raw)
    try {
      found.add(decodeURIComponent(raw))
    } catch {
      // A malformed escape: the raw value is the payload the readers see.
    }
  }
  return [...found]
}

async function expectSameAnswer(encoded: string) {
  expect(await decodeScenario(encoded)).toEqual(decodeWithFflate(encoded))
}

const NOT_JSON = 'the scenario in the link is not valid JSON (the link may be cut short)'

/**
 * The same answer, but for one pair: fflate does not check every code the platform's zlib checks,
 * so garbage it inflates is "not valid JSON" where the platform finds it "damaged". Both refuse
 * it with a sentence that is true; a scenario is never read by one and refused by the other.
 */
function expectSameRefusal(native: DecodeResult, lab: DecodeResult) {
  if (!native.ok && !lab.ok && native.message === DAMAGED.message && lab.message === NOT_JSON) {
    return
  }
  expect(native).toEqual(lab)
}

describe('decodeNative: the same answers as the lab’s decoder', () => {
  it('reads a link deflated with the zlib wrapper, as the lab does', async () => {
    const raw = fromBase64Url(encodeScenario(gcPause)) as Uint8Array
    const wrapped = toBase64Url(zlibSync(inflateSync(raw)))
    const read = await decodeScenario(wrapped)
    expect(read.ok).toBe(true)
    expect(read).toEqual(decodeWithFflate(wrapped))
    await expectSameAnswer(wrapped.slice(0, -8))
  })

  it('reads the corpus’s payloads alike (valid, broken, a bomb)', async () => {
    const payloads = corpusPayloads()
    expect(payloads.length).toBeGreaterThan(10)
    const answers = await Promise.all(payloads.map((p) => decodeScenario(p)))
    payloads.forEach((p, i) => expect(answers[i], p.slice(0, 60)).toEqual(decodeWithFflate(p)))
    // Both kinds are there: links that open and links that are refused.
    expect(answers.some((a) => a.ok)).toBe(true)
    expect(answers.some((a) => !a.ok)).toBe(true)
  })

  it('round-trips every preset', async () => {
    for (const preset of PRESETS) {
      const decoded = await decodeScenario(encodeScenario(preset.scenario))
      expect(decoded.ok, preset.id).toBe(true)
      await expectSameAnswer(encodeScenario(preset.scenario))
    }
  })

  it('names what is wrong with a broken link, in the same words', async () => {
    const cases: Array<[string, RegExp]> = [
      ['', /empty/],
      ['abc$def', /character that does not belong/],
      ['A', /cut short/],
      ['AAAAAAAA', /damaged/],
      ['x'.repeat(200_001), /too long \(200001 characters\)/],
      [deflated('{"format": "fencing-lab/scenario@1", "clients": [}'), /not valid JSON/],
      [deflated('[1, 2]'), /not hold a scenario object/],
      [deflated('{"clients": []}'), /no "format"/],
      [deflated('{"format": 2}'), /made for scenario format 2/],
      [deflated('{"format": "fencing-lab/scenario@1", "clients": 3}'), /is invalid — /],
    ]
    for (const [encoded, expected] of cases) {
      const answer = await decodeScenario(encoded)
      expect(answer.ok).toBe(false)
      if (!answer.ok) expect(answer.message).toMatch(expected)
      await expectSameAnswer(encoded)
    }
  })

  it('stops a deflate bomb at the size limit', async () => {
    // Spaces before a valid object: JSON would accept it, only the size refuses it.
    const bomb = toBase64Url(deflateSync(new Uint8Array(MAX_JSON_BYTES + 1).fill(32), { level: 1 }))
    expect(bomb.length).toBeLessThan(200_000)
    expect(await decodeScenario(bomb)).toEqual({
      ok: false,
      message: 'the scenario in the link is too large',
    })
    await expectSameAnswer(bomb)
  })

  it('refuses cut and corrupted payloads, as the lab does', async () => {
    const valid = encodeScenario(gcPause)
    for (const cut of [1, 2, 5, 20, Math.floor(valid.length / 2), valid.length - 3]) {
      const answer = await decodeScenario(valid.slice(0, cut))
      expect(answer.ok, `cut at ${cut}`).toBe(false)
      await expectSameAnswer(valid.slice(0, cut))
    }
  })

  it('answers random bytes as the lab does', async () => {
    await assertAsyncProperty(
      fc.asyncProperty(fc.uint8Array({ maxLength: 300 }), async (bytes) => {
        const encoded = toBase64Url(bytes)
        expectSameRefusal(await decodeScenario(encoded), decodeWithFflate(encoded))
      }),
    )
  })

  it('refuses garbage that fflate inflates and the platform calls damaged', async () => {
    // An invalid distance code in a fixed-Huffman block (found by the property above, seed
    // 1380672312): fflate inflates it to four zero bytes, the platform's zlib stops.
    const encoded = toBase64Url(new Uint8Array([3, 125, 0]))
    expect(decodeWithFflate(encoded)).toEqual({ ok: false, message: NOT_JSON })
    expect(await decodeScenario(encoded)).toEqual(DAMAGED)
  })
})

describe('decodeNative without the platform stream', () => {
  afterEach(() => vi.unstubAllGlobals())

  it('says the browser cannot unpack it (the default scenario opens instead)', async () => {
    // Older browsers: no DecompressionStream, or one that does not know 'deflate-raw'.
    vi.stubGlobal(
      'DecompressionStream',
      class {
        constructor(format: string) {
          throw new TypeError(`unsupported format ${format}`)
        }
      },
    )
    expect(await decodeScenario(encodeScenario(gcPause))).toEqual({
      ok: false,
      message: 'this browser cannot unpack a custom scenario (it has no DecompressionStream)',
    })
    // What is wrong with the payload itself is still said first.
    expect(await decodeScenario('')).toEqual(decodeWithFflate(''))
  })
})
