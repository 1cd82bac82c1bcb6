/**
 * A blog post that embeds the lab, served from a fake origin (http://blog.example) by
 * `page.route`, so the iframe is cross-origin exactly as on a real blog. The post runs under a
 * strict Content-Security-Policy (no inline script or style anywhere), and its stylesheet sets
 * `html { font-size: 62.5% }`, the classic rem trap for widgets.
 */
import type { BrowserContext, FrameLocator, LaunchOptions, Locator, Page } from '@playwright/test'
import { expect } from '@playwright/test'
import { CHROMIUM_ARGS, resolveChromium } from './chromium'
import { RESERVED_HEIGHT_PX, WIDE_HEIGHT_PX } from '../src/ui/share/snippets'

export const BLOG = 'http://blog.example'

export interface PostOptions {
  /** The embed's lab origin (the preview server): http://127.0.0.1:<port>. */
  lab: string
  /** Query (and hash) of the iframe's embed.html; null for no iframe. */
  iframe?: string | null
  /** The iframe's height attribute (what a page reserves). */
  iframeHeight?: number
  /** Attributes of one <fencing-lab> (HTML-escaped by the caller); null for none. */
  element?: string | null
  /** Load public/embed-host.js. */
  hostScript?: boolean
  /** The iframe's sandbox attribute, or null for none. */
  sandbox?: string | null
}

const FILLER = Array.from(
  { length: 8 },
  (_, i) =>
    `<p>Paragraph ${i + 1}. A lease expires on a clock that the holder does not share. The
    holder may be paused for a garbage collection, swapped out, or stuck behind a slow network,
    and when it wakes it still believes it holds the lock. Only the resource can stop it.</p>`,
).join('\n')

export function blogPost(options: PostOptions): string {
  const {
    lab,
    iframe = null,
    iframeHeight = 300,
    element = null,
    hostScript = true,
    sandbox = null,
  } = options
  const scripts = [
    hostScript ? `<script src="${lab}/embed-host.js" defer></script>` : '',
    element !== null ? `<script src="${lab}/fencing-lab.js" defer></script>` : '',
  ].join('\n')
  const frame =
    iframe === null
      ? ''
      : `<iframe id="first" title="Fencing Lab: a GC pause, fenced" src="${lab}/embed.html${iframe}"
          loading="lazy" width="640" height="${iframeHeight}"${
            sandbox === null ? '' : ` sandbox="${sandbox}"`
          }></iframe>`
  const custom = element === null ? '' : `<fencing-lab id="second" ${element}></fencing-lab>`
  return `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>Why your lock needs a fencing token</title>
    <link rel="stylesheet" href="${BLOG}/blog.css" />
    ${scripts}
  </head>
  <body>
    <main>
      <article>
        <h1>Why your lock needs a fencing token</h1>
        <p>Here is the whole story, live: press play.</p>
        ${frame}
        <p>And the same trap with a lock delay instead of tokens:</p>
        ${custom}
        ${FILLER}
      </article>
    </main>
  </body>
</html>`
}

/**
 * The README's advice to a page with a `<fencing-lab>` of minimal controls: reserve its height
 * until it is defined (the phone's in a column under 640 px; this post's column is 680 px wide
 * on a desktop and narrower than the window's 640 on a phone).
 */
export const ELEMENT_RESERVATION_CSS = `
fencing-lab:not(:defined) { display: block; min-height: ${WIDE_HEIGHT_PX.minimal}px; }
@media (max-width: 639px) { fencing-lab:not(:defined) { min-height: ${RESERVED_HEIGHT_PX.minimal}px; } }
`

const BLOG_CSS = `
html { font-size: 62.5%; }
body { margin: 0; font: 1.8rem/1.6 Georgia, serif; color: #222; background: #fffdf8; }
main { max-width: 680px; margin: 0 auto; padding: 0 20px 40px; }
iframe { display: block; width: 100%; border: 0; }
fencing-lab { margin: 16px 0; }
${ELEMENT_RESERVATION_CSS}`

/** Serves the post (and its stylesheet) at BLOG/post.html under a strict CSP; counts requests. */
export async function serveBlog(
  context: BrowserContext | Page,
  html: string,
  lab: string,
): Promise<{ served: string[] }> {
  const served: string[] = []
  const csp = [
    "default-src 'none'",
    `script-src ${lab}`,
    "style-src 'self'",
    `frame-src ${lab}`,
    "img-src 'self' data:",
    "base-uri 'none'",
  ].join('; ')
  await context.route(`${BLOG}/**`, async (route) => {
    const url = route.request().url()
    served.push(url)
    if (url === `${BLOG}/post.html`) {
      await route.fulfill({
        contentType: 'text/html; charset=utf-8',
        headers: { 'Content-Security-Policy': csp },
        body: html,
      })
    } else if (url === `${BLOG}/blog.css`) {
      await route.fulfill({ contentType: 'text/css', body: BLOG_CSS })
    } else {
      await route.fulfill({ status: 404, body: '' })
    }
  })
  return { served }
}

/**
 * Chromium's Private/Local Network Access blocks a public, non-secure page (the fake blog) from
 * loading anything on loopback (the preview server). A real lab lives on a public host, where
 * that check never applies; these flags model that, for the blog tests only.
 */
export const PUBLIC_LAB_ARGS: readonly string[] = [
  '--disable-features=BlockInsecurePrivateNetworkRequests,PrivateNetworkAccessForNavigations,PrivateNetworkAccessSendPreflights,LocalNetworkAccessChecks',
]

/** Chromium as the blog tests launch it: the system browser, with PUBLIC_LAB_ARGS. */
export function blogLaunchOptions(): LaunchOptions {
  const executablePath = resolveChromium()
  return {
    ...(executablePath ? { executablePath } : {}),
    args: [...CHROMIUM_ARGS, ...PUBLIC_LAB_ARGS],
  }
}

/** The post does not scroll sideways (a phone's width included). */
export async function expectNoSidewaysScroll(page: Page, what?: string): Promise<void> {
  expect(
    await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth),
    what,
  ).toBe(true)
}

/** The height of the embed's content inside its frame, in whole px. */
export function frameContentHeight(frame: FrameLocator): Promise<number> {
  return frame.locator('html').evaluate((el) => Math.ceil(el.getBoundingClientRect().height))
}

/**
 * The embed's iframe is as tall as its content (embed-host.js sized it) and the post does not
 * scroll sideways (width="100%").
 */
export async function expectFrameFitsPost(
  page: Page,
  iframe: Locator,
  frame: FrameLocator,
  what?: string,
): Promise<void> {
  const contentHeight = () => frameContentHeight(frame)
  await expect
    .poll(
      async () =>
        Math.abs((await iframe.evaluate((el) => el.clientHeight)) - (await contentHeight())),
      what === undefined ? {} : { message: what },
    )
    .toBeLessThanOrEqual(1)
  await expectNoSidewaysScroll(page, what)
}
