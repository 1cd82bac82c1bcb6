/**
 * Copy-paste snippets that put the current lab state into someone else's page: an iframe of
 * `embed.html` (docs/contracts.md), the `<fencing-lab>` custom element, Markdown, a Hugo
 * shortcode, MDX, and a static figure for readers without JavaScript (RSS, print, email).
 *
 * Pure: every URL is built from the lab's own base URL (the app is built with `base: './'`, so
 * the caller derives it from `location`), and every piece of free text is escaped for the
 * syntax it lands in (escape.ts).
 */
import type { AddressRef } from '../../link/address'
import { writeAddress } from '../../link/address'
import type { EmbedControls, EmbedLinkOptions, EmbedTheme } from '../../link/embed'
import {
  EMBED_NAME,
  embedPageHref,
  embedParams as embedLinkParams,
  msText,
  writeEmbedAddress,
} from '../../link/embed'
import { encodeScenario } from '../../link/encode'
import type { LinkTarget } from '../../link/write'
import {
  escapeAttribute,
  escapeHtmlText,
  escapeHugoParam,
  escapeMarkdownText,
  jsxString,
  markdownDestination,
} from './escape'

export type ControlsMode = EmbedControls
export type { EmbedTheme }
export { EMBED_NAME }

/** The embed address's options (src/link/embed.ts) and the iframe's height. */
export interface EmbedOptions extends EmbedLinkOptions {
  /** The iframe's reserved height in px (the host script may grow it to fit). */
  heightPx: number
}

export interface EmbedSource {
  /** The lab's directory, ending in '/': `embed.html` and the scripts live here. */
  baseUrl: string
  /** The lab page itself (no query or hash), for the fallback link. */
  pageUrl: string
  target: LinkTarget
  title: string
  /** The static figure offered for download: its file names and size. */
  figure: { lightFile: string; darkFile: string; widthPx: number; heightPx: number; alt: string }
}

export interface Snippets {
  embedUrl: string
  labUrl: string
  iframe: string
  element: string
  markdown: string
  hugoTemplate: string
  hugoUsage: string
  mdx: string
  figure: string
}

/**
 * The heights the README's Embedding section documents per controls mode: measured in Chromium,
 * they hold every preset with its caption at any moment in a column of 640 px or more, so an
 * iframe without the host script does not scroll inside.
 */
export const RESERVED_HEIGHT_PX: Record<ControlsMode, number> = {
  full: 810,
  minimal: 630,
  none: 570,
}

/** What surrounds the diagram in each mode (header, caption, controls), from the same measure. */
const CHROME_PX: Record<ControlsMode, number> = { full: 412, minimal: 232, none: 172 }

/** An initial iframe height for a diagram of `diagramHeightPx`, so the page does not jump. */
export function reservedHeightPx(controls: ControlsMode, diagramHeightPx: number): number {
  return Math.round(Math.max(RESERVED_HEIGHT_PX[controls], diagramHeightPx + CHROME_PX[controls]))
}

/** The embed's query parameters, in the documented order (src/link/embed.ts writes them). */
export function embedParams(target: LinkTarget, options: EmbedOptions): Array<[string, string]> {
  // Only a preset shows in the query, so a custom scenario need not be encoded here.
  const ref: AddressRef = target.kind === 'preset' ? target : { kind: 'encoded', encoded: '' }
  return embedLinkParams(ref, options)
}

