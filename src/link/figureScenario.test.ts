import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { findPreset } from '../sim'
import { assertProperty } from '../testing/property'
import {
  crc32,
  FIGURE_SCENARIO_KEY,
  isPng,
  pngChunks,
  pngWithScenario,
  scenarioFromPng,
  scenarioFromSvg,
  scenarioJsonText,
  svgWithScenario,
} from './figureScenario'

/** A 1×1 PNG, built chunk by chunk (the signature, IHDR, one IDAT, IEND). */
function tinyPng(): Uint8Array {
  const chunk = (type: string, data: number[]) => {
    const body = [...type].map((c) => c.charCodeAt(0)).concat(data)
    const crc = crc32(new Uint8Array(body))
    const len = data.length
    return [len >>> 24, (len >>> 16) & 255, (len >>> 8) & 255, len & 255, ...body].concat([
      crc >>> 24,
      (crc >>> 16) & 255,
      (crc >>> 8) & 255,
      crc & 255,
    ])
  }
  return new Uint8Array([
    0x89,
    0x50,
    0x4e,
    0x47,
    0x0d,
    0x0a,
    0x1a,
    0x0a,
    ...chunk('IHDR', [0, 0, 0, 1, 0, 0, 0, 1, 8, 0, 0, 0, 0]),
    // zlib of one filtered row: filter 0, one grey byte.
    ...chunk('IDAT', [0x78, 0x9c, 0x63, 0x60, 0x00, 0x00, 0x00, 0x02, 0x00, 0x01]),
    ...chunk('IEND', []),
  ])
}

const gcPause = scenarioJsonText(findPreset('gc-pause')!.scenario)

describe('a figure carries its scenario', () => {
  it('CRC-32 is the PNG one (the check value of "123456789")', () => {
    expect(crc32(new TextEncoder().encode('123456789'))).toBe(0xcbf43926)
  })

  it('a PNG gets an iTXt chunk right after IHDR, with a valid CRC, and gives the text back', () => {
    const png = pngWithScenario(tinyPng(), gcPause)
    const chunks = pngChunks(png)!
    expect(chunks.map((c) => c.type)).toEqual(['IHDR', 'iTXt', 'IDAT', 'IEND'])
    const itxt = chunks[1]!
    const crc = new DataView(png.buffer).getUint32(itxt.end - 4)
    expect(crc).toBe(crc32(png.subarray(itxt.start + 4, itxt.end - 4)))
    expect(new TextDecoder().decode(itxt.data.subarray(0, FIGURE_SCENARIO_KEY.length))).toBe(
      FIGURE_SCENARIO_KEY,
    )
    expect(scenarioFromPng(png)).toBe(gcPause)
    // Writing again replaces the chunk instead of adding a second.
    const again = pngWithScenario(png, '{"clients":[]}')
    expect(pngChunks(again)!.filter((c) => c.type === 'iTXt')).toHaveLength(1)
    expect(scenarioFromPng(again)).toBe('{"clients":[]}')
  })

  it('a PNG without our chunk, a cut PNG and other bytes give null', () => {
    expect(scenarioFromPng(tinyPng())).toBeNull()
    const png = pngWithScenario(tinyPng(), gcPause)
    expect(scenarioFromPng(png.subarray(0, png.length - 20))).toBeNull()
    expect(isPng(new TextEncoder().encode('{"clients":[]}'))).toBe(false)
    expect(() => pngWithScenario(new Uint8Array([1, 2, 3]), gcPause)).toThrow(/not a PNG/)
  })

  it('an SVG gets a metadata element inside its root, escaped, and gives the text back', () => {
    const svg =
      '<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect/></svg>'
    const text = '{"title":"a < b && c > d </metadata>","clients":[]}'
    const carried = svgWithScenario(svg, text)
    expect(carried).toMatch(/^<\?xml[^>]*>\n<svg [^>]*><metadata id="fencing-lab-scenario"/)
    expect(carried).not.toContain('</metadata>"')
    expect(scenarioFromSvg(carried)).toBe(text)
    expect(scenarioFromSvg(svg)).toBeNull()
  })

  it('any text survives both carriers unchanged (property)', () => {
    assertProperty(
      fc.property(fc.string({ unit: 'grapheme' }), (text) => {
        expect(scenarioFromPng(pngWithScenario(tinyPng(), text))).toBe(text)
        expect(scenarioFromSvg(svgWithScenario('<svg width="1" height="1"></svg>', text))).toBe(
          text,
        )
      }),
    )
  })
})
