/**
 * Where JavaScript cannot run (a reader with it off, a feed, an email), every embed still shows
 * something real: the element's fallback content (the figure, its caption, a link to the live
 * lab), the preset pages the build publishes, and embed.html's words. And oEmbed hosts find each
 * preset page's JSON. All with JavaScript disabled in the browser.
 */
import { expect, test } from './fixtures'
import type { Page } from '@playwright/test'
import { BLOG, blogLaunchOptions } from './embedHost'
import { readmeSnippets } from '../src/ui/share/presetFigures'

test.use({
  javaScriptEnabled: false,
  launchOptions: blogLaunchOptions(),
})

function labOrigin(baseURL: string | undefined): string {
  if (baseURL === undefined) throw new Error('no baseURL')
  return new URL(baseURL).origin
}

/** The image has loaded and has a size: a real figure, not a broken-image icon. */
async function expectLoadedImage(page: Page, selector: string) {
  const img = page.locator(selector)
  await expect(img).toBeVisible()
  await expect
    .poll(() => img.evaluate((el) => (el as HTMLImageElement).naturalWidth))
    .toBeGreaterThan(100)
}

test('a post with the README’s custom-element snippet shows the figure and the link', async ({
  page,
  baseURL,
}) => {
  const lab = labOrigin(baseURL)
  // The README's snippet, with the lab where the test serves it.
  const element = readmeSnippets(`${lab}/`).element
  await page.route(`${BLOG}/**`, (route) =>
    route.fulfill({
      contentType: 'text/html; charset=utf-8',
      body: `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Post</title></head><body><main><h1>A post</h1>\n${element}\n</main></body></html>`,
    }),
  )
  await page.goto(`${BLOG}/post.html`)
  const figure = page.locator('fencing-lab img')
  await expectLoadedImage(page, 'fencing-lab img')
  await expect(figure).toHaveAttribute(
    'alt',
    /Storage rejected A's token 41 after accepting B's token 42/,
  )
  const link = page.getByRole('link', { name: 'open the live lab' })
  await expect(link).toHaveAttribute('href', `${lab}/?scenario=gc-pause`)
})

test('a preset page shows the figure, its words and the link; it names its oEmbed', async ({
  page,
  request,
}) => {
  await page.goto('/presets/gc-pause.html')
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('GC pause: token 41 vs 42')
  await expectLoadedImage(page, 'figure img')
  await expect(page.getByRole('link', { name: 'Open the live lab' })).toHaveAttribute(
    'href',
    '../?scenario=gc-pause',
  )
  // oEmbed discovery: the JSON it names is a rich answer with our iframe.
  const href = await page
    .locator('link[rel="alternate"][type="application/json+oembed"]')
    .getAttribute('href')
  expect(href).toBe('../oembed/gc-pause.json')
  const answer = await request.get(new URL(href ?? '', page.url()).href)
  expect(answer.ok()).toBe(true)
  const json = (await answer.json()) as Record<string, unknown>
  expect(json).toMatchObject({ version: '1.0', type: 'rich', title: 'GC pause: token 41 vs 42' })
  expect(json.html).toContain('embed.html?scenario=gc-pause&amp;controls=minimal')
  // The dark figure is there too, and both PNGs (social cards, thumbnails), carrying the scenario.
  expect((await request.get('/figures/gc-pause-dark.svg')).ok()).toBe(true)
  for (const name of ['gc-pause', 'gc-pause-dark']) {
    const png = await (await request.get(`/figures/${name}.png`)).body()
    expect(png.subarray(1, 4).toString('ascii')).toBe('PNG')
    expect(png.toString('latin1')).toContain('fencing-lab/scenario')
  }
})

test('embed.html without JavaScript says so and links to the figures', async ({ page }) => {
  await page.goto('/embed.html?scenario=gc-pause')
  const link = page.getByRole('link', { name: 'see the figures' })
  await expect(link).toBeVisible()
  await link.evaluate((el) => (el as HTMLAnchorElement).removeAttribute('target'))
  await link.click()
  await expect(page).toHaveURL(/\/presets\/index\.html$/)
  await expectLoadedImage(page, '#gc-pause img')
})