export function buildSnippets(
  source: EmbedSource,
  options: EmbedOptions,
  /** The custom scenario's `s=` payload, if the caller already has it. */
  encoded?: string,
): Snippets {
  const { target } = source
  const ref = addressRefOf(target, encoded)
  const embed = writeEmbedAddress(ref, options)
  const embedUrl = `${embedPageHref(source.baseUrl)}${embed.search}${embed.hash}`
  const labUrl = labLink(source, ref, options)
  const title = `Fencing Lab: ${source.title}`
  const height = String(Math.max(1, Math.round(options.heightPx)))
  const fallbackText = `${source.title} — open the interactive diagram in Fencing Lab`
  const hostScript = `<script src="${escapeAttribute(`${source.baseUrl}embed-host.js`)}" defer></script>`

  const iframe = [
    `<iframe src="${escapeAttribute(embedUrl)}"`,
    `  title="${escapeAttribute(title)}"`,
    `  width="100%" height="${height}" loading="lazy"`,
    `  referrerpolicy="strict-origin-when-cross-origin" style="border:0">`,
    `  <a href="${escapeAttribute(labUrl)}">${escapeHtmlText(fallbackText)}</a>`,
    `</iframe>`,
    `<!-- Optional: grows the iframe to fit its content. -->`,
    hostScript,
  ].join('\n')

  const attributes = elementAttributes(target, options, embed.hash)
  const element = [
    `<script type="module" src="${escapeAttribute(`${source.baseUrl}fencing-lab.js`)}"></script>`,
    `<fencing-lab ${attributes}>`,
    `  <a href="${escapeAttribute(labUrl)}">${escapeHtmlText(fallbackText)}</a>`,
    `</fencing-lab>`,
  ].join('\n')

  const markdown = `[![${escapeMarkdownText(source.figure.alt)}](${markdownDestination(
    source.figure.lightFile,
  )})](${markdownDestination(labUrl)})`

  const hugoTemplate = [
    `{{- /* layouts/shortcodes/fencing-lab.html: a Fencing Lab embed */ -}}`,
    `<iframe src="${escapeAttribute(embedPageHref(source.baseUrl))}{{ .Get "src" }}"`,
    `  title="{{ .Get "title" | default "Fencing Lab" }}"`,
    `  width="100%" height="{{ .Get "height" | default "${height}" }}" loading="lazy"`,
    `  referrerpolicy="strict-origin-when-cross-origin" style="border:0"></iframe>`,
  ].join('\n')
  const hugoUsage = `{{< fencing-lab src="${embed.search}${embed.hash}" title="${escapeHugoParam(
    title,
  )}" height="${height}" >}}`

  const mdx = [
    `<iframe`,
    `  src=${jsxString(embedUrl)}`,
    `  title=${jsxString(title)}`,
    `  width="100%"`,
    `  height="${height}"`,
    `  loading="lazy"`,
    `  referrerPolicy="strict-origin-when-cross-origin"`,
    `  style={{ border: 0 }}`,
    `/>`,
  ].join('\n')

  const { figure } = source
  const figureMarkup = [
    `<noscript>`,
    `  <a href="${escapeAttribute(labUrl)}">`,
    `    <picture>`,
    `      <source srcset="${escapeAttribute(figure.darkFile)}" media="(prefers-color-scheme: dark)">`,
    `      <img src="${escapeAttribute(figure.lightFile)}" width="${figure.widthPx}" height="${figure.heightPx}"`,
    `        alt="${escapeAttribute(figure.alt)}" style="max-width:100%;height:auto">`,
    `    </picture>`,
    `  </a>`,
    `</noscript>`,
  ].join('\n')

  return {
    embedUrl,
    labUrl,
    iframe,
    element,
    markdown,
    hugoTemplate,
    hugoUsage,
    mdx,
    figure: figureMarkup,
  }
}

/** The full lab at the same scenario and moment: the link inside every fallback. */
function labLink(source: EmbedSource, ref: AddressRef, options: EmbedOptions): string {
  const { search, hash } = writeAddress(ref, options.cursorMs ?? 0)
  return `${source.pageUrl}${search}${hash}`
}

/** The scenario as an address names it, encoding a custom one unless the caller has it. */
function addressRefOf(target: LinkTarget, encoded: string | undefined): AddressRef {
  return target.kind === 'preset'
    ? target
    : { kind: 'encoded', encoded: encoded ?? encodeScenario(target.scenario) }
}

/** The custom element's attributes: the same options as the iframe's query. */
function elementAttributes(target: LinkTarget, options: EmbedOptions, hash: string): string {
  const parts: string[] = []
  if (target.kind === 'preset') parts.push(`scenario="${escapeAttribute(target.id)}"`)
  else parts.push(`link="${escapeAttribute(hash)}"`)
  parts.push(`controls="${options.controls}"`, `theme="${options.theme}"`)
  if (options.autoplay) parts.push('autoplay')
  if (options.loop) parts.push('loop')
  if (options.range !== null) {
    parts.push(`from="${msText(options.range.fromMs)}"`, `to="${msText(options.range.toMs)}"`)
  }
  if (options.cursorMs !== null && options.cursorMs > 0)
    parts.push(`t="${msText(options.cursorMs)}"`)
  if (EMBED_NAME.test(options.name)) parts.push(`id="${escapeAttribute(options.name)}"`)
  return parts.join(' ')
}
