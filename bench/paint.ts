/**
 * First paint of the pages a reader opens (issue 18): first contentful paint, largest contentful
 * paint and cumulative layout shift of index.html, tour.html and embed.html?scenario=gc-pause,
 * each in a fresh context (cold cache), interleaved with a blank page from the same server — a
 * title and a paragraph, no script — whose figures are the reference. Medians of BENCH_PAINT_LOADS
 * (default 7) loads each, after one unmeasured round. CLS is read once the page has been
 * interactive for a while (PAINT_SETTLE_MS), so the app's taking over the first screen counts.
 *
 * The custom element is measured where it lives, in someone else's page: a blog post with the
 * README's `<fencing-lab>` snippet (its figure as the fallback) and the README's advice for the
 * host's stylesheet (reserve the element's height until it is defined). Only that page's layout
 * shift is the element's doing (its paints are the post's), so only its CLS is reported.
 *
 * Run it alone: `npx tsx bench/run.ts paint` (build first: `npm run build`).
 */
import type { Browser } from '@playwright/test'
import { ELEMENT_RESERVATION_CSS } from '../e2e/embedHost'
import { readmeSnippets } from '../src/ui/share/presetFigures'
import { openPreview, settledInPage } from './browser'
import type { BenchResult } from './result'
import { median, round } from './stats'

const LOADS = Number(process.env.BENCH_PAINT_LOADS ?? 7)
const VIEWPORT = { width: 1280, height: 800 }
/** After load, how long shifts and larger paints are still collected. */
const PAINT_SETTLE_MS = 1500

const BLANK_PATH = '/bench-paint-blank.html'
const BLANK_HTML =
  '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Blank</title></head>' +
  '<body><h1>Fencing Lab</h1><p>What happens to work already in flight when a lease expires?</p>' +
  '</body></html>'

const ELEMENT_POST_PATH = '/bench-paint-element-post.html'

/**
 * A blog post with the README's element snippet, and the README's reservation in the post's
 * stylesheet (its column is a common blog's: 720 px, images scaled to fit).
 */
function elementPost(base: string): string {
  const paragraph =
    '<p>A lease expires on a clock the holder does not share: a paused holder still believes ' +
    'it holds the lock when it wakes, and only the resource can stop its write.</p>'
  return (
    '<!doctype html><html lang="en"><head><meta charset="utf-8">' +
    '<meta name="viewport" content="width=device-width, initial-scale=1"><title>A post</title>' +
    '<style>body{margin:0;font:18px/1.6 Georgia,serif}main{max-width:720px;margin:0 auto;' +
    `padding:0 16px}img{max-width:100%;height:auto}${ELEMENT_RESERVATION_CSS}</style></head>` +
    '<body><main>' +
    `<h1>Why your lock needs a fencing token</h1>${paragraph}` +
    `${readmeSnippets(`${base}/`).element}${paragraph.repeat(6)}</main></body></html>`
  )
}

const PAGES = {
  blank: BLANK_PATH,
  index: '/',
  tour: '/tour.html',
  embed: '/embed.html?scenario=gc-pause',
  element: ELEMENT_POST_PATH,
} as const
type PageKey = keyof typeof PAGES

/** Collects LCP candidates and layout shifts from the page's start (a string: see lab.ts). */
const PAINT_PROBE = `(() => {
  window.flPaint = { lcpMs: 0, cls: 0 }
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) window.flPaint.lcpMs = e.startTime
  }).observe({ type: 'largest-contentful-paint', buffered: true })
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) if (!e.hadRecentInput) window.flPaint.cls += e.value
  }).observe({ type: 'layout-shift', buffered: true })
  window.flPainted = new Promise((resolve) => {
    new PerformanceObserver((list) => {
      if (list.getEntriesByName('first-contentful-paint').length > 0) resolve(true)
    }).observe({ type: 'paint', buffered: true })
  })
})()`

interface Paint {
  fcpMs: number
  lcpMs: number
  cls: number
}

