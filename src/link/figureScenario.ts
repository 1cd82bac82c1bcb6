/**
 * An exported figure carries its scenario, so dropping the SVG or PNG back into the lab (or
 * importing it) opens the same run, as Excalidraw's exports do. The scenario travels as its JSON
 * file text:
 *
 *   SVG  a `<metadata id="fencing-lab-scenario">` element holding the JSON as escaped text
 *        (metadata is not drawn, and survives editors that keep unknown elements)
 *   PNG  an iTXt chunk with the keyword `fencing-lab/scenario` (UTF-8 text, uncompressed, so
 *        `exiftool` or any PNG inspector shows it), right after IHDR
 *
 * Pure: strings and bytes in, strings and bytes out. Reading never throws; a figure without a
 * scenario gives null.
 */
import { strFromU8, strToU8 } from 'fflate'
import type { Scenario, ScenarioInput } from '../sim'
import { SCENARIO_FORMAT } from '../sim'

/** The PNG text chunk's keyword and the SVG metadata element's id. */
export const FIGURE_SCENARIO_KEY = 'fencing-lab/scenario'
const METADATA_ID = 'fencing-lab-scenario'

/** The scenario as its file's text: pretty JSON, `format` first (the lab's Export writes it). */
export function scenarioJsonText(scenario: Scenario | ScenarioInput): string {
  const { format: _format, ...rest } = scenario
  return `${JSON.stringify({ format: SCENARIO_FORMAT, ...rest }, null, 2)}\n`
}

function escapeXmlText(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;')
}

function unescapeXmlText(text: string): string {
  return text
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&#x([0-9a-f]+);/gi, (_, hex: string) => String.fromCodePoint(parseInt(hex, 16)))
    .replace(/&#(\d+);/g, (_, dec: string) => String.fromCodePoint(Number(dec)))
    .replace(/&amp;/g, '&')
}

/** The SVG document with the scenario's text in a metadata element just inside its root. */
export function svgWithScenario(svg: string, scenarioText: string): string {
  const root = /<svg\b[^>]*>/.exec(svg)
  if (root === null) throw new Error('the figure has no <svg> element')
  const at = root.index + root[0].length
  const metadata = `<metadata id="${METADATA_ID}" data-format="${SCENARIO_FORMAT}">${escapeXmlText(scenarioText)}</metadata>`
  return svg.slice(0, at) + metadata + svg.slice(at)
}

/** The scenario text an exported SVG carries, or null. */
export function scenarioFromSvg(svg: string): string | null {
  const match = new RegExp(
    `<metadata\\b[^>]*\\bid="${METADATA_ID}"[^>]*>([\\s\\S]*?)</metadata>`,
  ).exec(svg)
  return match === null ? null : unescapeXmlText(match[1] as string)
}

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]

export function isPng(bytes: Uint8Array): boolean {
  return PNG_SIGNATURE.every((b, i) => bytes[i] === b)
}

let crcTable: Uint32Array | null = null

/** CRC-32 as PNG chunks use it (ISO 3309, the same as zlib's). */
export function crc32(bytes: Uint8Array): number {
  if (crcTable === null) {
    crcTable = new Uint32Array(256)
    for (let n = 0; n < 256; n++) {
      let c = n
      for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1
      crcTable[n] = c >>> 0
    }
  }
  let crc = 0xffffffff
  for (const b of bytes) crc = (crcTable[(crc ^ b) & 0xff] as number) ^ (crc >>> 8)
  return (crc ^ 0xffffffff) >>> 0
}

interface Chunk {
  type: string
  /** Offset of the chunk's length field, and of the byte after its CRC. */
  start: number
  end: number
  data: Uint8Array
}

/** The PNG's chunks, or null when the bytes are not a whole, well-formed PNG chunk stream. */
export function pngChunks(bytes: Uint8Array): Chunk[] | null {
  if (!isPng(bytes)) return null
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength)
  const chunks: Chunk[] = []
  let at = PNG_SIGNATURE.length
  while (at + 12 <= bytes.length) {
    const length = view.getUint32(at)
    const end = at + 12 + length
    if (end > bytes.length) return null
    const type = String.fromCharCode(...bytes.subarray(at + 4, at + 8))
    chunks.push({ type, start: at, end, data: bytes.subarray(at + 8, at + 8 + length) })
    at = end
    if (type === 'IEND') return chunks
  }
  return null
}

function chunk(type: string, data: Uint8Array): Uint8Array {
  const out = new Uint8Array(12 + data.length)
  const view = new DataView(out.buffer)
  view.setUint32(0, data.length)
  for (let i = 0; i < 4; i++) out[4 + i] = type.charCodeAt(i)
  out.set(data, 8)
  view.setUint32(8 + data.length, crc32(out.subarray(4, 8 + data.length)))
  return out
}

/** The PNG with the scenario's text in an iTXt chunk after IHDR (any older one replaced). */
export function pngWithScenario(png: Uint8Array, scenarioText: string): Uint8Array {
  const chunks = pngChunks(png)
  const header = chunks?.[0]
  if (chunks === null || header === undefined || header.type !== 'IHDR') {
    throw new Error('the figure is not a PNG image')
  }
  // iTXt: keyword, 0, compression flag 0, method 0, language tag "", 0, translated keyword "", 0.
  const keyword = strToU8(FIGURE_SCENARIO_KEY, true)
  const text = strToU8(scenarioText)
  const data = new Uint8Array(keyword.length + 5 + text.length)
  data.set(keyword, 0)
  data.set(text, keyword.length + 5)
  const parts: Uint8Array[] = [png.subarray(0, header.end), chunk('iTXt', data)]
  for (const c of chunks.slice(1)) {
    if (c.type === 'iTXt' && itxtText(c.data) !== null) continue
    parts.push(png.subarray(c.start, c.end))
  }
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0))
  let at = 0
  for (const p of parts) {
    out.set(p, at)
    at += p.length
  }
  return out
}

/** Our iTXt chunk's text, or null for any other chunk (or a compressed one, which we never write). */
function itxtText(data: Uint8Array): string | null {
  const nul = data.indexOf(0)
  if (nul < 0) return null
  const keyword = strFromU8(data.subarray(0, nul), true)
  if (keyword !== FIGURE_SCENARIO_KEY) return null
  const compressed = data[nul + 1] === 1
  if (compressed) return null
  const language = data.indexOf(0, nul + 3)
  const translated = language < 0 ? -1 : data.indexOf(0, language + 1)
  if (translated < 0) return null
  return strFromU8(data.subarray(translated + 1))
}

/** tEXt with our keyword (Latin-1 text): accepted too, as other tools may rewrite iTXt so. */
function textText(data: Uint8Array): string | null {
  const nul = data.indexOf(0)
  if (nul < 0) return null
  if (strFromU8(data.subarray(0, nul), true) !== FIGURE_SCENARIO_KEY) return null
  return strFromU8(data.subarray(nul + 1), true)
}

/** The scenario text an exported PNG carries, or null. */
export function scenarioFromPng(png: Uint8Array): string | null {
  for (const c of pngChunks(png) ?? []) {
    const text = c.type === 'iTXt' ? itxtText(c.data) : c.type === 'tEXt' ? textText(c.data) : null
    if (text !== null) return text
  }
  return null
}
