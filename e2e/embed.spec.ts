/**
 * The embed the way a blog uses it: a cross-origin post (http://blog.example, served by
 * page.route under a strict CSP) with an iframe and a <fencing-lab> of different presets, and
 * embed.html on its own for its controls, theme, range, autoplay and bad links. After every
 * test: no console error, no CSP violation, and no request to anything but the loopback lab
 * and the routed blog.
 */
import AxeBuilder from '@axe-core/playwright'
import type { FrameLocator, Locator, Page } from '@playwright/test'
import { expect, test } from './fixtures'
import { encodeScenario } from '../src/link/encode'
import { findPreset } from '../src/sim'
import type { PostOptions } from './embedHost'
import { BLOG, blogLaunchOptions, blogPost, serveBlog } from './embedHost'
import { axeScan, WCAG_TAGS } from './axe'
import { RESERVED_HEIGHT_PX, WIDE_HEIGHT_PX } from '../src/ui/share/snippets'

const GC_PAUSE = 'GC pause: token 41 vs 42'
const LOCK_DELAY = 'Lock-delay covers a bounded pause'
const LOOPBACK = new Set(['127.0.0.1', 'localhost', '[::1]'])
// The marks layer: the figure's group, between the background layer and the cursor's overlay;
// the app's, not the prerendered copy that embed.html shows until the app takes over (its three
// drawings would match too).
const DIAGRAM = 'svg.fl-marks-layer:not([data-prerendered] *)'

test.use({
  launchOptions: blogLaunchOptions(),
})

let requests: string[] = []
let served: string[] = []

test.beforeEach(async ({ context }) => {
  requests = []
  served = []
  context.on('request', (request) => requests.push(request.url()))
  // Every frame reports CSP violations (an inline style or script the host's policy blocks).
  await context.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      console.error(`CSP violation: ${event.violatedDirective} ${event.blockedURI}`)
    })
  })
})

test.afterEach(() => {
  expect(requests.length).toBeGreaterThan(0)
  for (const url of requests) {
    const { protocol, hostname } = new URL(url)
    if (protocol === 'data:' || protocol === 'blob:') continue
    // The blog is fake: each of its requests was answered by the route, never the network.
    const allowed = LOOPBACK.has(hostname) || (hostname === 'blog.example' && served.includes(url))
    expect(allowed, `request to ${url}`).toBe(true)
  }
})

function labOrigin(baseURL: string | undefined): string {
  if (baseURL === undefined) throw new Error('no baseURL')
  return new URL(baseURL).origin
}

async function openPost(
  page: Page,
  baseURL: string | undefined,
  options: Omit<PostOptions, 'lab'>,
) {
  const lab = labOrigin(baseURL)
  served = (await serveBlog(page, blogPost({ lab, ...options }), lab)).served
  await page.goto(`${BLOG}/post.html`)
}

function slider(scope: Page | FrameLocator | Locator): Locator {
  return scope.getByRole('slider', { name: 'Time' })
}

async function hostFocusAndScroll(page: Page) {
  return page.evaluate(() => ({
    scrollY: window.scrollY,
    active:
      document.activeElement === document.body
        ? 'body'
        : (document.activeElement?.outerHTML.slice(0, 80) ?? 'none'),
  }))
}

/**
 * Scrolls a locator into view and waits two frames: a click right after a scroll can be routed by
 * the compositor's previous hit-test data to the cross-origin frame that was under that point.
 */
/** A layout-shift entry (not in TypeScript's DOM library yet). */
interface LayoutShiftEntry {
  startTime: number
  sources: { node: Node | null }[]
}

async function settledInView(page: Page, locator: Locator) {
  await locator.scrollIntoViewIfNeeded()
  await page.evaluate(
    () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
  )
}

/** The story caption's line as shown (the lines it is sized by are unseen: SteadyCaption). */
function storyCaption(scope: Page | Locator): Locator {
  return scope.locator('.fl-caption-text').filter({ visible: true })
}

/**
 * Presses `step` until it is disabled (at most `most` times), reading at each moment the embed's
 * height with the diagram's place ("height top") and the caption shown.
 */
async function placesOverStory(
  page: Page,
  step: Locator,
  most: number,
): Promise<{ places: Set<string>; lines: Set<string> }> {
  const places = new Set<string>()
  const lines = new Set<string>()
  for (let i = 0; i < most; i++) {
    const height = await page
      .locator('html')
      .evaluate((html) => html.getBoundingClientRect().height)
    const top = await page.locator(DIAGRAM).evaluate((svg) => svg.getBoundingClientRect().top)
    places.add(`${height} ${top}`)
    lines.add((await storyCaption(page).textContent()) ?? '')
    if (!(await step.isEnabled())) break
    await step.click()
    await page.evaluate(
      () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
    )
  }
  return { places, lines }
}

async function embedBackground(scope: Locator): Promise<string> {
  return scope.evaluate((el) => getComputedStyle(el).backgroundColor)
}

