import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { assertProperty } from '../../testing/property'
import { describeEvent, messageLabel } from '../narrate'
import { parseScenario } from '../scenario'
import type { TraceEvent } from '../trace'
import {
  clip,
  faultClause,
  FSI,
  LABEL_VALUE_CHARS,
  PDI,
  possessive,
  SENTENCE_VALUE_CHARS,
  userText,
  valueWords,
  visibleText,
  xmlSafe,
} from './index'

const RLO = '\u202e'
/** Explicit bidi controls: embeddings, overrides, isolates and their ends. */
const BIDI = /[\u202a-\u202e\u2066-\u2069]/

/** The text outside every FSI … PDI pair (what the surrounding sentence is made of). */
function outsideIsolates(text: string): string {
  let depth = 0
  let outside = ''
  for (const ch of text) {
    if (ch === FSI) depth++
    else if (ch === PDI) depth = Math.max(0, depth - 1)
    else if (depth === 0) outside += ch
  }
  return outside
}

/** True when every FSI is closed by its own PDI and nothing inside opens or closes another. */
function balancedIsolates(text: string): boolean {
  let depth = 0
  for (const ch of text) {
    if (ch === FSI) depth++
    else if (ch === PDI) depth--
    else if (depth > 0 && /[\u2066-\u2069]/.test(ch)) return false
    if (depth < 0 || depth > 1) return false
  }
  return depth === 0
}

const XML_FORBIDDEN =
  // eslint-disable-next-line no-control-regex
  /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/

describe('faultClause', () => {
  it('says what each fault does, in the domain’s words', () => {
    expect(faultClause({ atMs: 1005, do: 'pause', node: 'A', ms: 15_000 })).toBe(
      'pause A at 1.005 s for 15 s',
    )
    expect(faultClause({ atMs: 9000, do: 'delay', from: 'A', to: 'storage', ms: 500 })).toBe(
      'delay the next message from A to storage at 9 s by 500 ms',
    )
    expect(faultClause({ atMs: 0, do: 'drop', from: 'lock', to: 'B' })).toBe(
      'drop the next message from the lock service to B at 0 s',
    )
    expect(faultClause({ atMs: 2000, do: 'partition', between: ['A', 'lock'] })).toBe(
      'cut the network between A and the lock service at 2 s, for good',
    )
    expect(faultClause({ atMs: 2000, do: 'clock-jump', node: 'lock', ms: -5000 })).toBe(
      'jump the clock of the lock service back by 5 s at 2 s',
    )
    expect(faultClause({ atMs: 6, do: 'crash', node: 'lock', restartAfterMs: 1493 })).toBe(
      'crash the lock service at 0.006 s and restart it 1.493 s later',
    )
    expect(faultClause({ atMs: 6, do: 'crash', node: 'A' })).toBe(
      'crash A at 0.006 s, with no restart',
    )
    expect(faultClause({ atMs: 600, do: 'expire-lease' })).toBe('expire the lease at 0.6 s')
  })
})

describe('text a scenario brings', () => {
  it('cannot reverse the sentence around it: "token 41" stays "token 41" (U+202E)', () => {
    const event = {
      type: 'WriteAccepted',
      atMs: 16_005,
      node: 'storage',
      client: 'A',
      token: 41,
      value: `${RLO}evil`,
      effect: false,
      duplicate: false,
    } as unknown as TraceEvent
    const sentence = describeEvent(event)
    expect(sentence).toBe(`storage accepted A's write "${FSI}${RLO}evil${PDI}" with token 41`)
    expect(outsideIsolates(sentence)).not.toMatch(BIDI)
    expect(balancedIsolates(sentence)).toBe(true)
  })

  it('cannot close its isolation early with its own PDI, nor leave one open', () => {
    for (const value of [`${PDI}${RLO}41`, `${FSI}x`, `\u2067${RLO}`, `a${PDI}${PDI}b${FSI}`]) {
      const words = valueWords(value)
      expect(balancedIsolates(words), JSON.stringify(value)).toBe(true)
      expect(outsideIsolates(`write ${words} with token 41`)).toBe('write "" with token 41')
    }
  })

  it('shows control characters as visible stand-ins, never as themselves', () => {
    expect(visibleText('a\u001b[2Jb\u0007\r\n\u007f\u009b')).toBe(
      'a\u241b[2Jb\u2407\u240d\u240a\u2421\ufffd',
    )
    expect(valueWords('\u001b]0;pwned\u0007')).toBe(`"${FSI}\u241b]0;pwned\u2407${PDI}"`)
  })

  it('leaves plain ASCII bare, so everyday sentences stay plain text', () => {
    expect(valueWords('A')).toBe('"A"')
    expect(valueWords(7)).toBe('7')
    expect(valueWords(null)).toBe('null')
    expect(possessive('A')).toBe("A's")
    expect(possessive('James')).toBe("James'")
  })

  it('is clipped in sentences and in labels (a 100,000-character value)', () => {
    const huge = 'x'.repeat(100_000)
    expect(valueWords(huge)).toBe(`"${'x'.repeat(SENTENCE_VALUE_CHARS)}…"`)
    expect(messageLabel('write', 41, huge)).toBe(`write "${'x'.repeat(LABEL_VALUE_CHARS)}…" · 41`)
    expect(clip('a\ud83d\ude00cd', 2)).toBe('a…')
    expect(clip('abc', 3)).toBe('abc')
  })

  it('always isolates, clips and cleans any text (property)', () => {
    assertProperty(
      fc.property(fc.string({ unit: 'binary', maxLength: 300 }), (text) => {
        const words = userText(text, 40)
        expect(balancedIsolates(words)).toBe(true)
        expect(outsideIsolates(words)).not.toMatch(BIDI)
        expect(words).not.toMatch(XML_FORBIDDEN)
        // eslint-disable-next-line no-control-regex
        expect(words).not.toMatch(/[\u0000-\u001f\u007f-\u009f]/)
        expect(words.length).toBeLessThanOrEqual(43)
      }),
      { numRuns: 100 },
    )
  })

  it('makes any document well-formed for XML (property)', () => {
    assertProperty(
      fc.property(fc.string({ unit: 'binary', maxLength: 200 }), (text) => {
        const safe = xmlSafe(text)
        expect(safe).not.toMatch(XML_FORBIDDEN)
        expect(() => encodeURIComponent(safe)).not.toThrow()
      }),
      { numRuns: 100 },
    )
    expect(xmlSafe('a\tb\nc\u0001\ud800')).toBe('a\tb\nc\ufffd\ufffd')
  })
})

describe('the schema bounds written values', () => {
  const script = (step: object) => ({ clients: [{ id: 'A', script: [step] }] })
  it('names the path of a value longer than 200 characters', () => {
    const long = 'x'.repeat(100_000)
    const cases: Array<[object, string]> = [
      [script({ do: 'write', value: long }), 'clients[0].script[0].value'],
      [script({ do: 'effect', resource: 'storage', value: long }), 'clients[0].script[0].value'],
      [
        { resources: [{ id: 'storage', initialValue: long }], clients: [{ id: 'A', script: [] }] },
        'resources[0].initialValue',
      ],
    ]
    for (const [input, path] of cases) {
      const parsed = parseScenario(input)
      expect(parsed.ok).toBe(false)
      if (parsed.ok) continue
      expect(parsed.message).toContain(`${path}: a value must be at most 200 characters`)
    }
    expect(parseScenario(script({ do: 'write', value: 'x'.repeat(200) })).ok).toBe(true)
  })
})
