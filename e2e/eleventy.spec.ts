/**
 * The README's snippets in a real Eleventy site (@11ty/eleventy, its default Markdown and
 * Nunjucks settings): one post in Markdown holds the iframe, one in Markdown and one in Nunjucks
 * hold the custom element, each pasted as an author pastes it. Eleventy builds the site; each
 * built post, served from another origin than the lab, shows a live embed (the iframe sized to
 * its content, the element drawn), at desktop and phone widths, without a sideways scroll.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import Eleventy from '@11ty/eleventy'
import { expect, test } from './fixtures'
import { expectEmbedPlays } from './siteBuild'
import { BLOG, blogLaunchOptions, expectFrameFitsPost, expectNoSidewaysScroll } from './embedHost'
import { readmeSnippets } from '../src/ui/share/presetFigures'

test.use({
  launchOptions: blogLaunchOptions(),
})

const LAYOUT =
  '<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>{{ title }}</title></head><body><main>{{ content | safe }}</main></body></html>\n'

const POSTS = ['iframe-md', 'element-md', 'element-njk'] as const
type Post = (typeof POSTS)[number]

/** Builds the three posts for the lab at `lab` with Eleventy; returns each post's built HTML. */
async function buildEleventyPosts(lab: string): Promise<Record<Post, string>> {
  const site = mkdtempSync(join(tmpdir(), 'fencing-lab-eleventy-'))
  try {
    const snippets = readmeSnippets(`${lab}/`)
    const input = join(site, 'src')
    mkdirSync(join(input, '_includes'), { recursive: true })
    mkdirSync(join(input, 'posts'), { recursive: true })
    writeFileSync(join(input, '_includes/post.njk'), LAYOUT)
    const front = (title: string) => `---\ntitle: ${title}\nlayout: post.njk\n---\n\n`
    const after = 'A paragraph after the embed.\n\n'.repeat(4)
    writeFileSync(
      join(input, 'posts/iframe-md.md'),
      `${front('An iframe in Markdown')}Here is the whole story, live.\n\n${snippets.iframe}\n\n${after}`,
    )
    writeFileSync(
      join(input, 'posts/element-md.md'),
      `${front('An element in Markdown')}Here is the whole story, live.\n\n${snippets.element}\n\n${after}`,
    )
    writeFileSync(
      join(input, 'posts/element-njk.njk'),
      `${front('An element in Nunjucks')}<p>Here is the whole story, live.</p>\n${snippets.element}\n<p>${after}</p>\n`,
    )
    const output = join(site, '_site')
    const eleventy = new Eleventy(input, output, { quietMode: true })
    await eleventy.write()
    const built = (name: Post) => readFileSync(join(output, 'posts', name, 'index.html'), 'utf8')
    return {
      'iframe-md': built('iframe-md'),
      'element-md': built('element-md'),
      'element-njk': built('element-njk'),
    }
  } finally {
    rmSync(site, { recursive: true, force: true })
  }
}

const VIEWPORTS = [
  { width: 1280, height: 800 },
  { width: 390, height: 844 },
]

test('the README’s iframe and custom element work in a real Eleventy build (Markdown and Nunjucks)', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(90_000)
  const lab = new URL(baseURL ?? '').origin
  const posts = await buildEleventyPosts(lab)
  // Eleventy keeps the pasted HTML as it is: one iframe, or one element with its script.
  expect(posts['iframe-md'].match(/<iframe /g)).toHaveLength(1)
  for (const name of ['element-md', 'element-njk'] as const) {
    expect(posts[name].match(/<fencing-lab /g)).toHaveLength(1)
    expect(posts[name]).toContain(`<script src="${lab}/fencing-lab.js"`)
  }
  await page.route(`${BLOG}/**`, (route) => {
    const name = POSTS.find((p) => route.request().url() === `${BLOG}/posts/${p}/`)
    return name === undefined
      ? route.fulfill({ status: 404, body: 'not found' })
      : route.fulfill({ contentType: 'text/html; charset=utf-8', body: posts[name] })
  })
  for (const viewport of VIEWPORTS) {
    await page.setViewportSize(viewport)
    await page.goto(`${BLOG}/posts/iframe-md/`)
    const iframe = page.locator('iframe')
    const frame = page.frameLocator('iframe')
    await expect(frame.locator('.fl-embed-title')).toHaveText('GC pause: token 41 vs 42')
    await frame.getByRole('button', { name: 'Step forward' }).click()
    await expectEmbedPlays(frame, `iframe at ${viewport.width} px`)
    // The sizing script fits the frame to its content; no sideways scroll on a phone.
    await expectFrameFitsPost(page, iframe, frame)

    for (const name of ['element-md', 'element-njk'] as const) {
      await page.goto(`${BLOG}/posts/${name}/`)
      const element = page.locator('fencing-lab')
      await expect(element.locator('.fl-embed-title'), name).toHaveText('GC pause: token 41 vs 42')
      await expect(element.locator('svg.fl-marks-layer').first(), name).toBeVisible()
      await element.getByRole('button', { name: 'Step forward' }).click()
      await expect(element.getByRole('slider', { name: 'Time' }), name).not.toHaveValue('0')
      await expectEmbedPlays(element, `${name} at ${viewport.width} px`)
      await expectNoSidewaysScroll(page, name)
    }
  }
})