declare global {
  interface Window {
    flPaint?: { lcpMs: number; cls: number }
    flPainted?: Promise<true>
  }
}

async function coldPaint(browser: Browser, base: string, path: string): Promise<Paint> {
  const context = await browser.newContext({ viewport: VIEWPORT })
  await context.route(`${base}${BLANK_PATH}`, (route) =>
    route.fulfill({ contentType: 'text/html; charset=utf-8', body: BLANK_HTML }),
  )
  await context.route(`${base}${ELEMENT_POST_PATH}`, (route) =>
    route.fulfill({ contentType: 'text/html; charset=utf-8', body: elementPost(base) }),
  )
  const page = await context.newPage()
  try {
    await page.addInitScript({ content: PAINT_PROBE })
    await page.goto(`${base}${path}`, { waitUntil: 'load' })
    // A loaded machine may paint late: wait for the first contentful paint, then settle. Read
    // without Playwright's injected script, whose evaluation would land among the app's start.
    await settledInPage(page, 'window.flPainted', 30_000)
    await page.waitForTimeout(PAINT_SETTLE_MS)
    return await page.evaluate(() => {
      const fcp = performance.getEntriesByName('first-contentful-paint')[0]
      if (fcp === undefined) throw new Error('no first-contentful-paint entry')
      const paint = window.flPaint ?? { lcpMs: 0, cls: 0 }
      return { fcpMs: fcp.startTime, lcpMs: paint.lcpMs, cls: paint.cls }
    })
  } finally {
    await context.close()
  }
}

export async function benchPaint(): Promise<BenchResult[]> {
  const preview = await openPreview()
  try {
    const samples = Object.fromEntries(
      Object.keys(PAGES).map((key) => [key, [] as Paint[]]),
    ) as Record<PageKey, Paint[]>
    for (let i = 0; i <= LOADS; i++) {
      for (const key of Object.keys(PAGES) as PageKey[]) {
        const paint = await coldPaint(preview.browser, preview.base, PAGES[key])
        if (i > 0) samples[key].push(paint)
      }
    }
    return report(samples)
  } finally {
    await preview.close()
  }
}

/** Each figure and the pages it is reported for (the post's paints are the post's own). */
const FIGURES = [
  { key: 'fcpMs', name: 'fcp_ms', unit: 'ms', digits: 1, pages: ['index', 'tour', 'embed'] },
  { key: 'lcpMs', name: 'lcp_ms', unit: 'ms', digits: 1, pages: ['index', 'tour', 'embed'] },
  { key: 'cls', name: 'cls', unit: '', digits: 4, pages: ['index', 'tour', 'embed', 'element'] },
] as const

function report(samples: Record<PageKey, Paint[]>): BenchResult[] {
  const results: BenchResult[] = []
  for (const figure of FIGURES) {
    const values = (key: PageKey) => samples[key].map((s) => s[figure.key])
    const blank = median(values('blank'))
    const reference = `reference.${figure.name}.blank-page`
    results.push({
      name: reference,
      value: round(blank, figure.digits),
      unit: figure.unit,
      detail: {
        path: 'a static page: a heading and a paragraph, no script, same origin',
        samples: values('blank').map((v) => round(v, figure.digits)),
      },
    })
    for (const key of figure.pages) {
      const value = median(values(key))
      results.push({
        name: `paint.${figure.name}.${key}`,
        value: round(value, figure.digits),
        unit: figure.unit,
        ...(figure.key === 'cls' ? { target: '<= 0' } : {}),
        reference,
        // A ratio to a blank page's CLS (0) says nothing: CLS is judged against its target.
        ...(figure.key === 'cls' || blank === 0 ? {} : { ratio: round(value / blank, 2) }),
        detail: {
          path: PAGES[key],
          ...(key === 'element'
            ? { page: "a blog post (720 px column) with the README's snippet and reservation" }
            : {}),
          viewport: `${VIEWPORT.width}×${VIEWPORT.height}`,
          loads: samples[key].length,
          samples: values(key).map((v) => round(v, figure.digits)),
        },
      })
    }
  }
  return results
}
