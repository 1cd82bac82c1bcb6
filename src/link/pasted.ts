/**
 * A lab link as an author pastes it into an attribute: a full address, only `?…` / `#…`, only
 * `s=…&t=…`, or only a payload or a preset id.
 */
import { isPresetId } from '../sim'
import type { Address } from './params'
import { splitAddress } from './params'

export function pastedAddress(link: string): Address {
  const text = link.trim()
  // Just the payload (or a preset id), or just `s=…&t=…`: the hash of a lab link.
  if (/^[A-Za-z0-9_-]+$/.test(text)) {
    return isPresetId(text)
      ? { search: `?scenario=${text}`, hash: '' }
      : { search: '', hash: `#s=${text}` }
  }
  if (!text.includes('?') && !text.includes('#') && text.includes('=')) {
    return { search: '', hash: `#${text}` }
  }
  return splitAddress(text)
}
