/**
 * Reading animations back in tests (src/cli/media.test.ts, e2e/share.spec.ts): a GIF's screen
 * size, frames and delays, and a WebM's pixel size and frames, by walking their blocks and EBML
 * elements, so a test checks what was encoded rather than that some bytes were written.
 */

/** A GIF's logical screen size and its image count (walking blocks, not guessing). */
export function readGif(bytes: Uint8Array): {
  widthPx: number
  heightPx: number
  frames: number
  delays: number[]
} {
  if (String.fromCharCode(...bytes.subarray(0, 6)) !== 'GIF89a') throw new Error('not a GIF89a')
  const word = (at: number) => (bytes[at] as number) | ((bytes[at + 1] as number) << 8)
  const widthPx = word(6)
  const heightPx = word(8)
  let at = 13
  const packed = bytes[10] as number
  if (packed & 0x80) at += 3 * 2 ** ((packed & 7) + 1)
  const skipSubBlocks = () => {
    while ((bytes[at] as number) !== 0) at += (bytes[at] as number) + 1
    at++
  }
  let frames = 0
  const delays: number[] = []
  for (;;) {
    const block = bytes[at]
    if (block === 0x3b) break
    if (block === 0x21) {
      if (bytes[at + 1] === 0xf9) delays.push(word(at + 4) * 10)
      at += 2
      skipSubBlocks()
    } else if (block === 0x2c) {
      frames++
      const local = bytes[at + 9] as number
      at += 10
      if (local & 0x80) at += 3 * 2 ** ((local & 7) + 1)
      at++ // LZW minimum code size
      skipSubBlocks()
    } else {
      throw new Error(`unexpected GIF block 0x${block?.toString(16)} at ${at}`)
    }
  }
  return { widthPx, heightPx, frames, delays }
}

/** EBML: the video's pixel size and its frames (SimpleBlocks), walking the element tree. */
export function readWebm(bytes: Uint8Array): {
  widthPx: number
  heightPx: number
  frames: number
  docType: string
} {
  const vint = (at: number, keepMarker: boolean) => {
    const first = bytes[at] as number
    let length = 1
    while (length <= 8 && !(first & (0x80 >> (length - 1)))) length++
    let value = keepMarker ? first : first & (0xff >> length)
    for (let i = 1; i < length; i++) value = value * 256 + (bytes[at + i] as number)
    return { value, length }
  }
  const containers = new Set([0x18538067, 0x1654ae6b, 0xae, 0xe0, 0x1f43b675])
  let widthPx = 0
  let heightPx = 0
  let frames = 0
  let docType = ''
  const walk = (from: number, to: number) => {
    let at = from
    while (at < to) {
      const id = vint(at, true)
      const size = vint(at + id.length, false)
      const body = at + id.length + size.length
      const unknown = size.value === 2 ** (7 * size.length) - 1
      const end = unknown ? to : body + size.value
      const uint = () => bytes.subarray(body, end).reduce((n, b) => n * 256 + b, 0)
      if (id.value === 0x1a45dfa3) walk(body, end)
      else if (id.value === 0x4282) docType = String.fromCharCode(...bytes.subarray(body, end))
      else if (containers.has(id.value)) walk(body, end)
      else if (id.value === 0xb0) widthPx = uint()
      else if (id.value === 0xba) heightPx = uint()
      else if (id.value === 0xa3) frames++
      at = end
    }
  }
  walk(0, bytes.length)
  return { widthPx, heightPx, frames, docType }
}
