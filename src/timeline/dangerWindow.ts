/**
 * A stretch of a run in which a real system's guarantee does not hold, as its profile derived
 * it from the system's parameters (src/systems): plain data that the store keeps with a scenario
 * opened from "Model my setup", the layout draws as a labelled band, and the CLI's SVG carries.
 */
export interface DangerWindowSpan {
  /** The window's id in its profile (`stale-holder`). */
  id: string
  /** A few words for its band (`split brain`). */
  label: string
  /** The whole sentence the profile states. */
  words: string
  /** True times in the run, `fromMs < toMs`. */
  fromMs: number
  toMs: number
}

/** The spans in `value` if it is a list of them (from storage: checked, never trusted). */
export function readDangerWindowSpans(value: unknown): DangerWindowSpan[] | null {
  if (!Array.isArray(value)) return null
  const out: DangerWindowSpan[] = []
  for (const item of value as unknown[]) {
    if (typeof item !== 'object' || item === null) return null
    const w = item as Record<string, unknown>
    const { id, label, words, fromMs, toMs } = w
    if (typeof id !== 'string' || typeof label !== 'string' || typeof words !== 'string') {
      return null
    }
    if (typeof fromMs !== 'number' || typeof toMs !== 'number') return null
    if (!Number.isFinite(fromMs) || !Number.isFinite(toMs) || !(fromMs < toMs)) return null
    out.push({ id, label, words, fromMs, toMs })
  }
  return out
}
