/**
 * Links: every address the lab page, the embeds, the custom element and the tour read or write.
 * Pure; may import sim, fflate and valibot only.
 *
 * The embed imports the files it needs directly, not this index: decode.ts (the inflater and the
 * schema) and encode.ts (the deflater) must stay out of its first chunk.
 */
export type { AddressRef } from './address'
export { absoluteLabHref, viewParams, writeAddress } from './address'
export { fromBase64Url, toBase64Url } from './base64url'
export { cursorText, MAX_CURSOR_MS, readCursor, readMs } from './cursor'
export type { DecodeResult } from './decode'
export { decodeScenario, MAX_ENCODED_CHARS, MAX_JSON_BYTES } from './decode'
export { encodeScenario } from './encode'
export type { LabStart } from './lab'
export { readLabAddress } from './lab'
export type { Address } from './params'
export { clip, paramsOf, splitAddress } from './params'
export { pastedAddress } from './pasted'
export type { FutureView, LinkParts, LinkRef, LinkView } from './parts'
export { FUTURE_VIEWS, readLinkParts, readLinkView, readPresetName } from './parts'
export type { LinkSource, LinkStart } from './start'
export { linkNotice, settleLink } from './start'
export type { TourLink, TourTheme } from './tour'
export { readTourLink, stepOf, tourHash } from './tour'
export type { LinkTarget } from './write'
export { addressRef, labHref, writeLabLink } from './write'
