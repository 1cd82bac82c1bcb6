/**
 * The pieces every sentence about a run is built from: a value quoted, a token, a possessive,
 * and the rules that keep a scenario's own text from changing the sentence around it.
 *
 * Text a scenario brings (written values, titles, narration) is untrusted: it may hold a
 * right-to-left override (U+202E) that would turn "token 41" into "14 nekot", control
 * characters that XML refuses or a terminal obeys, or 100,000 characters. So it is clipped,
 * its control characters are shown as visible stand-ins, and it is isolated with FSI … PDI
 * (U+2068 … U+2069), which the page, SVG text and exports honour like `<bdi>`.
 */
import type { ResourceValue, Token } from '../scenario'

/** First Strong Isolate: the text that follows takes its own direction, apart from the sentence. */
export const FSI = '\u2068'
/** Pop Directional Isolate: ends an FSI. */
export const PDI = '\u2069'

/** How much of a value a sentence quotes before "…". */
export const SENTENCE_VALUE_CHARS = 60
/** How much of a value a drawing's label shows before "…". */
export const LABEL_VALUE_CHARS = 16

/** Keeps the first `maxChars` characters of text and adds "…" when it was longer. */
export function clip(text: string, maxChars: number): string {
  if (text.length <= maxChars) return text
  let cut = text.slice(0, Math.max(0, maxChars))
  // Never leave half of a surrogate pair behind.
  if (/[\uD800-\uDBFF]$/.test(cut)) cut = cut.slice(0, -1)
  return `${cut}…`
}

/**
 * Text with every character that XML forbids or a terminal obeys replaced by a visible
 * stand-in: C0 controls by their Control Pictures (ESC → ␛), DEL by ␡, C1 controls, lone
 * surrogates and U+FFFE/U+FFFF by U+FFFD.
 */
export function visibleText(text: string): string {
  return text.replace(
    // eslint-disable-next-line no-control-regex
    /[\u0000-\u001f\u007f-\u009f\ufffe\uffff]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g,
    (c) => {
      const code = c.charCodeAt(0)
      if (code < 0x20) return String.fromCharCode(0x2400 + code)
      if (code === 0x7f) return '\u2421'
      return '\uFFFD'
    },
  )
}

/**
 * A whole XML document (an exported SVG) made well-formed whatever text it carries: every
 * character XML 1.0 forbids (C0 controls but tab, line feed and carriage return; lone
 * surrogates; U+FFFE, U+FFFF) becomes U+FFFD. Allowed characters are left as they are.
 */
export function xmlSafe(text: string): string {
  return text.replace(
    // eslint-disable-next-line no-control-regex
    /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g,
    '\uFFFD',
  )
}

/**
 * Untrusted text made safe to set inside a sentence: clipped, controls made visible, and
 * isolated so its direction cannot leak into the words around it. Isolate marks inside it are
 * dropped, so it cannot close the isolation early; overrides inside stay inside. Printable
 * ASCII has no right-to-left letter and no bidi control, so it cannot reorder a left-to-right
 * sentence: it is left bare, and everyday sentences stay plain text.
 */
export function userText(text: string, maxChars: number): string {
  const shown = visibleText(clip(text, maxChars))
  // (The "…" that clip adds is a neutral mark, as harmless as the ASCII around it.)
  if (/^[\x20-\x7e]*…?$/.test(shown)) return shown
  return `${FSI}${shown.replace(/[\u2066-\u2069]/g, '')}${PDI}`
}

/** A resource's value in a sentence: "A" quoted and isolated, 7, null. */
export function valueWords(value: ResourceValue, maxChars = SENTENCE_VALUE_CHARS): string {
  return typeof value === 'string' ? `"${userText(value, maxChars)}"` : String(value)
}

/** A token in a sentence: "token 41", or "no token". */
export function tokenWords(token: Token): string {
  return token === null ? 'no token' : `token ${token}`
}

/** A token in a table cell or a badge: "41", or "—" for none. */
export function tokenText(token: Token): string {
  return token === null ? '—' : String(token)
}

/** "A's", "the lock service's", "James'" (one apostrophe style everywhere: '). */
export function possessive(name: string): string {
  return name.endsWith('s') ? `${name}'` : `${name}'s`
}

export function capital(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1)
}

/** "a grant", "an acquire request". */
export function article(words: string): string {
  return /^[aeiou]/.test(words) ? `an ${words}` : `a ${words}`
}
