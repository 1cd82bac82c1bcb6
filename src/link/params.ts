/**
 * The small readers every link shares: query/hash parameters that never throw, quoting a
 * reader's text back clipped, and splitting a pasted link into its query and hash.
 */
import { clip } from '../sim/words/text'

/** `?a=1&b=2` or `#a=1` (leading mark optional) as parameters; an unreadable text has none. */
export function paramsOf(text: string): URLSearchParams {
  try {
    return new URLSearchParams(text.replace(/^[?#]/, ''))
  } catch {
    return new URLSearchParams()
  }
}

/** Shortens text quoted back to the reader (a link can be anything, of any length). */
export { clip }

/** An address as the two parts a link is read from. */
export interface Address {
  /** `?…`, or ''. */
  search: string
  /** `#…`, or ''. */
  hash: string
}

/** The query and hash of a full address, or of only `?…` / `#…`. */
export function splitAddress(text: string): Address {
  const hashAt = text.indexOf('#')
  const beforeHash = hashAt === -1 ? text : text.slice(0, hashAt)
  const hash = hashAt === -1 ? '' : text.slice(hashAt)
  const queryAt = beforeHash.indexOf('?')
  return { search: queryAt === -1 ? '' : beforeHash.slice(queryAt), hash }
}
