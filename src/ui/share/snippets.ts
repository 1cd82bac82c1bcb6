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
  /** Plain HTML, Astro `.md`, Eleventy Markdown: the iframe and the optional sizing script. */
  iframe: string
  /** The custom element, loaded by a classic script; its children are the no-JS figure. */
  element: string
  /** A linked figure in plain Markdown (READMEs, engines that allow no HTML). */
  markdown: string
  /** Hugo: the site parameter, the shortcode file (the same for every embed) and its call. */
  hugoConfig: string
  hugoShortcode: string
  hugoUsage: string
  /** MDX (Docusaurus, Next.js, Astro `.mdx`): a JSX iframe, no script, no style string. */
  mdx: string
  /** Docusaurus: the config's `scripts` entry that sizes MDX iframes (optional). */
  docusaurusConfig: string
  /** Next.js: the root layout's import and `<Script>` that size MDX iframes (optional). */
  nextScript: string
  /** React and MDX sites: `fencing-lab/react`'s import and the component, sized by itself. */
  react: string
  /** Astro: a component file (the same for every embed of one lab) and its call. */
  astroComponent: string
  astroUsage: string
  /** VitePress (Vue templates): the config's head entry for the sizing script, and the iframe. */
  vitepressConfig: string
  vitepress: string
  /** A feed, email or print: the figure with a caption and a link, every URL absolute. */
  feed: string
}

/**
 * The heights the README documents per controls mode, for an embed whose own height is not known
 * (a custom scenario's floor, a component's default, the element's place): they hold the default
 * scenario, gc-pause, in a column of 360 px (a phone) or more (embedHeights.ts: 599, 696 and 960
 * px), so its iframe never scrolls inside, on a phone or a desktop. A preset's snippet reserves
 * that preset's own measured height instead (presetEmbedHeight).
 */
export const RESERVED_HEIGHT_PX: Record<ControlsMode, number> = {
  full: 960,
  minimal: 710,
  none: 630,
}

