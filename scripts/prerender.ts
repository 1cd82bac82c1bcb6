/**
 * Build step (npm run build, after the pages' builds): puts each page's first screen into its
 * built HTML as static HTML and SVG, so the meaningful content and the default scenario's diagram
 * are painted before any JavaScript has run (issue 18):
 * - dist/index.html: the lab's title, question, caption and diagram;
 * - dist/tour.html: the tour's first step (its question, caption and diagram);
 * - dist/embed.html: the default embed (the default scenario, minimal controls), which matters
 *   most: it sits inside someone else's article.
 * The markup comes from the app's own components (scripts/prerender/*.tsx); the app replaces it
 * when it starts (src/main.tsx, src/tour/main.tsx, src/embed/embedPage.tsx), drawing the same
 * thing in the same place in the same task.
 *
 * What it adds to each page:
 * - the page inside <div id="root">, marked `data-prerendered`, its diagram drawn at a phone's
 *   and a desktop's width (the embed's also at an article column's);
 * - a stylesheet (assets/first-paint-<hash>.css): the diagram's styles (which static markup
 *   cannot wait for the app to adopt; marked `data-fl-diagram`, so the app uses them instead of
 *   adopting its own copy: src/viz/adoptStyles.ts), the drawing that suits the container and a
 *   box of exactly the live diagram's height at every width (container queries), so CLS stays 0;
 * - a one-line inline script, allowed by its hash in the page's CSP, that tells the stylesheet
 *   whether the address asks for the prerendered scenario: a link to another one shows the
 *   page's chrome at once, never the default diagram passed off as the one linked. The embed's
 *   is the other way round (its copy is shown only when the script says so), so a frame that
 *   cannot run scripts keeps embed.html's words saying why. It comes before the page's scripts
 *   and stylesheets: an inline script after a stylesheet still loading waits for it, and the
 *   parser waits with it, so the first screen's markup was parsed only once the CSS had come.
 *   Before them, the page is parsed while its CSS downloads;
 * - a render-blocking `rel=expect` link to a mark at the end of the first screen, so the first
 *   paint never shows it half-parsed (see EXPECT_LINK);
 * Style attributes are dropped: the pages' CSP forbids them, and none matters before the app runs.
 */