test.describe('a blog post with an iframe and a custom element', () => {
  test('both work, independently, and leave the host page alone', async ({ page, baseURL }) => {
    // Steps land at once (no glide), so each value read is final: a cross-origin frame scrolled
    // out of view gets no animation frames until it is back.
    await page.emulateMedia({ reducedMotion: 'reduce' })
    await openPost(page, baseURL, {
      iframe: '?scenario=gc-pause&controls=minimal&id=first',
      element: 'scenario="lock-delay" controls="minimal"',
    })
    const frame = page.frameLocator('#first')
    const element = page.locator('#second')
    await expect(frame.locator('.fl-embed-title')).toHaveText(GC_PAUSE)
    await expect(element.locator('.fl-embed-title')).toHaveText(LOCK_DELAY)
    await expect(frame.locator(DIAGRAM)).toBeVisible()
    await expect(element.locator(DIAGRAM)).toBeVisible()
    // Each links to the full lab (beside embed.html / fencing-lab.js) on its own scenario.
    const lab = labOrigin(baseURL)
    await expect(frame.getByRole('link', { name: /Open in Fencing Lab/ })).toHaveAttribute(
      'href',
      `${lab}/?scenario=gc-pause`,
    )
    await expect(element.getByRole('link', { name: /Open in Fencing Lab/ })).toHaveAttribute(
      'href',
      `${lab}/?scenario=lock-delay`,
    )
    // Everything loaded and drawn: the host has not scrolled and still has its focus.
    await page.waitForTimeout(300)
    expect(await hostFocusAndScroll(page)).toEqual({ scrollY: 0, active: 'body' })

    // Each embed has its own lab: stepping one leaves the other where it was.
    await frame.getByRole('button', { name: 'Step forward' }).click()
    await expect(slider(frame)).not.toHaveValue('0')
    await expect(slider(element)).toHaveValue('0')
    const inFrame = await slider(frame).inputValue()
    await settledInView(page, element.getByRole('button', { name: 'Step forward' }))
    await element.getByRole('button', { name: 'Step forward' }).click()
    await element.getByRole('button', { name: 'Step forward' }).click()
    await expect(slider(element)).not.toHaveValue('0')
    await expect(slider(frame)).toHaveValue(inFrame)

    // No storage, no cookies, no address change — on the host or inside the frame.
    const storage = () => ({
      local: localStorage.length,
      session: sessionStorage.length,
      cookie: document.cookie,
      hash: location.hash,
    })
    expect(await page.evaluate(storage)).toEqual({ local: 0, session: 0, cookie: '', hash: '' })
    const iframeWindow = page.frame({ url: /embed\.html/ })
    expect(await iframeWindow?.evaluate(storage)).toEqual({
      local: 0,
      session: 0,
      cookie: '',
      hash: '',
    })
    expect(iframeWindow?.url()).toMatch(/embed\.html\?scenario=gc-pause&controls=minimal&id=first$/)
    expect(page.url()).toBe(`${BLOG}/post.html`)
    expect(await page.context().cookies()).toEqual([])
  })

  test('the iframe grows to its content (embed-host.js) and follows it', async ({
    page,
    baseURL,
  }) => {
    await openPost(page, baseURL, { iframe: '?scenario=gc-pause&controls=full', iframeHeight: 300 })
    const iframe = page.locator('#first')
    const frame = page.frameLocator('#first')
    await expect(frame.locator(DIAGRAM)).toBeVisible()
    const contentHeight = () =>
      frame.locator('html').evaluate((html) => Math.ceil(html.getBoundingClientRect().height))
    const frameHeight = () => iframe.evaluate((el) => el.getBoundingClientRect().height)
    await expect.poll(frameHeight).toBeGreaterThan(500)
    expect(await frameHeight()).toBe(await contentHeight())
    // The frame's document does not scroll: it is exactly as tall as its content.
    expect(
      await frame.locator('html').evaluate((html) => html.scrollHeight <= html.clientHeight),
    ).toBe(true)

    // Hear what the frame says from now on, in both shapes.
    await page.evaluate(() => {
      const heard: unknown[] = []
      ;(window as { heard?: unknown[] }).heard = heard
      window.addEventListener('message', (event) => heard.push(event.data))
    })
    const before = await frameHeight()
    await frame.getByText('Break things, state and event log').click()
    await expect(frame.getByRole('list', { name: 'Event log' })).toBeVisible()
    await expect.poll(frameHeight).toBeGreaterThan(before + 200)
    expect(await frameHeight()).toBe(await contentHeight())
    await frame.getByText('Break things, state and event log').click()
    await expect.poll(frameHeight).toBe(before)
    const heard = await page.evaluate(() => (window as { heard?: unknown[] }).heard ?? [])
    const ours = heard.filter(
      (m): m is { type: string; height: number } =>
        typeof m === 'object' &&
        m !== null &&
        (m as { type?: unknown }).type === 'fencing-lab:resize',
    )
    const grown = Math.max(...ours.map((m) => m.height))
    expect(grown).toBeGreaterThan(before + 200)
    expect(heard).toContainEqual({ type: 'fencing-lab:resize', height: before, id: null })
    const embedly = heard
      .filter((m): m is string => typeof m === 'string')
      .map((m) => JSON.parse(m) as unknown)
    expect(embedly).toContainEqual({
      context: 'iframe.resize',
      height: grown,
      src: expect.stringMatching(/\/embed\.html\?scenario=gc-pause&controls=full$/),
    })
  })

  // Chromium anchors the scroll itself (CSS scroll anchoring); Safari before 18 does not, nor a
  // page with overflow-anchor: none. embed-host.js must keep the place in both, never twice.
  for (const anchoring of ['auto', 'none'] as const) {
    test(`a frame above the viewport changes height without moving the text being read (overflow-anchor: ${anchoring})`, async ({
      page,
      baseURL,
    }) => {
      await openPost(page, baseURL, {
        iframe: '?scenario=gc-pause&controls=full',
        iframeHeight: 300,
      })
      // Through the CSSOM: the post's policy allows no inline style.
      await page.evaluate((value) => {
        document.documentElement.style.overflowAnchor = value
      }, anchoring)
      const iframe = page.locator('#first')
      const frame = page.frameLocator('#first')
      await expect(frame.locator(DIAGRAM)).toBeVisible()
      const frameHeight = () => iframe.evaluate((el) => el.getBoundingClientRect().height)
      await expect.poll(frameHeight).toBeGreaterThan(500)
      // The reader has scrolled past the frame and reads paragraph 4.
      const reading = page.getByText('Paragraph 4.', { exact: false })
      await reading.evaluate((el) => window.scrollTo(0, el.getBoundingClientRect().top + scrollY))
      const top = () => reading.evaluate((el) => Math.round(el.getBoundingClientRect().top))
      expect(await iframe.evaluate((el) => el.getBoundingClientRect().bottom)).toBeLessThan(0)
      const readAt = await top()
      // The frame says it grew, then shrank (Chromium throttles an off-screen cross-origin
      // frame's rendering, so its own ResizeObserver would wait; its window posts the same way).
      const before = await frameHeight()
      const say = (height: number) =>
        frame.locator('html').evaluate((_, h) => {
          parent.postMessage({ type: 'fencing-lab:resize', height: h, id: null }, '*')
        }, height)
      await say(before + 190)
      await expect.poll(frameHeight).toBe(before + 190)
      expect(Math.abs((await top()) - readAt)).toBeLessThanOrEqual(1)
      await say(before - 100)
      await expect.poll(frameHeight).toBe(before - 100)
      expect(Math.abs((await top()) - readAt)).toBeLessThanOrEqual(1)
    })
  }

  test('embed-host.js trusts only its frames, clamps heights and ignores other messages', async ({
    page,
    baseURL,
  }) => {
    await openPost(page, baseURL, { iframe: '?scenario=gc-pause&controls=minimal' })
    const iframe = page.locator('#first')
    const frame = page.frameLocator('#first')
    await expect(frame.locator(DIAGRAM)).toBeVisible()
    const frameHeight = () => iframe.evaluate((el) => el.getBoundingClientRect().height)
    await expect.poll(frameHeight).toBeGreaterThan(400)
    const settled = await frameHeight()
    // From the host page itself (not the frame): ignored.
    await page.evaluate(() => window.postMessage({ type: 'fencing-lab:resize', height: 200 }, '*'))
    // From the frame, but of unknown shape or with a height that is not a number: ignored.
    const child = page.frame({ url: /embed\.html/ })
    if (child === null) throw new Error('no embed frame')
    await child.evaluate(() => {
      parent.postMessage({ type: 'fencing-lab:resize', height: '200' }, '*')
      parent.postMessage({ type: 'something-else', height: 200 }, '*')
      parent.postMessage(JSON.stringify({ type: 'fencing-lab:resize', height: 200 }), '*')
    })
    await page.waitForTimeout(200)
    expect(await frameHeight()).toBe(settled)
    // From the frame, absurd heights: clamped to 120…4000 px.
    await child.evaluate(() => parent.postMessage({ type: 'fencing-lab:resize', height: 1e9 }, '*'))
    await expect.poll(frameHeight).toBe(4000)
    await child.evaluate(() => parent.postMessage({ type: 'fencing-lab:resize', height: -5 }, '*'))
    await expect.poll(frameHeight).toBe(120)
  })

  test('without the host script the iframe keeps the height the page reserved (sandboxed)', async ({
    page,
    baseURL,
  }) => {
    await openPost(page, baseURL, {
      iframe: '?scenario=gc-pause&controls=minimal',
      iframeHeight: 630,
      hostScript: false,
      sandbox: 'allow-scripts allow-same-origin allow-popups allow-popups-to-escape-sandbox',
    })
    const frame = page.frameLocator('#first')
    await expect(frame.locator(DIAGRAM)).toBeVisible()
    await page.waitForTimeout(300)
    expect(await page.locator('#first').evaluate((el) => el.clientHeight)).toBe(630)
    // The documented reserved height holds the whole minimal embed: nothing scrolls inside.
    expect(
      await frame.locator('html').evaluate((html) => html.scrollHeight <= html.clientHeight),
    ).toBe(true)
    // It works inside the sandbox: a step moves the cursor.
    await frame.getByRole('button', { name: 'Step forward' }).click()
    await expect(slider(frame)).not.toHaveValue('0')
  })

  test('sandboxed without allow-same-origin (an opaque origin): it still renders, steps and is sized', async ({
    page,
    baseURL,
    pageErrors,
  }) => {
    await openPost(page, baseURL, {
      iframe: '?scenario=gc-pause&controls=minimal&id=first',
      iframeHeight: 300,
      sandbox: 'allow-scripts',
    })
    const frame = page.frameLocator('#first')
    await expect(frame.locator('.fl-embed-title')).toHaveText(GC_PAUSE)
    await expect(frame.locator(DIAGRAM)).toBeVisible()
    // The one-file classic copy started it, styled by its own stylesheet.
    expect(await frame.locator('html').getAttribute('data-fl-started')).toBe('classic')
    expect(await embedBackground(frame.locator('.fl-embed'))).not.toBe('rgba(0, 0, 0, 0)')
    // Its origin is opaque, yet embed-host.js sizes it: its own window posted the height.
    const iframe = page.locator('#first')
    await expect.poll(() => iframe.evaluate((el) => el.clientHeight)).toBeGreaterThan(400)
    await frame.getByRole('button', { name: 'Step forward' }).click()
    await expect(slider(frame)).not.toHaveValue('0')
    // The browser refused the module entry and its crossorigin stylesheet (CORS for origin
    // "null"): those are the only errors, and nothing else went wrong.
    const refused = pageErrors.filter((e) => /from origin 'null'|net::ERR_FAILED/.test(e))
    expect(refused.length).toBeGreaterThan(0)
    const others = pageErrors.filter((e) => !refused.includes(e))
    pageErrors.splice(0, pageErrors.length, ...others)
  })

  test('sandboxed without allow-scripts: it says what it needs', async ({
    page,
    baseURL,
    pageErrors,
  }) => {
    await openPost(page, baseURL, { iframe: '?scenario=gc-pause', sandbox: '' })
    const words = page.frameLocator('#first').locator('.fl-embed-boot')
    await expect(words.first()).toContainText(
      'in a sandboxed iframe, the sandbox needs allow-scripts',
    )
    await expect(words.first()).toBeVisible()
    // Scripts off in the frame: its <noscript> shows too, with the way to the static figures.
    await expect(words.nth(1)).toContainText('This live diagram needs JavaScript')
    // The browser's own report of the scripts it blocked is the only error.
    const blocked = pageErrors.filter((e) => /allow-scripts' permission is not set/.test(e))
    expect(blocked.length).toBeGreaterThan(0)
    const others = pageErrors.filter((e) => !blocked.includes(e))
    pageErrors.splice(0, pageErrors.length, ...others)
  })

  test('a plain wheel scrolls the host page, over the iframe and over the element', async ({
    page,
    baseURL,
  }) => {
    await openPost(page, baseURL, {
      iframe: '?scenario=gc-pause&controls=minimal',
      element: 'scenario="lock-delay" controls="minimal"',
    })
    const frame = page.frameLocator('#first')
    await expect(frame.locator(DIAGRAM)).toBeVisible()
    await expect
      .poll(() => page.locator('#first').evaluate((el) => el.clientHeight))
      .toBe(
        await frame
          .locator('html')
          .evaluate((html) => Math.ceil(html.getBoundingClientRect().height)),
      )
    const diagram = frame.locator(DIAGRAM)
    const box = await diagram.boundingBox()
    if (box === null) throw new Error('no diagram box')
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2)
    await page.mouse.wheel(0, 240)
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(100)

    const element = page.locator('#second').locator(DIAGRAM)
    await element.scrollIntoViewIfNeeded()
    const scrolled = await page.evaluate(() => window.scrollY)
    const elementBox = await element.boundingBox()
    if (elementBox === null) throw new Error('no element diagram box')
    await page.mouse.move(elementBox.x + 40, elementBox.y + elementBox.height / 2)
    await page.mouse.wheel(0, 200)
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(scrolled + 100)
  })

  test('shortcuts work only while the embed has focus', async ({ page, baseURL }) => {
    await openPost(page, baseURL, { element: 'scenario="lock-delay" controls="minimal"' })
    const element = page.locator('#second')
    await expect(element.locator(DIAGRAM)).toBeVisible()
    // On the host page, the keys are the host's.
    await page.keyboard.press('ArrowRight')
    await page.keyboard.press('End')
    await expect(slider(element)).toHaveValue('0')
    // Inside the embed they are the lab's; Tab leaves it again.
    await element.getByRole('button', { name: 'Step forward' }).focus()
    await page.keyboard.press('End')
    await expect(slider(element)).not.toHaveValue('0')
    const end = await slider(element).inputValue()
    await page.keyboard.press('Home')
    await expect(slider(element)).toHaveValue('0')
    expect(end).not.toBe('0')
    // No keyboard trap: Tab goes on through the element and out of it.
    let left = false
    for (let i = 0; i < 40 && !left; i++) {
      await page.keyboard.press('Tab')
      left = await page.evaluate(() => document.activeElement?.id !== 'second')
    }
    expect(left).toBe(true)
  })

  for (const [os, theme, background] of [
    ['light', 'dark', 'rgb(22, 26, 32)'],
    ['dark', 'light', 'rgb(255, 255, 255)'],
  ] as const) {
    test(`theme=${theme} wins over a ${os} system preference`, async ({ page, baseURL }) => {
      await page.emulateMedia({ colorScheme: os })
      await openPost(page, baseURL, {
        iframe: `?scenario=gc-pause&theme=${theme}`,
        element: `scenario="lock-delay" theme="${theme}"`,
      })
      const frameRoot = page.frameLocator('#first').locator('.fl-embed')
      const elementRoot = page.locator('#second').locator('.fl-embed')
      await expect(frameRoot).toHaveAttribute('data-theme', theme)
      expect(await embedBackground(frameRoot)).toBe(background)
      expect(
        await page
          .frameLocator('#first')
          .locator('html')
          .evaluate((html) => getComputedStyle(html).colorScheme),
      ).toBe(theme)
      await expect(elementRoot).toHaveAttribute('data-theme', theme)
      expect(await embedBackground(elementRoot)).toBe(background)
      // And with theme=auto the system preference decides.
      await page.locator('#second').evaluate((el) => el.setAttribute('theme', 'auto'))
      await expect(elementRoot).toHaveAttribute('data-theme', 'auto')
      expect(await embedBackground(elementRoot)).toBe(
        os === 'dark' ? 'rgb(22, 26, 32)' : 'rgb(255, 255, 255)',
      )
      // The host's dark-mode toggle reaches the iframe by a message, in place.
      const flipped = theme === 'dark' ? 'light' : 'dark'
      await page.locator('#first').evaluate((frame, t) => {
        ;(frame as HTMLIFrameElement).contentWindow?.postMessage(
          { type: 'fencing-lab:theme', theme: t },
          '*',
        )
      }, flipped)
      await expect(frameRoot).toHaveAttribute('data-theme', flipped)
      expect(await embedBackground(frameRoot)).toBe(
        flipped === 'dark' ? 'rgb(22, 26, 32)' : 'rgb(255, 255, 255)',
      )
    })
  }

  test('the element keeps the height the post reserved: nothing moves as it starts or while its story steps, not even its diagram', async ({
    page,
    baseURL,
  }) => {
    // Every layout shift of the post's own content, a reader's or not (the browser does not name
    // the nodes inside the element's shadow root: its diagram's place is read below).
    await page.addInitScript(() => {
      const w = window as unknown as { flShifts: string[] }
      w.flShifts = []
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as unknown as LayoutShiftEntry[]) {
          for (const source of entry.sources) {
            if (source.node?.getRootNode() !== document) continue
            const what = source.node instanceof Element ? source.node.outerHTML.slice(0, 60) : ''
            w.flShifts.push(`${Math.round(entry.startTime)} ms: ${what}`)
          }
        }
      }).observe({ type: 'layout-shift', buffered: true })
    })
    for (const viewport of [
      { width: 1280, height: 800 },
      { width: 390, height: 844 },
    ]) {
      await page.setViewportSize(viewport)
      await openPost(page, baseURL, { element: 'scenario="gc-pause" data-controls="minimal"' })
      const element = page.locator('#second')
      await expect(element.locator(DIAGRAM)).toBeVisible()
      const reserved = viewport.width >= 640 ? WIDE_HEIGHT_PX.minimal : RESERVED_HEIGHT_PX.minimal
      const height = () => element.evaluate((el) => el.getBoundingClientRect().height)
      expect(await height(), `${viewport.width} px wide`).toBe(reserved)
      // The diagram's place in the element: its caption keeps the story's longest line's height.
      const diagramTop = () =>
        element.evaluate((el) => {
          const svg = el.shadowRoot?.querySelector('svg.fl-marks-layer')
          return (svg?.getBoundingClientRect().top ?? 0) - el.getBoundingClientRect().top
        })
      const top = await diagramTop()
      const forward = element.getByRole('button', { name: 'Step forward' })
      await settledInView(page, forward)
      for (let step = 0; step < 12 && (await forward.isEnabled()); step++) {
        await forward.click()
        // Read in the frame after the step's, once the new caption is laid out.
        await page.evaluate(
          () =>
            new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
        )
        expect(await height(), `${viewport.width} px wide, after ${step + 1} steps`).toBe(reserved)
        expect(await diagramTop(), `${viewport.width} px wide, after ${step + 1} steps`).toBe(top)
      }
      const shifts = await page.evaluate(
        () => (window as unknown as { flShifts: string[] }).flShifts,
      )
      expect(shifts, `${viewport.width} px wide`).toEqual([])
    }
  })

  test('the host page’s root font size does not shrink the element', async ({ page, baseURL }) => {
    await openPost(page, baseURL, { element: 'scenario="lock-delay" controls="full"' })
    const root = page.locator('#second .fl-embed')
    await expect(root).toBeVisible()
    // The blog sets html { font-size: 62.5% }; the element keeps its own 14px and 36px buttons.
    expect(await root.evaluate((el) => getComputedStyle(el).fontSize)).toBe('14px')
    const button = page.locator('#second').getByRole('button', { name: 'Step forward' })
    expect(await button.evaluate((el) => el.getBoundingClientRect().height)).toBe(36)
    expect(await page.evaluate(() => getComputedStyle(document.body).fontFamily)).toContain(
      'Georgia',
    )
    expect(await root.evaluate((el) => getComputedStyle(el).fontFamily)).not.toContain('Georgia')
  })

  test('axe finds nothing in the post, inside the iframe and inside the element', async ({
    page,
    baseURL,
  }) => {
    await openPost(page, baseURL, {
      iframe: '?scenario=gc-pause&controls=full&t=16005',
      element: 'scenario="lock-delay" controls="minimal"',
    })
    await expect(page.frameLocator('#first').locator(DIAGRAM)).toBeVisible()
    await expect(page.locator('#second').locator(DIAGRAM)).toBeVisible()
    await page.frameLocator('#first').getByText('Break things, state and event log').click()
    await expect(page.frameLocator('#first').getByRole('list', { name: 'Event log' })).toBeVisible()
    // The default frame mode (not axeScan's): the iframe is cross-origin, as on a real blog.
    const results = await new AxeBuilder({ page }).withTags(WCAG_TAGS).analyze()
    expect(results.violations).toEqual([])
    // The scan did reach into the frame.
    expect(JSON.stringify(results.passes)).toContain('#first')
  })
})

