/**
 * Where things are in a JSON text: the line and column of every key and array item, by the same
 * path the scenario schema reports (`clients[1].script[2].do`), and the place of a syntax error.
 * The scenario editor uses it to put the schema's messages on the lines they are about.
 *
 * `jsonc-parser` (the parser behind VS Code's JSON support) finds the places; JSON.parse stays
 * the judge of what is JSON (jsonc-parser also takes comments and a few extra spaces). Never
 * throws.
 */
import type { Node, ParseError } from 'jsonc-parser'
import { parseTree, printParseErrorCode } from 'jsonc-parser'

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

export function locateJson(text: string): LocateResult {
  const lines = lineStarts(text)
  const fail = (message: string, offset: number): LocateResult => ({
    ok: false,
    message,
    at: locationAt(lines, Math.min(offset, text.length)),
  })
  if (text.trim() === '') return fail('the text is empty', 0)
  const errors: ParseError[] = []
  let root: Node | undefined
  try {
    root = parseTree(text, errors, { disallowComments: true, allowTrailingComma: false })
  } catch {
    // The parser recurses: thousands of nested [ or { overflow the stack.
    return fail('the text is nested more than a scenario ever is (too many [ or {)', 0)
  }
  const first = errors[0]
  if (first !== undefined) return fail(syntaxWords(text, first), syntaxOffset(text, first))
  if (!isJson(text) || root === undefined) return fail('the text is not valid JSON', 0)
  return { ok: true, paths: nodePaths(root, lines) }
}

function isJson(text: string): boolean {
  try {
    JSON.parse(text)
    return true
  } catch {
    return false
  }
}

/** Every key's and item's place by schema path. A member's place is its key. */
function nodePaths(root: Node, lines: readonly number[]): Map<string, TextLocation> {
  const paths = new Map<string, TextLocation>()
  // Depth-first with a stack of its own, so a deep document cannot overflow the call stack.
  const stack: Array<{ node: Node; path: string; at: number }> = [
    { node: root, path: '', at: root.offset },
  ]
  for (let top = stack.pop(); top !== undefined; top = stack.pop()) {
    const { node, path, at } = top
    if (!paths.has(path)) paths.set(path, locationAt(lines, at))
    const children = node.children ?? []
    const next: typeof stack = []
    if (node.type === 'object') {
      for (const property of children) {
        const [key, value] = property.children ?? []
        if (key === undefined || value === undefined) continue
        const name = String(key.value)
        next.push({ node: value, path: path === '' ? name : `${path}.${name}`, at: key.offset })
      }
    } else if (node.type === 'array') {
      children.forEach((item, index) => {
        next.push({ node: item, path: `${path}[${index}]`, at: item.offset })
      })
    }
    // Reversed, so the first duplicate key is the one that keeps its place.
    stack.push(...next.reverse())
  }
  return paths
}

/** A parse error as a sentence that says what to fix. */
function syntaxWords(text: string, error: ParseError): string {
  const at = error.offset
  const ch = text.charAt(at)
  const before = text.slice(0, at).trimEnd().slice(-1)
  const describe = describeAt(text, at)
  if (at >= text.length && /[[,:]/.test(before)) {
    return 'the text ends where a value should be (is it cut short?)'
  }
  switch (printParseErrorCode(error.error)) {
    case 'PropertyNameExpected':
      if (ch === '}' && before === ',') {
        return 'a comma before } leaves a member missing (trailing comma)'
      }
      return `a key must be text in double quotes, not ${describe}`
    case 'ValueExpected':
      if (at >= text.length) return 'the text ends where a value should be (is it cut short?)'
      if (ch === ']' && before === ',') {
        return 'a comma before ] leaves an item missing (trailing comma)'
      }
      if (ch === "'") return 'strings and keys need double quotes (")'
      return `${describe} is not a value`
    case 'InvalidSymbol':
      if (ch === "'") {
        return before === '{' || before === ','
          ? 'a key must be text in double quotes (") — strings and keys need double quotes'
          : 'strings and keys need double quotes (")'
      }
      return `${describe} is not a value`
    case 'InvalidNumberFormat':
    case 'UnexpectedEndOfNumber':
      return `${describe} is not a number JSON can read`
    case 'ColonExpected':
      return `a “:” should follow the key, not ${describe}`
    case 'CommaExpected':
      return before === '['
        ? `a “,” or “]” should come here, not ${describe} (a missing comma?)`
        : `a “,” or “}” should come here, not ${describe} (a missing comma?)`
    case 'CloseBraceExpected':
      return at >= text.length
        ? 'an object is not closed (a } is missing)'
        : `a “,” or “}” should come here, not ${describe} (a missing comma?)`
    case 'CloseBracketExpected':
      return at >= text.length
        ? 'a list is not closed (a ] is missing)'
        : `a “,” or “]” should come here, not ${describe} (a missing comma?)`
    case 'EndOfFileExpected':
      return `the text goes on after the end of the JSON value (${describe})`
    case 'InvalidCommentToken':
    case 'UnexpectedEndOfComment':
      return 'JSON has no comments; remove the // or /* */ text'
    case 'UnexpectedEndOfString':
      return /[\n\r]/.test(text.slice(at, at + error.length + 1))
        ? 'a string cannot hold a line break; write \\n'
        : 'a string is not closed (a " is missing)'
    case 'InvalidUnicode':
      return '\\u must be followed by four hex digits'
    case 'InvalidEscapeCharacter':
      return 'a \\ in a string must start a JSON escape (\\n, \\", \\\\, \\uXXXX…)'
    case 'InvalidCharacter':
      return 'a string cannot hold a control character; write it as \\uXXXX'
    default:
      return 'the text is not valid JSON'
  }
}

/** Where to point: a string cut by a line break is pointed at the break, not its opening quote. */
function syntaxOffset(text: string, error: ParseError): number {
  if (printParseErrorCode(error.error) !== 'UnexpectedEndOfString') return error.offset
  const cut = text.slice(error.offset, error.offset + error.length + 1).search(/[\n\r]/)
  return cut < 0 ? error.offset : error.offset + cut
}

function describeAt(text: string, at: number): string {
  if (at >= text.length) return 'the end of the text'
  const ch = text.charAt(at)
  return /\s/.test(ch) ? 'a space' : `“${ch}”`
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