import { createHash } from 'node:crypto'
import { readFileSync, writeFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import type { Plugin } from 'vite'
import { runnerImport } from 'vite'
import { DEFAULT_PRESET_ID } from '../src/sim'
import type { FirstScreen, HeightBand } from './prerender/firstScreen'
import type * as Screens from './prerender/screens'

const DIST = new URL('../dist/', import.meta.url)
const ENTRY = fileURLToPath(new URL('./prerender/screens.ts', import.meta.url))

/**
 * The diagram container's width at 390×844 and 1280×800 (the stage's phone and desktop widths,
 * measured in Chromium): the drawings are made at exactly these widths, so those screens show
 * the app's own pixels. Other widths show the nearer drawing scaled into the exact height.
 */
export const DRAWING_WIDTHS_PX = [340, 1190] as const
/** The widest the page lets the diagram be (.fl-page .fl-lab max-width, less its padding). */
export const MAX_DIAGRAM_WIDTH_PX = 1280

/**
 * The embed's diagram width in a frame 390, 720 and 1280 px wide (a phone, an article column, a
 * full-width frame; measured in Chromium). A frame has no widest: the band table goes to 2000.
 */
export const EMBED_DRAWING_WIDTHS_PX = [362, 692, 1252] as const
export const EMBED_MAX_DIAGRAM_WIDTH_PX = 2000

/** The tour's diagram width at 390×844 and 1280×800 (its column stops growing at 1073). */
export const TOUR_DRAWING_WIDTHS_PX = [359, 1073] as const
export const TOUR_MAX_DIAGRAM_WIDTH_PX = 1073

/**
 * Hides the default scenario's parts unless the address is the bare page or the default preset
 * at its start (`?scenario=gc-pause&t=0`, what the lab writes into the address bar).
 */
export const LINKED_SCRIPT = `if(!/^(\\?scenario=${DEFAULT_PRESET_ID}(&t=0)?)?$/.test(location.search)||location.hash.length>1)document.documentElement.classList.add('fl-linked')`

/**
 * The tour: hides the first step's parts unless the address is the bare page or the first stop's
 * own (`#<chapter>/<step>`, what the page writes into the address bar).
 */
export function tourLinkedScript(defaultHash: string): string {
  return `if(location.search.length>1||location.hash.length>1&&location.hash!==${JSON.stringify(defaultHash)})document.documentElement.classList.add('fl-linked')`
}

/**
 * The embed: shows its prerendered copy only when the address asks for the default embed — no
 * hash, and no parameter but the default scenario, the minimal controls, the auto theme and an
 * id (which only names the frame in its messages to the host).
 */
export const EMBED_DEFAULT_SCRIPT = `(function(){var ok=location.hash.length<2;new URLSearchParams(location.search).forEach(function(v,k){if(!(k==='scenario'&&v===${JSON.stringify(DEFAULT_PRESET_ID)}||k==='controls'&&v==='minimal'||k==='theme'&&v==='auto'||k==='id'))ok=false});if(ok)document.documentElement.classList.add('fl-default')})()`

/** Marks the page as prerendered, found by the e2e test and the budget check. */
export const PRERENDERED_MARK = 'data-prerendered'

/** Stylesheets must not ask for CSS (the components import theirs); Vite's build serves it. */
const noCss: Plugin = {
  name: 'fencing-lab:prerender-no-css',
  enforce: 'pre',
  resolveId: (id) => (id.endsWith('.css') ? '\0no-css' : null),
  load: (id) => (id === '\0no-css' ? 'export default ""' : null),
}

/** One page's first screen and what it takes to put it in place. */
export interface PagePlan {
  /** The built page, in dist/. */
  file: string
  screen: FirstScreen
  /** The class of the element the app draws the diagram into (empty in the static page). */
  frameClass: string
  /** The page's inline script (see LINKED_SCRIPT). */
  script: string
  /** What the script's class hides or shows. */
  rules: string[]
}

export function firstPaintCss(screen: FirstScreen, diagramCss: string, rules: string[]): string {
  const { drawings, bands } = screen
  return (
    [
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
      // The live diagram moves its playhead and veil on layers of their own; a static copy never
      // moves them, and three layers the size of the drawing cost the first frame their raster
      // (the app draws its own diagram in their place anyway).
      '.fl-first-paint .fl-underlay,.fl-first-paint .fl-overlay{will-change:auto}',
      ...rules,
    ].join('\n') + '\n'
  )
}

/**
 * The end of the first screen, and a hint that holds the first paint until the parser has passed
 * it (`<link rel=expect blocking=render>`, Chromium 124+; other browsers ignore it). Without it a
 * busy machine painted pages half-parsed, and what the rest of the markup completed grew in front
 * of the reader, a layout shift before any script ran: the tour's header tools and step bar (5
 * takeovers of 30), and the lab page's Compare button, drawn as its icon before its words
 * arrived. The first paint then comes 60–180 ms later (bench/paint.ts, one build with and
 * without), but shows the whole first screen, and nothing in it moves.
 */
const FIRST_SCREEN_END_ID = 'fl-first-screen-end'
const EXPECT_LINK = `<link rel="expect" href="#${FIRST_SCREEN_END_ID}" blocking="render">`
const END_MARK = `<span id="${FIRST_SCREEN_END_ID}" hidden></span>`

const stripStyles = (html: string) => html.replace(/ style="[^"]*"/g, '')

export function withFirstScreen(html: string, plan: PagePlan, cssHref: string): string {
  const { screen, frameClass, script, file } = plan
  const drawings = screen.drawings
    .map((d) => `<div class="fl-first-paint-drawing">${d.markup}</div>`)
    .join('')
  const emptyFrame = `<div class="${frameClass}"></div>`
  if (!screen.page.includes(emptyFrame)) {
    throw new Error(`prerender: ${file}'s first screen has no empty ${frameClass} to draw into`)
  }
  const page = stripStyles(
    screen.page.replace(
      emptyFrame,
      `<div class="${frameClass}"><div class="fl-first-paint"><div class="fl-first-paint-box">${drawings}</div></div></div>`,
    ),
  )
  const hash = createHash('sha256').update(script).digest('base64')
  const root = '<div id="root">'
  // The CSP meta as Vite writes it (quotes escaped); the hash joins script-src.
  const csp = 'script-src &#39;self&#39;'
  for (const [what, needle] of [
    ['a #root', root],
    ["a CSP with script-src 'self'", csp],
    ['a </head>', '</head>'],
  ] as const) {
    if (!html.includes(needle)) throw new Error(`prerender: dist/${file} has no ${what}`)
  }
  const firstAsset = html.search(
    /<(script\b[^>]*\bsrc=|link\b[^>]*\brel="(stylesheet|modulepreload)")/,
  )
  if (firstAsset < 0 || firstAsset > html.indexOf('</head>')) {
    throw new Error(`prerender: dist/${file} loads no script or stylesheet in its <head>`)
  }
  return `${html.slice(0, firstAsset)}<script>${script}</script>\n    ${html.slice(firstAsset)}`
    .replace(csp, `${csp} &#39;sha256-${hash}&#39;`)
    .replace(
      '</head>',
      `  <link rel="stylesheet" href="${cssHref}" data-fl-diagram>\n    ${EXPECT_LINK}\n  </head>`,
    )
    .replace(root, `${root}${page}${END_MARK}`)
}

/**
 * The parts of a first screen that belong to its scenario, hidden under a link to another. Their
 * space stays, so nothing moves when the app draws the linked scenario. The drawings are not
 * even laid out (their box keeps its height by itself, `.fl-first-paint-box`): hidden anyway,
 * they only cost the first frame's layout, which a heavy link's page can least afford.
 */
const linkedRules = (parts: string) => [
  `.fl-linked [${PRERENDERED_MARK}] :is(${parts}){visibility:hidden}`,
  `.fl-linked [${PRERENDERED_MARK}] .fl-first-paint-drawing{display:none}`,
]

async function plans(module: typeof Screens): Promise<PagePlan[]> {
  const tour = module.renderTourFirstScreen(TOUR_DRAWING_WIDTHS_PX, TOUR_MAX_DIAGRAM_WIDTH_PX)
  return [
    {
      file: 'index.html',
      screen: module.renderFirstScreen(DRAWING_WIDTHS_PX, MAX_DIAGRAM_WIDTH_PX),
      frameClass: 'fl-diagram-frame',
      script: LINKED_SCRIPT,
      rules: linkedRules('.fl-picker-select,.fl-question,.fl-caption,.fl-first-paint'),
    },
    {
      file: 'tour.html',
      screen: tour,
      frameClass: 'fl-tour-diagram',
      script: tourLinkedScript(tour.hash),
      rules: linkedRules('.fl-tour-main'),
    },
    {
      file: 'embed.html',
      screen: await module.renderEmbedFirstScreen(
        EMBED_DRAWING_WIDTHS_PX,
        EMBED_MAX_DIAGRAM_WIDTH_PX,
      ),
      frameClass: 'fl-diagram-frame',
      script: EMBED_DEFAULT_SCRIPT,
      rules: [
        '.fl-embed-first{display:none}',
        '.fl-default .fl-embed-first{display:block}',
        '.fl-default .fl-embed-boot{display:none}',
      ],
    },
  ]
}

async function main(): Promise<void> {
  const startedMs = performance.now()
  const { module } = await runnerImport<typeof Screens>(ENTRY, {
    configFile: false,
    logLevel: 'error',
    plugins: [noCss],
  })
  for (const plan of await plans(module)) {
    const css = firstPaintCss(plan.screen, module.DIAGRAM_CSS, plan.rules)
    const cssFile = `assets/first-paint-${createHash('sha256').update(css).digest('hex').slice(0, 8)}.css`
    writeFileSync(new URL(cssFile, DIST), css)
    const url = new URL(plan.file, DIST)
    const html = readFileSync(url, 'utf8')
    if (html.includes(PRERENDERED_MARK)) throw new Error(`prerender: dist/${plan.file} has it`)
    writeFileSync(url, withFirstScreen(html, plan, `./${cssFile}`))
  }
  const ms = Math.round(performance.now() - startedMs)
  console.log(`prerendered the first screens of index.html, tour.html, embed.html (${ms} ms)`)
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await main()
