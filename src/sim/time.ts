/** Formats simulation milliseconds as seconds for people: 16005 → "16.005 s", 10000 → "10 s". */
export function formatMs(ms: number): string {
  const sign = ms < 0 ? '-' : ''
  const abs = Math.abs(ms)
  const seconds = Math.floor(abs / 1000)
  const rest = abs % 1000
  if (rest === 0) return `${sign}${seconds} s`
  const fraction = String(rest).padStart(3, '0').replace(/0+$/, '')
  return `${sign}${seconds}.${fraction} s`
}

/** Formats a duration: under a second in ms ("350 ms"), else in seconds ("15 s"). */
export function formatDurationMs(ms: number): string {
  return Math.abs(ms) < 1000 ? `${ms} ms` : formatMs(ms)
}