test.describe('embed.html on its own', () => {
  test('tour=<chapter>: one chapter of the tour, stepped inside the frame, sized by embed-host.js', async ({
    page,
    baseURL,
  }) => {
    await openPost(page, baseURL, { iframe: '?tour=fencing&step=2&theme=dark', iframeHeight: 300 })
    const iframe = page.locator('#first')
    const frame = page.frameLocator('#first')
    await expect(frame.getByRole('heading', { level: 2 })).toContainText('token')
    const chapter = frame.locator('.fl-tour-chapter')
    await expect(chapter).toHaveAttribute('data-step', 'predict')
    await expect(frame.locator('html')).toHaveAttribute('data-theme', 'dark')
    // No page chrome of the tour page, and the host keeps its focus and scroll position.
    await expect(frame.getByText('Contents')).toHaveCount(0)
    expect(await page.evaluate(() => window.scrollY)).toBe(0)
    expect(await page.evaluate(() => document.activeElement?.tagName)).toBe('BODY')
    const contentHeight = () =>
      frame.locator('html').evaluate((html) => Math.ceil(html.getBoundingClientRect().height))
    await expect
      .poll(() => iframe.evaluate((el) => el.getBoundingClientRect().height))
      .toBe(await contentHeight())
    // The reader steps on inside the frame: the decisive event of the chapter shows.
    await frame
      .getByRole('navigation', { name: 'Tour' })
      .getByRole('button', { name: 'Next' })
      .click()
    await expect(chapter).toHaveAttribute('data-step', 'reject')
    await expect(frame.locator('.fl-tour-key')).toContainText(
      "storage rejected A's write: token 41 < 42",
    )
  })

  test('tour=<chapter> with a bad chapter: a message and the start of the tour', async ({
    page,
  }) => {
    await page.goto('/embed.html?tour=nope')
    await expect(page.getByRole('alert')).toContainText('There is no chapter “nope”')
    await expect(page.getByRole('heading', { level: 2 })).toBeVisible()
  })

  test('controls=none: the diagram, the caption and one play button', async ({ page }) => {
    await page.goto('/embed.html?scenario=gc-pause&controls=none')
    await expect(page.locator(DIAGRAM)).toBeVisible()
    await expect(storyCaption(page)).toBeVisible()
    await expect(page.getByRole('button', { name: 'Play', exact: true })).toBeVisible()
    await expect(slider(page)).toHaveCount(0)
    await expect(page.getByRole('button', { name: 'Step forward' })).toHaveCount(0)
    await expect(page.getByRole('button', { name: 'Next moment' })).toHaveCount(0)
    await expect(page.locator('details')).toHaveCount(0)
  })

  test('controls=minimal: play/pause, step back and forward, the scrubber', async ({ page }) => {
    await page.goto('/embed.html?scenario=gc-pause&controls=minimal')
    await expect(page.locator('.fl-embed-controls').getByRole('button')).toHaveCount(3)
    await expect(page.getByRole('button', { name: 'Next moment' })).toHaveCount(0)
    await expect(page.getByRole('button', { name: 'Step back' })).toBeVisible()
    await expect(page.getByRole('button', { name: 'Play', exact: true })).toBeVisible()
    await expect(page.getByRole('button', { name: 'Step forward' })).toBeVisible()
    await expect(slider(page)).toBeVisible()
    await expect(page.getByRole('slider', { name: 'Speed' })).toHaveCount(0)
    await expect(page.getByRole('button', { name: 'Jump to start' })).toHaveCount(0)
    await page.getByRole('button', { name: 'Step forward' }).click()
    await expect(storyCaption(page)).not.toHaveText('Press Play, or step forward to begin.')
  })

  test('the story caption keeps the height of its longest line: nothing below it moves', async ({
    page,
  }) => {
    // gc-pause in a phone's width: its lines take one to three rows.
    await page.setViewportSize({ width: 360, height: 900 })
    await page.goto('/embed.html?scenario=gc-pause&controls=minimal')
    const forward = page.getByRole('button', { name: 'Step forward' })
    await expect(forward).toBeEnabled()
    const { places } = await placesOverStory(page, forward, 12)
    expect([...places]).toHaveLength(1)
    // The lines it is measured by are unseen and unread.
    await expect(page.locator('.fl-caption-sizers')).toHaveAttribute('aria-hidden', 'true')
    await expect(page.locator('.fl-caption-sizers')).toBeHidden()
  })

  test('controls=minimal in a phone’s column: the track is long enough to aim at', async ({
    page,
  }) => {
    for (const width of [360, 390, 440, 479, 480, 640]) {
      await page.setViewportSize({ width, height: 900 })
      await page.goto('/embed.html?scenario=gc-pause&controls=minimal')
      const box = await page.getByRole('slider', { name: 'Time' }).boundingBox()
      // Beside the buttons and the clock it was 74 px at 390 and 124 at 440.
      expect(box?.width, `at ${width} px`).toBeGreaterThanOrEqual(160)
    }
  })

  test('with the full controls too, each story line in turn: one height, the diagram in place', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 360, height: 900 })
    await page.goto('/embed.html?scenario=gc-pause&controls=full')
    const next = page.getByRole('button', { name: 'Next moment' })
    await expect(next).toBeEnabled()
    const { places, lines } = await placesOverStory(page, next, 20)
    // Every one of gc-pause's nine lines was shown (they take one to three rows at 360 px).
    expect(lines.size).toBe(9)
    expect([...places]).toHaveLength(1)
    // The unseen lines' buttons (named by their text; the shown ones are "… moment") are
    // neither read nor reached.
    await expect(page.getByRole('button', { name: /moment$/ })).toHaveCount(2)
    await expect(page.getByRole('button', { name: 'Next ›' })).toHaveCount(0)
    await expect(page.locator('.fl-caption-sizers button').first()).toHaveAttribute(
      'tabindex',
      '-1',
    )
  })

  test('controls=full: the lab’s transport, and its panels loaded when opened', async ({
    page,
  }) => {
    const loaded: string[] = []
    page.on('request', (r) => loaded.push(new URL(r.url()).pathname))
    await page.goto('/embed.html?scenario=gc-pause&controls=full')
    for (const name of ['Jump to start', 'Next violation or rejection', 'Step forward']) {
      await expect(page.getByRole('button', { name })).toBeVisible()
    }
    await expect(page.getByRole('slider', { name: 'Speed' })).toBeVisible()
    await expect(page.getByRole('button', { name: 'Compare fencing on / off' })).toBeVisible()
    await expect(page.getByRole('button', { name: 'Next moment' })).toBeVisible()
    await expect(page.getByRole('list', { name: 'Event log' })).toHaveCount(0)
    expect(loaded.filter((p) => /\/assets\/Panels-/.test(p))).toEqual([])

    await page.getByText('Break things, state and event log').click()
    await expect(page.getByRole('tab', { name: 'Break things' })).toHaveAttribute(
      'aria-selected',
      'true',
    )
    await expect(page.getByRole('list', { name: 'Event log' })).toBeVisible()
    expect(loaded.filter((p) => /\/assets\/Panels-/.test(p))).toHaveLength(1)
    // The tools work: pausing B changes the run (an edit, inside the embed only).
    await page.getByRole('button', { name: 'Pause client B', exact: true }).click()
    await expect(page.getByRole('region', { name: 'Faults in this scenario' })).toContainText(
      'Pause client B at',
    )
    expect(await page.evaluate(() => location.search)).toBe('?scenario=gc-pause&controls=full')
  })

  test('autoplay and loop play inside the range, again and again', async ({ page }) => {
    await page.goto('/embed.html?scenario=gc-pause&autoplay=1&loop=1&from=9000&to=11500')
    await expect(slider(page)).toHaveAttribute('min', '9000')
    await expect(slider(page)).toHaveAttribute('max', '11500')
    await expect(page.getByRole('button', { name: 'Pause', exact: true })).toBeVisible()
    const seen: number[] = []
    for (let i = 0; i < 45; i++) {
      seen.push(Number(await slider(page).inputValue()))
      await page.waitForTimeout(150)
    }
    expect(Math.min(...seen)).toBeGreaterThanOrEqual(9000)
    expect(Math.max(...seen)).toBeLessThanOrEqual(11500)
    expect(seen).toContain(11500)
    // It went back to the start after reaching the end: the loop.
    const wrapped = seen.some((v, i) => i > 0 && v < (seen[i - 1] ?? 0))
    expect(wrapped).toBe(true)
    await expect(page.getByRole('button', { name: 'Pause', exact: true })).toBeVisible()
  })

  test('a range in steps: from=step:2 to=step:6', async ({ page }) => {
    await page.goto('/embed.html?scenario=gc-pause&from=step:2&to=step:6')
    const start = Number(await slider(page).getAttribute('min'))
    const end = Number(await slider(page).getAttribute('max'))
    expect(start).toBeGreaterThan(0)
    expect(end).toBeGreaterThan(start)
    await expect(slider(page)).toHaveValue(String(start))
    // step:N counts presses of Step forward, so step:2 to step:6 is four presses, after which
    // Step forward is disabled (the end of the range).
    const stepForward = page.getByRole('button', { name: 'Step forward' })
    for (let i = 0; i < 3; i++) {
      await stepForward.click()
      expect(Number(await slider(page).inputValue())).toBeLessThan(end)
    }
    await stepForward.click()
    await expect(slider(page)).toHaveValue(String(end))
    await expect(stepForward).toBeDisabled()
  })

  test.describe('with reduced motion', () => {
    test.use({ reducedMotion: 'reduce' })

    test('autoplay stays off', async ({ page }) => {
      await page.goto('/embed.html?scenario=gc-pause&autoplay=1&loop=1')
      await expect(page.locator(DIAGRAM)).toBeVisible()
      await page.waitForTimeout(600)
      await expect(page.getByRole('button', { name: 'Play', exact: true })).toBeVisible()
      await expect(slider(page)).toHaveValue('0')
    })
  })

  test('another preset is loaded when the link names it; the default one ships with the page', async ({
    page,
  }) => {
    const presetModules: string[] = []
    page.on('request', (request) => {
      const file = new URL(request.url()).pathname.split('/').pop() ?? ''
      if (/^(redlock|lockDelay|clockJump|delayedWrite)-/.test(file)) presetModules.push(file)
    })
    await page.goto('/embed.html?scenario=gc-pause&controls=minimal')
    await expect(page.locator('.fl-embed-title')).toHaveText(GC_PAUSE)
    await expect(page.locator(DIAGRAM)).toBeVisible()
    expect(presetModules).toEqual([])

    const redlockPause = findPreset('redlock-pause')?.scenario.title ?? 'redlock-pause'
    await page.goto('/embed.html?scenario=redlock-pause&controls=minimal&t=3000')
    await expect(page.locator('.fl-embed-title')).toHaveText(redlockPause)
    await expect(page.locator(DIAGRAM)).toBeVisible()
    await expect(page.getByRole('alert')).toHaveCount(0)
    await expect(slider(page)).toHaveValue('3000')
    expect(presetModules).toEqual([expect.stringMatching(/^redlock-/)])
  })

  test('a broken link: a clear message and the default scenario, never a blank frame', async ({
    page,
  }) => {
    const encoded = encodeScenario({ clients: [{ id: 'A', script: [{ do: 'acquire' }] }] })
    await page.goto(`/embed.html#s=${encoded.slice(0, 9)}&t=4000`)
    await expect(page.getByRole('alert')).toContainText(
      'This link’s scenario could not be opened: ',
    )
    await expect(page.getByRole('alert')).toContainText(
      `Showing the default scenario, “${GC_PAUSE}”.`,
    )
    await expect(page.locator('.fl-embed-title')).toHaveText(GC_PAUSE)
    await expect(page.locator(DIAGRAM)).toBeVisible()
    await expect(slider(page)).toHaveValue('0')

    await page.goto('/embed.html?scenario=gc-paws&controls=lots&from=later')
    const alert = page.getByRole('alert')
    await expect(alert).toContainText('There is no scenario called “gc-paws”.')
    await expect(alert).toContainText('controls=lots is not one of full, minimal or none')
    await expect(alert).toContainText('from=later is neither a time in milliseconds')
    await expect(page.locator(DIAGRAM)).toBeVisible()
  })

  test('a custom scenario from #s=, with markup in its title shown as text', async ({ page }) => {
    const title = '<img src=x onerror="window.__flPwned=1">Custom'
    const encoded = encodeScenario({
      title,
      clients: [
        { id: 'A', script: [{ do: 'acquire' }, { do: 'write', resource: 'storage', value: 'x' }] },
      ],
    })
    await page.goto(`/embed.html#s=${encoded}&t=100`)
    await expect(page.locator('.fl-embed-title')).toHaveText(title)
    expect(await page.locator('img').count()).toBe(0)
    expect(await page.evaluate(() => (window as { __flPwned?: number }).__flPwned)).toBeUndefined()
    expect(await page.title()).toBe(`${title} · Fencing Lab`)
    await expect(page.getByRole('link', { name: /Open in Fencing Lab/ })).toHaveAttribute(
      'href',
      new RegExp(`/#s=${encoded}$`),
    )
  })

  for (const colorScheme of ['light', 'dark'] as const) {
    test(`axe finds nothing in any controls mode (${colorScheme})`, async ({ page }) => {
      await page.emulateMedia({ colorScheme })
      for (const controls of ['none', 'minimal', 'full']) {
        await page.goto(`/embed.html?scenario=gc-pause&controls=${controls}&t=16005`)
        await expect(page.locator(DIAGRAM)).toBeVisible()
        if (controls === 'full') {
          await page.getByText('Break things, state and event log').click()
          await expect(page.getByRole('list', { name: 'Event log' })).toBeVisible()
        }
        const results = await axeScan(page).analyze()
        expect(results.violations, controls).toEqual([])
      }
    })
  }
})

