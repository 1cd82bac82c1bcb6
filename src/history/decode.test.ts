import { describe, expect, it } from 'vitest'
import { decodeText } from './decode'

const line = '{"atMs":0,"actor":"lock","kind":"acquire-granted","client":"Ä","token":1}\n'

function utf16(text: string, order: 'le' | 'be'): Uint8Array {
  const out = new Uint8Array(2 + text.length * 2)
  out.set(order === 'le' ? [0xff, 0xfe] : [0xfe, 0xff])
  for (let i = 0; i < text.length; i++) {
    const unit = text.charCodeAt(i)
    const [hi, lo] = [unit >> 8, unit & 0xff]
    out.set(order === 'le' ? [lo, hi] : [hi, lo], 2 + i * 2)
  }
  return out
}

describe('decodeText', () => {
  it('reads UTF-8, with or without its byte-order mark (dropped)', () => {
    const bytes = new TextEncoder().encode(line)
    expect(decodeText(bytes)).toBe(line)
    expect(decodeText(new Uint8Array([0xef, 0xbb, 0xbf, ...bytes]))).toBe(line)
  })

  it('reads UTF-16 with a byte-order mark, little- and big-endian (Windows PowerShell 5)', () => {
    expect(decodeText(utf16(line, 'le'))).toBe(line)
    expect(decodeText(utf16(line, 'be'))).toBe(line)
  })

  it('replaces bytes that are not UTF-8 instead of failing the whole file', () => {
    expect(decodeText(new Uint8Array([0x61, 0xe9, 0x62]))).toBe('a\uFFFDb')
    expect(decodeText(new Uint8Array([]))).toBe('')
    // Asked to, it refuses them instead (a scenario file must be whole).
    expect(() => decodeText(new Uint8Array([0x61, 0xe9, 0x62]), { fatal: true })).toThrow()
  })
})
