/**
 * One of the two host APIs the pure core may use (with TextDecoder, types/core-text.d.ts): the
 * WHATWG URL parser, which every browser and Node have, so `src/link` can read and write
 * addresses without the DOM library. Only tsconfig.core.json includes this file (tsconfig.json
 * takes URL from the DOM library).
 */
interface URLSearchParams {
  get(name: string): string | null
  has(name: string): boolean
  set(name: string, value: string): void
  append(name: string, value: string): void
  delete(name: string): void
  toString(): string
  keys(): IterableIterator<string>
  entries(): IterableIterator<[string, string]>
  forEach(callback: (value: string, key: string) => void): void
  [Symbol.iterator](): IterableIterator<[string, string]>
}
declare var URLSearchParams: {
  new (init?: string | Record<string, string> | [string, string][]): URLSearchParams
}
interface URL {
  href: string
  origin: string
  protocol: string
  host: string
  hostname: string
  pathname: string
  search: string
  hash: string
  readonly searchParams: URLSearchParams
  toString(): string
}
declare var URL: { new (url: string, base?: string | URL): URL }