/** The same measure in a column of 640 px or more (the README's per-width heights). */
export const WIDE_HEIGHT_PX: Record<ControlsMode, number> = {
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

/**
 * Every snippet for one embed. Each survives the engine it is for as pasted: no HTML comment
 * (MDX fails on it), no `style` string (MDX and a strict CSP refuse it; `frameborder` does the
 * job), `width="100%"` (a phone never scrolls sideways), no blank line inside (Markdown would end
 * the HTML block there), `data-controls` for the element (Astro's JSX reads a bare `controls` as
 * the media element's boolean), and a classic script (a module script needs CORS headers).
 */
export function buildSnippets(
  source: EmbedSource,
  options: EmbedOptions,
  /** The custom scenario's `s=` payload, if the caller already has it. */
  encoded?: string,
): Snippets {
  const { target, baseUrl } = source
  const ref = addressRefOf(target, encoded)
  const embed = writeEmbedAddress(ref, options)
  const embedUrl = `${embedPageHref(baseUrl)}${embed.search}${embed.hash}`
  const labUrl = labLink(source, ref, options)
  const title = `Fencing Lab: ${source.title}`
  const height = String(Math.max(1, Math.round(options.heightPx)))
  const hostScriptUrl = `${baseUrl}${HOST_SCRIPT}`

  const iframe = [
    `<iframe src="${escapeAttribute(embedUrl)}"`,
    `  title="${escapeAttribute(title)}"`,
    `  width="100%" height="${height}" loading="lazy" frameborder="0"`,
    `  referrerpolicy="strict-origin-when-cross-origin"></iframe>`,
    `<script src="${escapeAttribute(hostScriptUrl)}" defer></script>`,
  ].join('\n')

  const { figure } = source
  const img = `<img src="${escapeAttribute(figure.lightFile)}" width="${figure.widthPx}" height="${figure.heightPx}" alt="${escapeAttribute(figure.alt)}">`
  const caption = `${escapeHtmlText(source.title)}: <a href="${escapeAttribute(labUrl)}">open the live lab</a>`
  const attributes = elementAttributes(target, options, embed.hash)
  const element = [
    `<script src="${escapeAttribute(`${baseUrl}${ELEMENT_SCRIPT}`)}" defer></script>`,
    `<fencing-lab ${attributes}>`,
    `  <a href="${escapeAttribute(labUrl)}">${img}</a>`,
    `  <p>${caption}</p>`,
    `</fencing-lab>`,
  ].join('\n')

  const markdown = `[![${escapeMarkdownText(figure.alt)}](${markdownDestination(
    figure.lightFile,
  )})](${markdownDestination(labUrl)})`

  const hugoConfig = [`[params]`, `  fencingLab = ${JSON.stringify(baseUrl)}`].join('\n')
  const hugoUsage = `{{< fencing-lab ${hugoParams(target, options, embed.hash, title, height)} >}}`

  const mdx = [
    `<iframe`,
    `  src=${jsxString(embedUrl)}`,
    `  title=${jsxString(title)}`,
    `  width="100%"`,
    `  height="${height}"`,
    `  loading="lazy"`,
    `  frameBorder="0"`,
    `  referrerPolicy="strict-origin-when-cross-origin"`,
    `/>`,
  ].join('\n')

  const docusaurusConfig = [
    `// docusaurus.config.js: sizes each Fencing Lab iframe to its content (optional)`,
    `scripts: [{ src: ${JSON.stringify(hostScriptUrl)}, defer: true }],`,
  ].join('\n')
  const nextScript = [
    `import Script from 'next/script'`,
    ``,
    `<Script src=${jsxString(hostScriptUrl)} strategy="afterInteractive" />`,
  ].join('\n')
  const react = [
    `import { FencingLab } from 'fencing-lab/react'`,
    ``,
    `<FencingLab ${reactProps(ref, baseUrl, options, title)} />`,
  ].join('\n')

  const astroUsage = `<FencingLab ${astroProps(target, options, embed.hash, title, height)} />`

  const vitepressConfig = [
    `// .vitepress/config.mts: sizes each Fencing Lab iframe to its content (optional)`,
    `head: [['script', { src: ${JSON.stringify(hostScriptUrl)}, defer: '' }]],`,
  ].join('\n')
  const vitepress = [
    `<iframe src="${escapeAttribute(embedUrl)}"`,
    `  title="${escapeAttribute(title)}"`,
    `  width="100%" height="${height}" loading="lazy" frameborder="0"`,
    `  referrerpolicy="strict-origin-when-cross-origin"></iframe>`,
  ].join('\n')

  const feed = [
    `<figure>`,
    `  <a href="${escapeAttribute(labUrl)}">${img}</a>`,
    `  <figcaption>${caption}</figcaption>`,
    `</figure>`,
  ].join('\n')

  return {
    embedUrl,
    labUrl,
    iframe,
    element,
    markdown,
    hugoConfig,
    hugoShortcode: HUGO_SHORTCODE,
    hugoUsage,
    mdx,
    docusaurusConfig,
    nextScript,
    react,
    astroComponent: astroComponent(baseUrl),
    astroUsage,
    vitepressConfig,
    vitepress,
    feed,
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
  // `data-controls`, not `controls`: Astro's JSX turns `controls="full"` into a bare `controls`.
  parts.push(`data-controls="${options.controls}"`, `theme="${options.theme}"`)
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

/** The embed's options as name/value pairs: the iframe's query names, a custom scenario in `link`. */
function namedOptions(
  target: LinkTarget,
  options: EmbedOptions,
  hash: string,
): Array<[string, string]> {
  const pairs = embedParams(target, options)
  if (target.kind === 'custom') pairs.unshift(['link', hash])
  return pairs
}

/** The Hugo shortcode's parameters (double-quoted; see escapeHugoParam). */
function hugoParams(
  target: LinkTarget,
  options: EmbedOptions,
  hash: string,
  title: string,
  height: string,
): string {
  const pairs = [...namedOptions(target, options, hash), ['title', title], ['height', height]]
  return pairs.map(([name, value]) => `${name}="${escapeHugoParam(value ?? '')}"`).join(' ')
}

/** The Astro component's props: strings, and `autoplay`/`loop` as bare booleans. */
function astroProps(
  target: LinkTarget,
  options: EmbedOptions,
  hash: string,
  title: string,
  height: string,
): string {
  const parts: string[] = []
  for (const [name, value] of namedOptions(target, options, hash)) {
    if (name === 'autoplay' || name === 'loop') parts.push(name)
    else parts.push(`${name}=${jsxString(value)}`)
  }
  parts.push(`title=${jsxString(title)}`, `height={${height}}`)
  return parts.join(' ')
}

/**
 * `fencing-lab/react`'s props (src/embed/react.tsx): the lab's address, the scenario (`s` for a
 * custom one, what follows `#s=`), times as numbers of ms, `autoplay`/`loop` as bare booleans.
 */
function reactProps(
  ref: AddressRef,
  baseUrl: string,
  options: EmbedOptions,
  title: string,
): string {
  const parts = [`lab=${jsxString(baseUrl)}`]
  parts.push(
    ref.kind === 'preset' ? `scenario=${jsxString(ref.id)}` : `s=${jsxString(ref.encoded)}`,
  )
  parts.push(`controls=${jsxString(options.controls)}`, `theme=${jsxString(options.theme)}`)
  if (options.autoplay) parts.push('autoplay')
  if (options.loop) parts.push('loop')
  if (options.range !== null) {
    parts.push(`from={${msText(options.range.fromMs)}}`, `to={${msText(options.range.toMs)}}`)
  }
  if (options.cursorMs !== null && options.cursorMs > 0)
    parts.push(`t={${msText(options.cursorMs)}}`)
  if (EMBED_NAME.test(options.name)) parts.push(`id=${jsxString(options.name)}`)
  parts.push(`title=${jsxString(title)}`)
  return parts.join(' ')
}

/** The script that sizes our iframes, and the one that registers <fencing-lab>. */
const HOST_SCRIPT = 'embed-host.js'
const ELEMENT_SCRIPT = 'fencing-lab.js'

/**
 * publishing/hugo/layouts/shortcodes/fencing-lab.html (a test keeps the file equal to this).
 * Hugo's default Markdown renderer omits raw HTML ("raw HTML omitted"), but a shortcode's output
 * is the template's, so the iframe survives safe mode. Go's html/template escapes every value.
 */
export const HUGO_SHORTCODE = `{{- /*
  Fencing Lab embed for Hugo: works in Hugo's default safe mode (no unsafe = true needed).
  Save as layouts/shortcodes/fencing-lab.html and set the lab's address (ending in /) once:
    [params]
      fencingLab = "https://LAB-HOST/"
  In a post (angle brackets, not percent signs):
    {{< fencing-lab scenario="gc-pause" controls="minimal" >}}
  Parameters: scenario or link (a lab link's #s=...), controls, theme, autoplay, loop, from, to,
  t, id (as embed.html's), title, height (px; the default, 710, holds gc-pause on a phone;
  the lab's snippet for another preset gives that preset's height).
*/ -}}
{{- $lab := .Get "lab" | default site.Params.fencingLab -}}
{{- if not $lab -}}
  {{- errorf "fencing-lab shortcode (%s): set params.fencingLab, the lab's address ending in /, in the site configuration" .Position -}}
{{- end -}}
{{- $query := slice -}}
{{- range $name := slice "scenario" "controls" "theme" "autoplay" "loop" "from" "to" "t" "id" -}}
  {{- with $.Get $name -}}
    {{- $query = $query | append (printf "%s=%s" $name (urlquery .)) -}}
  {{- end -}}
{{- end -}}
{{- /* One string: html/template would escape a query's = and & written after a literal ?. */ -}}
{{- $src := printf "%sembed.html?%s%s" $lab (delimit $query "&") (.Get "link") -}}
<iframe src="{{ $src }}"
  title="{{ .Get "title" | default "Fencing Lab" }}"
  width="100%" height="{{ .Get "height" | default "710" }}" loading="lazy" frameborder="0"
  referrerpolicy="strict-origin-when-cross-origin"></iframe>
<script src="{{ $lab }}embed-host.js" defer></script>
`

/**
 * publishing/astro/FencingLab.astro, for the lab at `baseUrl` (a test keeps the file equal to
 * this for https://LAB-HOST/). A component, so an .mdx or .astro page imports it once; the script
 * is inline (Astro must not bundle a script from another host) and survives view transitions.
 */
export function astroComponent(baseUrl: string): string {
  return `---
/**
 * Fencing Lab embed for Astro (.astro pages, .mdx; an .md page can paste the HTML snippet).
 *   import FencingLab from '../components/FencingLab.astro'
 *   <FencingLab scenario="gc-pause" controls="minimal" />
 * Props: scenario or link (a lab link's #s=...), controls, theme, autoplay, loop, from, to, t,
 * id (as embed.html's), title, height (px; the default holds gc-pause on a phone; the lab's
 * snippet for another preset gives that preset's height).
 */
interface Props {
  scenario?: string
  link?: string
  controls?: 'full' | 'minimal' | 'none'
  theme?: 'auto' | 'light' | 'dark'
  autoplay?: boolean
  loop?: boolean
  from?: string
  to?: string
  t?: string
  id?: string
  title?: string
  height?: number
}
const LAB = ${JSON.stringify(baseUrl)}
const HEIGHT_PX = { full: ${RESERVED_HEIGHT_PX.full}, minimal: ${RESERVED_HEIGHT_PX.minimal}, none: ${RESERVED_HEIGHT_PX.none} }
const { link = '', controls = 'minimal', theme = 'auto', title = 'Fencing Lab', ...rest } = Astro.props
const pairs: Array<[string, string | boolean | undefined]> = [
  ['scenario', rest.scenario],
  ['controls', controls],
  ['theme', theme],
  ['autoplay', rest.autoplay && '1'],
  ['loop', rest.loop && '1'],
  ['from', rest.from],
  ['to', rest.to],
  ['t', rest.t],
  ['id', rest.id],
]
const query = pairs
  .filter((pair): pair is [string, string] => typeof pair[1] === 'string' && pair[1] !== '')
  .map(([name, value]) => \`\${name}=\${encodeURIComponent(value)}\`)
  .join('&')
---
<iframe src={\`\${LAB}embed.html?\${query}\${link}\`}
  title={title}
  width="100%" height={rest.height ?? HEIGHT_PX[controls]} loading="lazy" frameborder="0"
  referrerpolicy="strict-origin-when-cross-origin"></iframe>
<script is:inline src={\`\${LAB}embed-host.js\`} defer></script>
`
}
