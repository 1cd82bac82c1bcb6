/**
 * Where things are in a JSON text: the line and column of every key and array item, by the same
 * path the scenario schema reports (`clients[1].script[2].do`), and the place of a syntax error.
 * The scenario editor uses it to put the schema's messages on the lines they are about.
 *
 * A small strict JSON scanner (RFC 8259). JSON.parse stays the judge of what the value is; this
 * only finds places, and never throws.
 */

export interface TextLocation {
  /** Offset in UTF-16 code units. */
  offset: number
  /** 1-based. */
  line: number
  /** 1-based, in UTF-16 code units. */
  column: number
}

export type LocateResult =
  | { ok: true; paths: ReadonlyMap<string, TextLocation> }
  | { ok: false; message: string; at: TextLocation }

/** Deeper nesting than this is refused (a scenario is a few levels deep). */
const MAX_DEPTH = 256

class JsonSyntaxError extends Error {
  constructor(
    message: string,
    readonly offset: number,
  ) {
    super(message)
  }
}

export function locateJson(text: string): LocateResult {
  const paths = new Map<string, TextLocation>()
  const lines = lineStarts(text)
  let i = 0

  const fail = (message: string, at = i): never => {
    throw new JsonSyntaxError(message, at)
  }
  const describe = (at: number): string => {
    if (at >= text.length) return 'the end of the text'
    const ch = text.charAt(at)
    return /\s/.test(ch) ? 'a space' : `“${ch}”`
  }
  const skipSpace = () => {
    while (i < text.length) {
      const c = text.charCodeAt(i)
      if (c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09) i++
      else break
    }
  }
  const expectValue = () => {
    if (i >= text.length) fail('the text ends where a value should be (is it cut short?)')
  }

  const readString = (): string => {
    const start = i
    i++ // the opening quote
    let escaped = false
    for (;;) {
      if (i >= text.length) fail('a string is not closed (a " is missing)', start)
      const c = text.charCodeAt(i)
      if (c === 0x22) break
      if (c < 0x20) fail('a string cannot hold a line break or control character; write \\n')
      if (c === 0x5c) {
        escaped = true
        const next = text.charAt(i + 1)
        if (next === 'u') {
          if (!/^[0-9a-fA-F]{4}$/.test(text.slice(i + 2, i + 6))) {
            fail('\\u must be followed by four hex digits')
          }
          i += 6
          continue
        }
        if (!'"\\/bfnrt'.includes(next) || next === '') fail(`“\\${next}” is not a JSON escape`)
        i += 2
        continue
      }
      i++
    }
    i++ // the closing quote
    const raw = text.slice(start + 1, i - 1)
    return escaped ? (JSON.parse(text.slice(start, i)) as string) : raw
  }

  const readNumber = () => {
    const match = /^-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/.exec(text.slice(i, i + 400))
    if (match === null || match[0] === '' || match[0] === '-') fail(`${describe(i)} is not a value`)
    i += match?.[0].length ?? 0
  }

  const readValue = (path: string, depth: number): void => {
    expectValue()
    // A member's place is its key (set already); an item's place is where its value starts.
    if (!paths.has(path)) paths.set(path, locationAt(lines, i))
    const ch = text.charAt(i)
    if (ch === '{') return readObject(path, depth + 1)
    if (ch === '[') return readArray(path, depth + 1)
    if (ch === '"') {
      readString()
      return
    }
    for (const word of ['true', 'false', 'null']) {
      if (text.startsWith(word, i)) {
        i += word.length
        return
      }
    }
    if (ch === '-' || (ch >= '0' && ch <= '9')) return readNumber()
    if (ch === "'") fail('strings and keys need double quotes (")')
    fail(`${describe(i)} is not a value`)
  }

  const readObject = (path: string, depth: number): void => {
    if (depth > MAX_DEPTH) fail(`the text is nested more than ${MAX_DEPTH} levels deep`)
    i++ // {
    skipSpace()
    if (text.charAt(i) === '}') {
      i++
      return
    }
    for (;;) {
      skipSpace()
      if (i >= text.length) fail('an object is not closed (a } is missing)')
      if (text.charAt(i) === '}') fail('a comma before } leaves a member missing (trailing comma)')
      if (text.charAt(i) !== '"') {
        fail(`a key must be text in double quotes, not ${describe(i)}`)
      }
      const keyAt = i
      const key = readString()
      const memberPath = path === '' ? key : `${path}.${key}`
      if (!paths.has(memberPath)) paths.set(memberPath, locationAt(lines, keyAt))
      skipSpace()
      if (text.charAt(i) !== ':') fail(`a “:” should follow the key "${key}", not ${describe(i)}`)
      i++
      skipSpace()
      readValue(memberPath, depth)
      skipSpace()
      const next = text.charAt(i)
      if (next === ',') {
        i++
        continue
      }
      if (next === '}') {
        i++
        return
      }
      if (i >= text.length) fail('an object is not closed (a } is missing)')
      fail(`a “,” or “}” should come here, not ${describe(i)} (a missing comma?)`)
    }
  }

  const readArray = (path: string, depth: number): void => {
    if (depth > MAX_DEPTH) fail(`the text is nested more than ${MAX_DEPTH} levels deep`)
    i++ // [
    skipSpace()
    if (text.charAt(i) === ']') {
      i++
      return
    }
    for (let index = 0; ; index++) {
      skipSpace()
      if (text.charAt(i) === ']') fail('a comma before ] leaves an item missing (trailing comma)')
      readValue(`${path}[${index}]`, depth)
      skipSpace()
      const next = text.charAt(i)
      if (next === ',') {
        i++
        continue
      }
      if (next === ']') {
        i++
        return
      }
      if (i >= text.length) fail('a list is not closed (a ] is missing)')
      fail(`a “,” or “]” should come here, not ${describe(i)} (a missing comma?)`)
    }
  }

  try {
    skipSpace()
    if (i >= text.length) fail('the text is empty')
    readValue('', 0)
    skipSpace()
    if (i < text.length) fail(`the text goes on after the end of the JSON value (${describe(i)})`)
    return { ok: true, paths }
  } catch (error) {
    if (error instanceof JsonSyntaxError) {
      return { ok: false, message: error.message, at: locationAt(lines, error.offset) }
    }
    // Defensive (a RangeError from a pathological input): still a place and a sentence.
    return { ok: false, message: 'the text could not be read as JSON', at: locationAt(lines, 0) }
  }
}

