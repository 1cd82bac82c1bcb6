/**
 * The one piece of urlCodec.ts the embed loads on demand (a link with a custom scenario): only
 * the decoder, so the encoder's deflate is never bundled into the embed.
 */
export { decodeScenario } from './urlCodec'
