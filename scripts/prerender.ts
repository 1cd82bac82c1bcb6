/**
 * Build step (npm run build, after the lab page's build): puts the lab page's first screen into
 * dist/index.html as static HTML and SVG, so the title, the question, the caption and the default
 * scenario's diagram are painted before any JavaScript has run (issue 18). The markup comes from
 * the app's own components (scripts/prerender/firstScreen.tsx); the app replaces it when it
 * starts (src/main.tsx), drawing the same thing in the same place.
 *
 * What it adds to dist/index.html:
 * - the page inside <div id="root">, marked `data-prerendered`, its diagram drawn at a phone's
 *   and a desktop's width;
 * - a stylesheet (assets/first-paint-<hash>.css): the diagram's styles (the app adopts them at
 *   run time, which static markup cannot wait for), the drawing that suits the container and a
 *   box of exactly the live diagram's height at every width (container queries), so CLS stays 0;
 * - a one-line inline script, allowed by its hash in the page's CSP, that hides the scenario's
 *   parts of the first screen when the address asks for another scenario (a preset or a #s=
 *   link): the reader sees the page's chrome at once, never the default diagram passed off as
 *   theirs.
 * Style attributes are dropped: the page's CSP forbids them, and none matters before the app runs.
 */
import { createHash } from 'node:crypto'
import { readFileSync, writeFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import type { Plugin } from 'vite'
import { runnerImport } from 'vite'
import { DEFAULT_PRESET_ID } from '../src/sim'
import type * as FirstScreenModule from './prerender/firstScreen'
import type { FirstScreen, HeightBand } from './prerender/firstScreen'

const DIST = new URL('../dist/', import.meta.url)
const ENTRY = fileURLToPath(new URL('./prerender/firstScreen.tsx', import.meta.url))

/**
 * The diagram container's width at 390×844 and 1280×800 (the stage's phone and desktop widths,
 * measured in Chromium): the drawings are made at exactly these widths, so those screens show
 * the app's own pixels. Other widths show the nearer drawing scaled into the exact height.
 */
export const DRAWING_WIDTHS_PX = [340, 1190] as const
/** The widest the page lets the diagram be (.fl-page .fl-lab max-width, less its padding). */
export const MAX_DIAGRAM_WIDTH_PX = 1280

/**
 * Hides the default scenario's parts unless the address is the bare page or the default preset
 * at its start (`?scenario=gc-pause&t=0`, what the lab writes into the address bar).
 */
export const LINKED_SCRIPT = `if(!/^(\\?scenario=${DEFAULT_PRESET_ID}(&t=0)?)?$/.test(location.search)||location.hash.length>1)document.documentElement.classList.add('fl-linked')`

/** Marks the page as prerendered, found by the e2e test and the budget check. */
export const PRERENDERED_MARK = 'data-prerendered'

/** Stylesheets must not ask for CSS (the components import theirs); Vite's build serves it. */
const noCss: Plugin = {
  name: 'fencing-lab:prerender-no-css',
  enforce: 'pre',
  resolveId: (id) => (id.endsWith('.css') ? '\0no-css' : null),
  load: (id) => (id === '\0no-css' ? 'export default ""' : null),
}

export function firstPaintCss(screen: FirstScreen, diagramCss: string): string {
  const { drawings, bands } = screen
  const rules: string[] = [
    diagramCss,
    '.fl-first-paint{container-type:inline-size}',
    `.fl-first-paint-box{height:${bands[0]?.heightPx ?? 0}px;overflow:hidden}`,
    ...bands
      .slice(1)
      .map(
        (b: HeightBand) =>
          `@container (min-width:${b.fromPx}px){.fl-first-paint-box{height:${b.heightPx}px}}`,
      ),
    // One drawing at a time: the narrowest below the next one's threshold (same specificity
    // throughout, so the later rule wins).
    '.fl-first-paint-drawing:nth-child(n+2){display:none}',
    ...drawings
      .slice(1)
      .map(
        (d, i) =>
          `@container (min-width:${d.fromPx}px){.fl-first-paint-drawing:nth-child(n){display:none}.fl-first-paint-drawing:nth-child(${i + 2}){display:block}}`,
      ),
    // The app sets the frame's width from script (style attributes are not allowed): here the
    // drawing fills the container, scaled if the container is not the width it was made for.
    '.fl-first-paint .fl-diagram-frame{width:100%}',
    '.fl-first-paint svg.fl-marks-layer{display:block;width:100%;height:auto}',
    `.fl-linked [${PRERENDERED_MARK}] :is(.fl-picker-select,.fl-question,.fl-caption,.fl-first-paint){visibility:hidden}`,
  ]
  return rules.join('\n') + '\n'
}

const stripStyles = (html: string) => html.replace(/ style="[^"]*"/g, '')

export function withFirstScreen(html: string, screen: FirstScreen, cssHref: string): string {
  const drawings = screen.drawings
    .map((d) => `<div class="fl-first-paint-drawing">${d.markup}</div>`)
    .join('')
  const emptyFrame = '<div class="fl-diagram-frame"></div>'
  if (!screen.page.includes(emptyFrame)) {
    throw new Error('prerender: the page has no empty diagram frame to draw the diagram into')
  }
  const page = stripStyles(
    screen.page.replace(
      emptyFrame,
      `<div class="fl-diagram-frame"><div class="fl-first-paint"><div class="fl-first-paint-box">${drawings}</div></div></div>`,
    ),
  )
  const hash = createHash('sha256').update(LINKED_SCRIPT).digest('base64')
  const root = '<div id="root"></div>'
  // The CSP meta as Vite writes it (quotes escaped); the hash joins script-src.
  const csp = 'script-src &#39;self&#39;'
  for (const [what, needle] of [
    ['an empty #root', root],
    ["a CSP with script-src 'self'", csp],
    ['a </head>', '</head>'],
  ] as const) {
    if (!html.includes(needle)) throw new Error(`prerender: dist/index.html has no ${what}`)
  }
  return html
    .replace(csp, `${csp} &#39;sha256-${hash}&#39;`)
    .replace(
      '</head>',
      `  <link rel="stylesheet" href="${cssHref}">\n    <script>${LINKED_SCRIPT}</script>\n  </head>`,
    )
    .replace(root, `<div id="root">${page}</div>`)
}

async function main(): Promise<void> {
  const startedMs = performance.now()
  const { module } = await runnerImport<typeof FirstScreenModule>(ENTRY, {
    configFile: false,
    logLevel: 'error',
    plugins: [noCss],
  })
  const screen = module.renderFirstScreen(DRAWING_WIDTHS_PX, MAX_DIAGRAM_WIDTH_PX)
  const css = firstPaintCss(screen, module.DIAGRAM_CSS)
  const cssFile = `assets/first-paint-${createHash('sha256').update(css).digest('hex').slice(0, 8)}.css`
  writeFileSync(new URL(cssFile, DIST), css)
  const indexUrl = new URL('index.html', DIST)
  const html = readFileSync(indexUrl, 'utf8')
  if (html.includes(PRERENDERED_MARK)) throw new Error('prerender: dist/index.html already has it')
  writeFileSync(indexUrl, withFirstScreen(html, screen, `./${cssFile}`))
  const ms = Math.round(performance.now() - startedMs)
  console.log(`prerendered the lab page's first screen into dist/index.html (${ms} ms)`)
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await main()
