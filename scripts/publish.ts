/**
 * What the build publishes beside the lab for every preset, so that a feed, an email, a social
 * card, a reader without JavaScript or an oEmbed host has something real to show:
 *
 *   figures/<id>.svg, figures/<id>-dark.svg   the whole story, 960 px wide (standalone SVG)
 *   figures/<id>.png, figures/<id>-dark.png   the same drawn by resvg (publishFigures.ts writes
 *                                             them): social cards and oEmbed thumbnails take
 *                                             raster images, not SVG
 *   presets/<id>.html                         the figure, what happens in words, a link to the
 *                                             live lab, oEmbed discovery and social-card tags
 *   presets/index.html                        every preset's figure (embed.html's <noscript>
 *                                             links here)
 *   oembed/<id>.json                          an oEmbed "rich" answer: the iframe snippet
 *
 * Pure: the files as { path, text }; scripts/publishFigures.ts writes them into dist/. `labUrl`
 * is the lab's public address (ending in /), from FENCING_LAB_URL at build time: oEmbed and
 * social cards need absolute addresses. Without it, addresses are relative to the lab's
 * directory (fine for the pages and figures, not for oEmbed consumers on other hosts).
 */
import { presetFigurePath, presetOembedPath, presetPagePath } from '../src/link/figures'
import type { Preset } from '../src/sim'
import { escapeAttribute, escapeHtmlText } from '../src/ui/share/escape'
import type { PresetFigure } from '../src/ui/share/presetFigures'
import { presetFigure, presetSnippets } from '../src/ui/share/presetFigures'
import { presetEmbedHeightPx } from '../src/ui/share/embedHeights'

export interface PublishedFile {
  path: string
  text: string
}

/** The policy of the static pages: images and the stylesheet from the lab, nothing else. */
const PAGE_CSP =
  "default-src 'none'; img-src 'self' data:; style-src 'self'; base-uri 'none'; form-action 'none'"

const PAGE_CSS = `body { margin: 0 auto; max-width: 1000px; padding: 16px; font: 16px/1.5 system-ui, sans-serif; }
img { max-width: 100%; height: auto; }
figure { margin: 0 0 32px; }
@media (prefers-color-scheme: dark) { body { background: #161a20; color: #e6e9ee; } a { color: #8cb8ff; } }
`

export function publishedFiles(presets: readonly Preset[], labUrl: string | null): PublishedFile[] {
  const figures = presets.map((preset) => ({ preset, figure: presetFigure(preset) }))
  const files: PublishedFile[] = []
  for (const { preset, figure } of figures) {
    files.push({ path: presetFigurePath(preset.id, 'light'), text: figure.light })
    files.push({ path: presetFigurePath(preset.id, 'dark'), text: figure.dark })
    files.push({ path: presetPagePath(preset.id), text: presetPage(preset, figure, labUrl) })
    files.push({ path: presetOembedPath(preset.id), text: oembed(preset, figure, labUrl) })
  }
  files.push({ path: 'presets/index.html', text: indexPage(figures) })
  files.push({ path: 'presets/preset.css', text: PAGE_CSS })
  return files
}

/** An address in the lab's directory: absolute when the lab's public address is known. */
function at(labUrl: string | null, path: string, fromDir: '' | '../'): string {
  return labUrl === null ? `${fromDir}${path}` : `${labUrl}${path}`
}

function figureMarkup(id: string, figure: PresetFigure, href: string): string {
  return [
    `<a href="${escapeAttribute(href)}"><picture>`,
    `<source srcset="../${presetFigurePath(id, 'dark')}" media="(prefers-color-scheme: dark)">`,
    `<img src="../${presetFigurePath(id, 'light')}" width="${figure.widthPx}" height="${figure.heightPx}" alt="${escapeAttribute(figure.alt)}">`,
    `</picture></a>`,
  ].join('')
}

