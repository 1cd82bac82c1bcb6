/** RFC 4648 §5 base64url without padding: the alphabet of a link's `s=` payload. */
import { clip } from './params'

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_'
const LOOKUP = new Map([...ALPHABET].map((c, i) => [c, i]))

/** RFC 4648 §5 base64url, without padding. */
export function toBase64Url(bytes: Uint8Array): string {
  let out = ''
  for (let i = 0; i < bytes.length; i += 3) {
    const a = bytes[i] ?? 0
    const b = bytes[i + 1] ?? 0
    const c = bytes[i + 2] ?? 0
    const n = (a << 16) | (b << 8) | c
    const left = bytes.length - i
    out += ALPHABET[(n >> 18) & 63]
    out += ALPHABET[(n >> 12) & 63]
    if (left > 1) out += ALPHABET[(n >> 6) & 63]
    if (left > 2) out += ALPHABET[n & 63]
  }
  return out
}

/** Decodes base64url (padding tolerated); returns a sentence when the text is not base64url. */
export function fromBase64Url(text: string): Uint8Array<ArrayBuffer> | string {
  const clean = text.replace(/=+$/, '')
  if (clean.length % 4 === 1) return 'the scenario in the link is cut short (its length is wrong)'
  const out = new Uint8Array(Math.floor((clean.length * 3) / 4))
  let bits = 0
  let value = 0
  let o = 0
  for (let i = 0; i < clean.length; i++) {
    const ch = clean.charAt(i)
    const digit = LOOKUP.get(ch)
    if (digit === undefined) {
      return `the scenario in the link has a character that does not belong (“${clip(ch, 4)}” at position ${i + 1})`
    }
    value = ((value << 6) | digit) & 0x3fff
    bits += 6
    if (bits >= 8) {
      bits -= 8
      out[o++] = (value >> bits) & 0xff
    }
  }
  return out.subarray(0, o)
}
