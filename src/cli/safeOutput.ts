/**
 * Everything the CLI writes passes through here, so a scenario's text cannot act on the
 * terminal: no escape sequence can clear the screen, retitle the window, write the clipboard
 * (OSC 52), move the cursor to overwrite a line with a fake "verdict: safe", or reverse a
 * line with a bidi override. The output says the same; only the characters that would act are
 * written as visible escapes.
 */
import type { OutputFormat } from './args'

/**
 * Characters a terminal may obey: C0 controls but the line feed and tab, DEL, C1 controls
 * (U+009B is a one-byte CSI), the line and paragraph separators, and bidi controls.
 */
const ACTING =
  // eslint-disable-next-line no-control-regex
  /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g

/** FSI and PDI: the lab isolates a scenario's text with them (sim/words). */
const ISOLATES = /[\u2068\u2069]/g

function hex(c: string): string {
  return c.charCodeAt(0).toString(16).padStart(4, '0')
}

/**
 * Text for a terminal, line by line: acting characters as `\u001b`-style escapes. The lab's own
 * isolation marks are dropped first (with every override escaped, a terminal needs none).
 */
export function terminalText(text: string): string {
  return text.replace(ISOLATES, '').replace(ACTING, (c) => `\\u${hex(c)}`)
}

/**
 * JSON that means the same but holds no acting character: JSON.stringify already escapes C0
 * controls; the rest can only sit inside strings, where `\uXXXX` is the same character.
 */
export function jsonText(json: string): string {
  return json.replace(ACTING, (c) => `\\u${hex(c)}`)
}

/**
 * SVG that means the same: acting characters as numeric character references (the SVG renderer
 * already replaced the ones XML forbids, which no reference may name).
 */
export function svgText(svg: string): string {
  return svg.replace(ACTING, (c) => {
    const code = c.charCodeAt(0)
    // XML 1.0 forbids these even as references; the renderer never leaves one, but be sure.
    if (code < 0x20 && code !== 0x09 && code !== 0x0a && code !== 0x0d) return '\uFFFD'
    return `&#x${hex(c)};`
  })
}

/** The writer for standard output in this format. Standard error is always terminal text. */
export function outputFor(format: OutputFormat): (text: string) => string {
  switch (format) {
    case 'json':
      return jsonText
    case 'svg':
      return svgText
    // Bytes (png, gif, webm) are written as they are; text beside them is for a terminal.
    case 'text':
    case 'png':
    case 'gif':
    case 'webm':
      return terminalText
  }
}
