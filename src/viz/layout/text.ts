/**
 * Text width without a DOM: the layout must place labels before anything is rendered, and it
 * runs in Node (CLI, tests) as well as the browser. Widths are advance widths of DejaVu Sans, the
 * widest common system sans-serif (what `system-ui` resolves to on most Linux machines); other
 * system fonts are narrower, so an estimate errs on the side of more room, never overlap.
 */

/** Advance widths in em for printable ASCII, from DejaVu Sans (units per em 2048). */
const ASCII_EM: readonly number[] = [
  // space ! " # $ % & ' ( ) * + , - . /
  0.318, 0.401, 0.46, 0.838, 0.636, 0.95, 0.78, 0.275, 0.39, 0.39, 0.5, 0.838, 0.318, 0.361, 0.318,
  0.337,
  // 0-9
  0.636, 0.636, 0.636, 0.636, 0.636, 0.636, 0.636, 0.636, 0.636, 0.636,
  // : ; < = > ? @
  0.337, 0.337, 0.838, 0.838, 0.838, 0.531, 1.0,
  // A-Z
  0.684, 0.686, 0.698, 0.77, 0.632, 0.575, 0.775, 0.752, 0.295, 0.295, 0.656, 0.557, 0.863, 0.748,
  0.787, 0.603, 0.787, 0.695, 0.635, 0.611, 0.732, 0.684, 0.989, 0.685, 0.611, 0.685,
  // [ \ ] ^ _ `
  0.39, 0.337, 0.39, 0.838, 0.5, 0.5,
  // a-z
  0.613, 0.635, 0.55, 0.635, 0.615, 0.352, 0.635, 0.634, 0.278, 0.278, 0.579, 0.278, 0.974, 0.634,
  0.612, 0.635, 0.635, 0.411, 0.521, 0.392, 0.634, 0.592, 0.818, 0.592, 0.592, 0.525,
  // { | } ~
  0.636, 0.337, 0.636, 0.838,
]

/** Widths of the few non-ASCII characters the diagram writes. */
const OTHER_EM: Readonly<Record<string, number>> = {
  '·': 0.318,
  '→': 0.838,
  '←': 0.838,
  '−': 0.838,
  '–': 0.5,
  '—': 1.0,
  '…': 1.0,
  '✓': 0.84,
  '✗': 0.84,
  '×': 0.838,
  '≥': 0.838,
  '≤': 0.838,
  '’': 0.318,
  '“': 0.52,
  '”': 0.52,
}

const BOLD_FACTOR = 1.09

export function textWidthPx(text: string, fontPx: number, bold = false): number {
  let em = 0
  for (const ch of text) {
    const code = ch.codePointAt(0) ?? 32
    const ascii = code >= 32 && code < 127 ? ASCII_EM[code - 32] : undefined
    em += ascii ?? OTHER_EM[ch] ?? 0.75
  }
  return em * fontPx * (bold ? BOLD_FACTOR : 1)
}

/** Height above the baseline that glyphs reach (cap height plus a little). */
export function ascentPx(fontPx: number): number {
  return fontPx * 0.78
}

/** Depth below the baseline (descenders). */
export function descentPx(fontPx: number): number {
  return fontPx * 0.24
}

/**
 * Splits text into lines no wider than `maxPx` (for tooltips): greedy by words, and a word longer
 * than a line is kept whole on its own line rather than broken mid-word.
 */
export function wrapText(text: string, fontPx: number, maxPx: number): string[] {
  const words = text.split(/\s+/).filter((w) => w.length > 0)
  const lines: string[] = []
  let line = ''
  for (const word of words) {
    const candidate = line === '' ? word : `${line} ${word}`
    if (line !== '' && textWidthPx(candidate, fontPx) > maxPx) {
      lines.push(line)
      line = word
    } else {
      line = candidate
    }
  }
  if (line !== '') lines.push(line)
  return lines
}

/**
 * A duration for a label, to two significant figures: 14995 → "15 s", 6000 → "6 s",
 * 1250 → "1.3 s", 350 → "350 ms". Tooltips and accessible names keep the exact value.
 */
export function shortDurationText(ms: number): string {
  const abs = Math.abs(ms)
  const sign = ms < 0 ? '−' : ''
  if (abs < 1000) return `${sign}${Math.round(abs)} ms`
  const s = abs / 1000
  const digits = s >= 10 ? 0 : 1
  const text = s.toFixed(digits).replace(/\.0$/, '')
  return `${sign}${text} s`
}