test('the custom element reports a bad attribute inside itself', async ({ page, baseURL }) => {
  await openPost(page, baseURL, { element: 'scenario="gc-paws" controls="tiny" from="soon"' })
  const element = page.locator('#second')
  const alert = element.getByRole('alert')
  await expect(alert).toContainText('There is no scenario called “gc-paws”.')
  await expect(alert).toContainText('controls="tiny" is not one of full, minimal or none')
  await expect(alert).toContainText('from="soon" is neither a time in milliseconds')
  await expect(element.locator('.fl-embed-title')).toHaveText(GC_PAUSE)
  // Fixing the attribute re-opens the element with what it now asks for.
  await element.evaluate((el) => el.setAttribute('scenario', 'lock-delay'))
  await expect(element.locator('.fl-embed-title')).toHaveText(LOCK_DELAY)
})

test('the custom element opens a custom scenario from its link (the platform inflater)', async ({
  page,
  baseURL,
}) => {
  const encoded = encodeScenario({
    title: 'Inflated in the browser',
    clients: [
      { id: 'A', script: [{ do: 'acquire' }, { do: 'write', resource: 'storage', value: 'x' }] },
    ],
  })
  await openPost(page, baseURL, { element: `link="#s=${encoded}&t=100"` })
  const element = page.locator('#second')
  await expect(element.locator('.fl-embed-title')).toHaveText('Inflated in the browser')
  await expect(element.getByRole('alert')).toHaveCount(0)
  // A damaged payload: the sentence the lab gives, and the default scenario.
  await element.evaluate((el) => el.setAttribute('link', '#s=AAAAAAAA'))
  await expect(element.getByRole('alert')).toContainText(
    'the compressed scenario is damaged (cut short or garbled)',
  )
  await expect(element.locator('.fl-embed-title')).toHaveText(GC_PAUSE)
})
