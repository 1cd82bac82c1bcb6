/**
 * Wall-clock times as logs write them, read without the host's Date (the core is pure and must
 * not depend on the machine's time zone): ISO 8601 / RFC 3339 timestamps and klog's
 * `MMDD hh:mm:ss.uuuuuu`. Results are ms since 1970-01-01T00:00:00Z, fractions of a ms kept.
 */

const ISO =
  /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2}):(\d{2})(?:[.,](\d{1,9}))?(Z|[+-]\d{2}:?\d{2})?$/i

/** Days from 1970-01-01 to a proleptic Gregorian date (Howard Hinnant's days_from_civil). */
export function daysFromCivil(year: number, month: number, day: number): number {
  const y = month <= 2 ? year - 1 : year
  const era = Math.floor(y / 400)
  const yoe = y - era * 400
  const mp = (month + 9) % 12
  const doy = Math.floor((153 * mp + 2) / 5) + day - 1
  const doe = yoe * 365 + Math.floor(yoe / 4) - Math.floor(yoe / 100) + doy
  return era * 146097 + doe - 719468
}

function validDate(month: number, day: number, h: number, m: number, s: number): boolean {
  return month >= 1 && month <= 12 && day >= 1 && day <= 31 && h <= 23 && m <= 59 && s <= 60
}

/** An ISO 8601 timestamp in ms since the epoch, or null if it is not one. No zone means UTC. */
export function parseIsoMs(text: string): number | null {
  const m = ISO.exec(text.trim())
  if (m === null) return null
  const [year, month, day, h, min, s] = m.slice(1, 7).map(Number) as [
    number,
    number,
    number,
    number,
    number,
    number,
  ]
  if (!validDate(month, day, h, min, s)) return null
  const fraction = m[7] === undefined ? 0 : Number(`0.${m[7]}`) * 1000
  let offsetMin = 0
  const zone = m[8]
  if (zone !== undefined && zone.toUpperCase() !== 'Z') {
    const digits = zone.replace(':', '')
    const sign = digits[0] === '-' ? -1 : 1
    offsetMin = sign * (Number(digits.slice(1, 3)) * 60 + Number(digits.slice(3, 5)))
  }
  const days = daysFromCivil(year, month, day)
  return ((days * 24 + h) * 60 + min - offsetMin) * 60_000 + s * 1000 + fraction
}

/**
 * klog's header time `MMDD hh:mm:ss.uuuuuu` (no year, no zone: the machine's local time). The
 * year is taken as `year`; only differences between lines matter.
 */
export function parseKlogMs(mmdd: string, clock: string, year = 1970): number | null {
  const m = /^(\d{2})(\d{2})$/.exec(mmdd)
  const c = /^(\d{2}):(\d{2}):(\d{2})(?:\.(\d{1,9}))?$/.exec(clock)
  if (m === null || c === null) return null
  const month = Number(m[1])
  const day = Number(m[2])
  const [h, min, s] = [Number(c[1]), Number(c[2]), Number(c[3])]
  if (!validDate(month, day, h, min, s)) return null
  const fraction = c[4] === undefined ? 0 : Number(`0.${c[4]}`) * 1000
  return ((daysFromCivil(year, month, day) * 24 + h) * 60 + min) * 60_000 + s * 1000 + fraction
}

/** The civil date of a day count from 1970-01-01 (Howard Hinnant's civil_from_days). */
function civilFromDays(days: number): [number, number, number] {
  const z = days + 719468
  const era = Math.floor(z / 146097)
  const doe = z - era * 146097
  const yoe = Math.floor(
    (doe - Math.floor(doe / 1460) + Math.floor(doe / 36524) - Math.floor(doe / 146096)) / 365,
  )
  const doy = doe - (365 * yoe + Math.floor(yoe / 4) - Math.floor(yoe / 100))
  const mp = Math.floor((5 * doy + 2) / 153)
  const day = doy - Math.floor((153 * mp + 2) / 5) + 1
  const month = mp < 10 ? mp + 3 : mp - 9
  return [yoe + era * 400 + (month <= 2 ? 1 : 0), month, day]
}

/** ms since the epoch as an ISO 8601 UTC timestamp (to the millisecond). */
export function isoFromMs(ms: number): string {
  const whole = Math.floor(ms)
  const days = Math.floor(whole / 86_400_000)
  const rest = whole - days * 86_400_000
  const [y, mo, d] = civilFromDays(days)
  const pad = (n: number, w = 2) => String(n).padStart(w, '0')
  const h = Math.floor(rest / 3_600_000)
  const mi = Math.floor((rest % 3_600_000) / 60_000)
  const s = Math.floor((rest % 60_000) / 1000)
  return `${pad(y, 4)}-${pad(mo)}-${pad(d)}T${pad(h)}:${pad(mi)}:${pad(s)}.${pad(rest % 1000, 3)}Z`
}

/** Times after 1973 are taken to be wall-clock times (ms since the epoch), not offsets from 0. */
export function looksLikeEpochMs(ms: number): boolean {
  return ms > 1e11
}
