/**
 * Writes a lab address: a preset stays `?scenario=<id>&t=…`, a custom scenario is `#s=<payload>&t=…`
 * (the payload already encoded: encoding needs the deflater, write.ts), and the view options that
 * differ from the default follow the cursor. A cursor at the start is left out.
 */
import { cursorText } from './cursor'
import type { Address } from './params'
import type { LinkView } from './parts'

/** What an address opens, with a custom scenario already as its `s=` payload. */
export type AddressRef = { kind: 'preset'; id: string } | { kind: 'encoded'; encoded: string }

export function writeAddress(ref: AddressRef, cursorMs: number, view: LinkView = {}): Address {
  const t = cursorText(cursorMs)
  const rest = `${t !== '0' ? `&t=${t}` : ''}${viewParams(view)}`
  if (ref.kind === 'preset') {
    return { search: `?scenario=${encodeURIComponent(ref.id)}${rest}`, hash: '' }
  }
  return { search: '', hash: `#s=${ref.encoded}${rest}` }
}

/** `&compare=1&future=hide` for a view that differs from the default; '' for the default view. */
export function viewParams(view: LinkView): string {
  const compare = view.compare === true ? '&compare=1' : ''
  const future = view.future !== undefined && view.future !== 'fade' ? `&future=${view.future}` : ''
  return `${compare}${future}`
}

/**
 * The absolute address of the lab page at `labUrl` (the directory that holds index.html) opening
 * `ref` at its start; the default scenario when `ref` is null. Null when `labUrl` is not an
 * http(s) address.
 */
export function absoluteLabHref(labUrl: string, ref: AddressRef | null): string | null {
  let url: URL
  try {
    url = new URL(labUrl)
  } catch {
    return null
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null
  url.hash = ''
  url.search = ''
  if (ref === null) return url.href
  const { search, hash } = writeAddress(ref, 0)
  return new URL(`${search}${hash}`, url).href
}
