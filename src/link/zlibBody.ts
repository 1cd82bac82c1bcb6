/**
 * The raw deflate stream inside a zlib stream (RFC 1950: a two-byte header, the deflate data,
 * then an Adler-32 checksum), or null when `bytes` has no zlib header. The lab's links carry raw
 * deflate; a link made by hand with the common defaults (Node's `zlib.deflateSync`, pako's
 * `deflate`, `CompressionStream('deflate')`) has the zlib wrapper, and is read too. The inflaters
 * try the bytes as raw deflate first: a raw stream whose first bytes happen to look like a zlib
 * header is still read as what it is. Used by both inflaters (decode.ts,
 * src/embed/decodeNative.ts).
 */
export function zlibBody<T extends ArrayBufferLike>(bytes: Uint8Array<T>): Uint8Array<T> | null {
  if (bytes.length < 7) return null
  const cmf = bytes[0] as number
  const flg = bytes[1] as number
  const deflate = (cmf & 0x0f) === 8 && cmf >> 4 <= 7
  const noDictionary = (flg & 0x20) === 0
  if (!deflate || !noDictionary || (cmf * 256 + flg) % 31 !== 0) return null
  return bytes.subarray(2, bytes.length - 4)
}