function page(title: string, head: string[], body: string[]): string {
  return [
    '<!doctype html>',
    '<html lang="en">',
    '<head>',
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<meta http-equiv="Content-Security-Policy" content="${PAGE_CSP}">`,
    '<meta name="color-scheme" content="light dark">',
    '<link rel="icon" href="data:,">',
    `<title>${escapeHtmlText(title)}</title>`,
    '<link rel="stylesheet" href="preset.css">',
    ...head,
    '</head>',
    '<body>',
    '<main>',
    ...body,
    '</main>',
    '</body>',
    '</html>',
    '',
  ].join('\n')
}

function presetPage(preset: Preset, figure: PresetFigure, labUrl: string | null): string {
  const live = `../?scenario=${preset.id}`
  const oembedUrl = at(labUrl, presetOembedPath(preset.id), '../')
  const head = [
    `<meta name="description" content="${escapeAttribute(figure.alt)}">`,
    `<link rel="alternate" type="application/json+oembed" href="${escapeAttribute(oembedUrl)}" title="${escapeAttribute(figure.title)}">`,
    `<meta property="og:type" content="article">`,
    `<meta property="og:title" content="${escapeAttribute(`${figure.title} · Fencing Lab`)}">`,
    `<meta property="og:description" content="${escapeAttribute(preset.summary)}">`,
  ]
  // A social card needs an absolute address of a raster image (no network takes SVG there).
  if (labUrl !== null) {
    head.push(
      `<meta property="og:image" content="${escapeAttribute(`${labUrl}${presetFigurePath(preset.id, 'light', 'png')}`)}">`,
      `<meta property="og:image:type" content="image/png">`,
      `<meta property="og:image:width" content="${figure.widthPx}">`,
      `<meta property="og:image:height" content="${figure.heightPx}">`,
      `<meta property="og:image:alt" content="${escapeAttribute(figure.alt)}">`,
      `<meta name="twitter:card" content="summary_large_image">`,
    )
  }
  return page(`${figure.title} · Fencing Lab`, head, [
    `<h1>${escapeHtmlText(figure.title)}</h1>`,
    `<figure>`,
    figureMarkup(preset.id, figure, live),
    `<figcaption>${escapeHtmlText(preset.summary)} <a href="${escapeAttribute(live)}">Open the live lab</a>.</figcaption>`,
    `</figure>`,
    `<p>${escapeHtmlText(figure.alt)}</p>`,
    `<p><a href="index.html">Every preset</a></p>`,
  ])
}

function indexPage(figures: ReadonlyArray<{ preset: Preset; figure: PresetFigure }>): string {
  const body = ['<h1>Fencing Lab: every preset</h1>']
  for (const { preset, figure } of figures) {
    body.push(
      `<figure id="${escapeAttribute(preset.id)}">`,
      `<h2><a href="${escapeAttribute(`${preset.id}.html`)}">${escapeHtmlText(figure.title)}</a></h2>`,
      figureMarkup(preset.id, figure, `../?scenario=${preset.id}`),
      `<figcaption>${escapeHtmlText(preset.summary)} <a href="${escapeAttribute(`../?scenario=${preset.id}`)}">Open the live lab</a>.</figcaption>`,
      `</figure>`,
    )
  }
  return page('Fencing Lab: every preset', [], body)
}

/**
 * oEmbed 1.0 (https://oembed.com), type "rich": the iframe snippet, as tall as the preset's embed
 * gets in any column (a phone's is the tallest for most).
 */
function oembed(preset: Preset, figure: PresetFigure, labUrl: string | null): string {
  const base = labUrl ?? '../'
  const snippets = presetSnippets(preset, figure, base)
  const answer = {
    version: '1.0',
    type: 'rich',
    provider_name: 'Fencing Lab',
    provider_url: base,
    title: figure.title,
    html: snippets.iframe,
    width: figure.widthPx,
    height: presetEmbedHeightPx(preset.id, 'minimal'),
    thumbnail_url: `${base}${presetFigurePath(preset.id, 'light', 'png')}`,
    thumbnail_width: figure.widthPx,
    thumbnail_height: figure.heightPx,
  }
  return `${JSON.stringify(answer, null, 2)}\n`
}
