/**
 * How each kind of label is set, in one place: the layout measures labels with these weights
 * and the stylesheet sets them, so a measured label is exactly as wide as the drawn one.
 */
export const LABEL_WEIGHT: Readonly<Record<string, 600 | 700>> = {
  'fl-lease-label': 700,
  'fl-stale-label': 700,
  'fl-reason': 700,
  'fl-step-label': 700,
  'fl-block-label': 600,
  'fl-fault-label': 600,
  'fl-end-label': 600,
  'fl-lock-delay-label': 600,
  'fl-finding-label': 600,
  'fl-danger-label': 700,
  'fl-msg-label-lost': 600,
  'fl-msg-label-delayed': 600,
}

/** Labels set in the regular size rather than the small one. */
export const LARGE_LABELS: ReadonlySet<string> = new Set(['fl-reason'])

export function isBold(className: string): boolean {
  return className.split(' ').some((c) => LABEL_WEIGHT[c] !== undefined)
}

export function isLarge(className: string): boolean {
  return className.split(' ').some((c) => LARGE_LABELS.has(c))
}
