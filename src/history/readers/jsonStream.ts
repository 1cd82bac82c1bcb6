/**
 * Concatenated JSON values, as `kubectl get … -o json --watch` and `etcdctl watch -w json` print
 * them: objects one after another, each over many lines. Each value comes with the line it starts
 * on, so a bad one is named by its line; a value that does not parse is skipped, the rest read.
 */
import type { LineError } from '../format'

export interface JsonValueAt {
  line: number
  value: unknown
}

export function splitJsonStream(text: string): { values: JsonValueAt[]; errors: LineError[] } {
  const values: JsonValueAt[] = []
  const errors: LineError[] = []
  let depth = 0
  let inString = false
  let escaped = false
  let start = -1
  let startLine = 1
  let line = 1
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i)
    if (c === 10) line++
    if (inString) {
      if (escaped) escaped = false
      else if (c === 92) escaped = true
      else if (c === 34) inString = false
      continue
    }
    if (c === 34) {
      inString = true
      if (depth === 0) errors.push({ line, message: 'text outside a JSON object' })
    } else if (c === 123 || c === 91) {
      if (depth === 0) {
        start = i
        startLine = line
      }
      depth++
    } else if (c === 125 || c === 93) {
      depth--
      if (depth === 0) {
        const source = text.slice(start, i + 1)
        try {
          values.push({ line: startLine, value: JSON.parse(source) as unknown })
        } catch (error) {
          errors.push({
            line: startLine,
            message: `not valid JSON (${error instanceof Error ? error.message : String(error)})`,
          })
        }
      } else if (depth < 0) {
        errors.push({ line, message: `unexpected "${String.fromCharCode(c)}"` })
        depth = 0
      }
    } else if (depth === 0 && c > 32) {
      errors.push({ line, message: 'text outside a JSON object' })
      // Skip the rest of the line: one message per bad line.
      const next = text.indexOf('\n', i)
      if (next === -1) break
      i = next - 1
    }
  }
  if (depth > 0)
    errors.push({ line: startLine, message: 'the JSON object starting here is cut off' })
  return { values, errors }
}
