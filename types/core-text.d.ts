/**
 * The WHATWG text decoder, which every browser and Node have: `src/history` reads a history
 * file's bytes in the encoding its byte-order mark names (UTF-8 or UTF-16). Decoding is as pure
 * as parsing a URL (types/core-url.d.ts): no host state, no clock. Only tsconfig.core.json
 * includes this file (tsconfig.json takes TextDecoder from the DOM library).
 */
interface TextDecoder {
  decode(input?: Uint8Array): string
}
declare var TextDecoder: {
  new (label?: string, options?: { fatal?: boolean; ignoreBOM?: boolean }): TextDecoder
}
