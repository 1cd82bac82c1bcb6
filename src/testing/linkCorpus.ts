/** What a recorded link notice (src/link/corpus.json) reads like now. */

export const DEFAULT_SHOWN = 'Showing the default scenario, “GC pause: token 41 vs 42”.'

/**
 * Notices that changed on purpose. A time out of range says what is wrong with it, not "not a
 * whole number"; a link that names no scenario no longer says it shows the default one (it was
 * never asked for another), while a link whose scenario could not be opened still does.
 */
export function expectedNotice(address: string, recorded: string | null): string | null {
  if (recorded === null) return null
  let notice = recorded
    .replace(
      /(t=-\d+) is not a whole number of milliseconds/,
      '$1 is negative: a time counts milliseconds from the start of the run',
    )
    .replace(/(t=\d+) is not a whole number of milliseconds/, (_, t: string) =>
      Number(t.slice(2)) > 86_400_000
        ? `${t} is later than any run lasts (at most 86400000 ms, one day)`
        : `${t} is not a whole number of milliseconds`,
    )
  const namedScenario = /[?#&](s|scenario)=/.test(address)
  if (!namedScenario) notice = notice.replace(` ${DEFAULT_SHOWN}`, '')
  return notice
}
