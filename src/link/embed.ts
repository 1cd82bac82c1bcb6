/**
 * The embed page's address, read and written in one place:
 * `embed.html?scenario=<id>&controls=…&theme=…&autoplay=1&loop=1&from=…&to=…&t=…&id=…#s=…`.
 * The parameter names, the values each may take, and the page's file name live here; what an
 * embed does with them (theme, autoplay, the range against its run) stays in src/embed. The
 * custom element's attributes use the same names and value readers.
 */
import type { AddressRef } from './address'
import { writeAddress } from './address'
import { readMs } from './cursor'
import { paramsOf } from './params'
import type { LinkParts } from './parts'
import { readLinkParts } from './parts'

/** The embed page, beside index.html in the lab's directory. */
export const EMBED_PAGE = 'embed.html'

/** The embed's own parameters (the lab link's `scenario`, `s` and `t` come with them). */
export type EmbedParam = 'controls' | 'theme' | 'autoplay' | 'loop' | 'from' | 'to' | 'id'

export type EmbedControls = 'full' | 'minimal' | 'none'
export type EmbedTheme = 'auto' | 'light' | 'dark'

export const EMBED_CONTROLS: readonly EmbedControls[] = ['full', 'minimal', 'none']
export const EMBED_THEMES: readonly EmbedTheme[] = ['auto', 'light', 'dark']

/** A name for an embed (`id`): what the host script's messages carry. */
export const EMBED_NAME = /^[A-Za-z][A-Za-z0-9_-]{0,63}$/

/** The most steps a range may name (runs are far shorter; this only bounds the number). */
export const MAX_STEP = 1_000_000

/** One end of a range: a time, or the moment after `step` steps forward from the start. */
export type RangeMark = { kind: 'ms'; ms: number } | { kind: 'step'; step: number }

/** What an embed address carries besides its scenario. */
export interface EmbedLinkOptions {
  controls: EmbedControls
  theme: EmbedTheme
  autoplay: boolean
  loop: boolean
  /** Where the embed opens (`t`), or null for the start. */
  cursorMs: number | null
  /** The part of the run the embed plays (`from`/`to`, in ms), or null for all of it. */
  range: { fromMs: number; toMs: number } | null
  /** A name for the embed on its host page (`id`); '' (or a name EMBED_NAME refuses) for none. */
  name: string
}

/** An embed page's address as read: the scenario and time, and its other parameters by name. */
export interface EmbedAddress {
  parts: LinkParts
  /** A parameter's raw value (the hash wins over the query), or null when absent. */
  get: (name: EmbedParam) => string | null
  /** `?tour=<chapter>`: the address opens a chapter of the guided tour (src/link/tour.ts). */
  tour: boolean
}

/** Reads `embed.html`'s query and hash; never throws. */
export function readEmbedAddress(search: string, hash: string): EmbedAddress {
  const query = paramsOf(search)
  const fragment = paramsOf(hash)
  return {
    parts: readLinkParts(search, hash),
    get: (name) => fragment.get(name) ?? query.get(name),
    tour: query.has('tour'),
  }
}

/** The embed's query parameters, in the documented order; defaults that matter stay explicit. */
export function embedParams(ref: AddressRef, options: EmbedLinkOptions): Array<[string, string]> {
  const params: Array<[string, string]> = []
  if (ref.kind === 'preset') params.push(['scenario', ref.id])
  params.push(['controls', options.controls], ['theme', options.theme])
  if (options.autoplay) params.push(['autoplay', '1'])
  if (options.loop) params.push(['loop', '1'])
  if (options.range !== null) {
    params.push(['from', msText(options.range.fromMs)], ['to', msText(options.range.toMs)])
  }
  if (options.cursorMs !== null && options.cursorMs > 0) {
    params.push(['t', msText(options.cursorMs)])
  }
  if (EMBED_NAME.test(options.name)) params.push(['id', options.name])
  return params
}

/**
 * The embed page's query and hash for `ref`: a preset by `scenario=` in the query, a custom
 * scenario as the lab link's `#s=` payload (its time stays in the query with the other options).
 */
export function writeEmbedAddress(
  ref: AddressRef,
  options: EmbedLinkOptions,
): { search: string; hash: string } {
  const query = embedParams(ref, options)
    .map(([name, value]) => `${name}=${encodeURIComponent(value)}`)
    .join('&')
  return { search: `?${query}`, hash: ref.kind === 'encoded' ? writeAddress(ref, 0).hash : '' }
}

/** The absolute embed address in the lab's directory `baseUrl` (ending in '/'). */
export function embedHref(baseUrl: string, ref: AddressRef, options: EmbedLinkOptions): string {
  const { search, hash } = writeEmbedAddress(ref, options)
  return `${embedPageHref(baseUrl)}${search}${hash}`
}

/** The embed page itself in the lab's directory, with no query or hash. */
export function embedPageHref(baseUrl: string): string {
  return `${baseUrl}${EMBED_PAGE}`
}

/** A time as a parameter value: whole, non-negative milliseconds. */
export function msText(ms: number): string {
  return String(Math.max(0, Math.round(ms)))
}

/** `2000` (ms) or `step:3`; null when it is neither. */
export function readRangeMark(text: string): RangeMark | null {
  const step = /^step:(\d{1,7})$/.exec(text.trim())
  if (step !== null) {
    const n = Number(step[1])
    return n <= MAX_STEP ? { kind: 'step', step: n } : null
  }
  const ms = readMs(text.trim())
  return ms === null ? null : { kind: 'ms', ms }
}

/** One of `allowed` (case and spaces ignored), or null when the value is none of them. */
export function readChoice<T extends string>(value: string, allowed: readonly T[]): T | null {
  const normal = value.trim().toLowerCase()
  return allowed.find((option) => option === normal) ?? null
}

/**
 * `1`, `true`, `yes`, or present and empty (`autoplay`, `?autoplay`) mean on; `0`, `false`, `no`
 * off; null for anything else.
 */
export function readFlag(value: string): boolean | null {
  const normal = value.trim().toLowerCase()
  if (normal === '' || normal === '1' || normal === 'true' || normal === 'yes') return true
  if (normal === '0' || normal === 'false' || normal === 'no') return false
  return null
}
