/**
 * A history file's bytes as text. Most logs are UTF-8, but Windows PowerShell 5's `>` and
 * `Out-File` write UTF-16 with a byte-order mark (`kubectl get lease … --watch > lease.json`
 * there gives UTF-16LE): read as UTF-8, every line was "not valid JSON" at its first character.
 * So a byte-order mark decides the encoding (and is dropped); without one the bytes are UTF-8,
 * with anything that is not replaced by U+FFFD (a stray Latin-1 byte spoils one line, not all).
 */
export function decodeText(bytes: Uint8Array, options: { fatal?: boolean } = {}): string {
  const [a, b, c] = bytes
  // `fatal`: UTF-8 that is not valid throws instead (a scenario file must be whole).
  const utf8 = () => new TextDecoder('utf-8', { fatal: options.fatal === true })
  if (a === 0xef && b === 0xbb && c === 0xbf) return utf8().decode(bytes.subarray(3))
  if (a === 0xff && b === 0xfe) return new TextDecoder('utf-16le').decode(bytes.subarray(2))
  if (a === 0xfe && b === 0xff) return new TextDecoder('utf-16be').decode(bytes.subarray(2))
  return utf8().decode(bytes)
}
