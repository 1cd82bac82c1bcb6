/**
 * Escaping for the text we hand to authors to paste into their pages. A scenario's title is the
 * author's (or a link's) free text: it must never break out of an attribute, start a tag, or end
 * a Markdown link, whatever it holds.
 */

/** Control characters (newlines included) would split a snippet across lines or be dropped. */
function flatten(text: string): string {
  // eslint-disable-next-line no-control-regex
  return text.replace(/[\u0000-\u001f\u007f\u2028\u2029]+/g, ' ')
}

/** A value for a double-quoted HTML attribute. */
export function escapeAttribute(text: string): string {
  return flatten(text)
    .replace(/&/g, '&amp;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
}

/** Text between HTML tags. */
export function escapeHtmlText(text: string): string {
  return flatten(text).replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;')
}

/** Text inside Markdown link text or image alt text: every ASCII punctuation mark escaped. */
export function escapeMarkdownText(text: string): string {
  return flatten(text).replace(/[!-/:-@[-`{-~]/g, (c) => `\\${c}`)
}

/** A Markdown link destination in pointy brackets (CommonMark allows any URL there but `<>`). */
export function markdownDestination(url: string): string {
  return `<${url.replace(/[<>\s]/g, encodeURIComponent)}>`
}

/**
 * A value for a double-quoted Hugo shortcode parameter: Hugo reads `\"` as a quote inside the
 * value and fails on a newline; a trailing backslash would escape the closing quote.
 */
export function escapeHugoParam(text: string): string {
  return flatten(text).replace(/\\+$/, '').replace(/"/g, '\\"')
}

/** A JavaScript string literal for a JSX expression (MDX): `{"…"}`. */
export function jsxString(text: string): string {
  return `{${JSON.stringify(flatten(text))}}`
}
