/**
 * Formats a count for people, with thousands separated: 123456 → "123,456". Not
 * `toLocaleString('en-US')`: its first call in a page sets up the browser's number formatting,
 * 30–60 ms of main thread (measured in Chromium), at the moment a heavy link opens.
 */
export function formatCount(n: number): string {
  const sign = n < 0 ? '-' : ''
  const [whole = '0', fraction] = String(Math.abs(n)).split('.')
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',')
  return `${sign}${grouped}${fraction === undefined ? '' : `.${fraction}`}`
}
