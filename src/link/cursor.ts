/**
 * A cursor time in a link (`t=`): a whole number of milliseconds from 0 to a day. A time that is
 * wrong is told apart by how it is wrong, so the reader learns what to fix.
 */

/** The latest cursor a link may ask for (the longest scenario lasts one day). */
export const MAX_CURSOR_MS = 86_400_000

export type CursorRead = { ok: true; ms: number } | { ok: false; why: string }

/** Reads a `t` value; `why` completes a sentence that starts with the value ("t=-5 is …"). */
export function readCursor(text: string): CursorRead {
  const ms = readMs(text)
  if (ms !== null) return { ok: true, ms }
  if (/^-\d+(\.\d+)?$/.test(text) && Number(text) !== 0) {
    return { ok: false, why: 'is negative: a time counts milliseconds from the start of the run' }
  }
  if (/^\d+(\.\d+)?$/.test(text) && Number(text) > MAX_CURSOR_MS) {
    return {
      ok: false,
      why: `is later than any run lasts (at most ${MAX_CURSOR_MS} ms, one day)`,
    }
  }
  return { ok: false, why: 'is not a whole number of milliseconds' }
}

/** A whole number of milliseconds from 0 to a day, or null. */
export function readMs(text: string): number | null {
  if (!/^\d{1,9}$/.test(text)) return null
  const ms = Number(text)
  return ms <= MAX_CURSOR_MS ? ms : null
}

/** A cursor as a link writes it: whole milliseconds, never negative. */
export function cursorText(cursorMs: number): string {
  return String(Math.max(0, Math.round(cursorMs)))
}