/**
 * The place of a schema path in the text: the path itself, else its nearest ancestor that is
 * written there (a missing field is reported on the object that lacks it). Null if none.
 */
export function locatePath(
  paths: ReadonlyMap<string, TextLocation>,
  path: string,
): TextLocation | null {
  let current = path
  for (;;) {
    const found = paths.get(current)
    if (found !== undefined) return found
    if (current === '') return null
    current = parentPath(current)
  }
}

export function parentPath(path: string): string {
  if (path.endsWith(']')) {
    const open = path.lastIndexOf('[')
    return open <= 0 ? '' : path.slice(0, open)
  }
  const dot = path.lastIndexOf('.')
  return dot <= 0 ? '' : path.slice(0, dot)
}

/** Offsets where each line starts. */
export function lineStarts(text: string): number[] {
  const starts = [0]
  for (let i = 0; i < text.length; i++) {
    if (text.charCodeAt(i) === 0x0a) starts.push(i + 1)
  }
  return starts
}

export function locationAt(starts: readonly number[], offset: number): TextLocation {
  let lo = 0
  let hi = starts.length - 1
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1
    if ((starts[mid] ?? 0) <= offset) lo = mid
    else hi = mid - 1
  }
  return { offset, line: lo + 1, column: offset - (starts[lo] ?? 0) + 1 }
}
