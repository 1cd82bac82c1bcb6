/**
 * The README's VitePress snippets in a real VitePress 1 site: the config holds the README's
 * `head` line (the sizing script), a post holds the README's iframe, each as an author pastes it.
 * VitePress builds the site (its Markdown is read as a Vue template: a `<script>` or an unknown
 * element there would be taken for Vue's); the built site, served from another origin than the
 * lab and hydrated by VitePress's own JavaScript, shows a live embed that fits its content, at
 * desktop and phone widths, without a sideways scroll.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { extname, join } from 'node:path'
import { expect, test } from './fixtures'
import { BLOG, blogLaunchOptions, expectFrameFitsPost } from './embedHost'
import { expectEmbedPlays, runBuild } from './siteBuild'
import { readmeSnippets } from '../src/ui/share/presetFigures'

test.use({
  launchOptions: blogLaunchOptions(),
})

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.json': 'application/json',
}

/**
 * Builds a VitePress site with one post for the lab at `lab`; returns a reader of its built files.
 * The site lives under node_modules/.cache so that its imports (vue) resolve to this project's.
 */
async function buildVitePressSite(lab: string): Promise<{
  file: (path: string) => Buffer | null
  done: () => void
}> {
  mkdirSync('node_modules/.cache', { recursive: true })
  const site = mkdtempSync('node_modules/.cache/fencing-lab-vitepress-')
  const snippets = readmeSnippets(`${lab}/`)
  mkdirSync(join(site, '.vitepress'), { recursive: true })
  mkdirSync(join(site, 'posts'), { recursive: true })
  writeFileSync(
    join(site, '.vitepress/config.mts'),
    `export default {\n  title: 'Blog',\n${snippets.vitepressConfig}\n}\n`,
  )
  writeFileSync(join(site, 'index.md'), '# Blog\n')
  writeFileSync(
    join(site, 'posts/post.md'),
    `# Why your lock needs a fencing token\n\nHere is the whole story, live.\n\n${snippets.vitepress}\n\n${'A paragraph after the embed.\n\n'.repeat(6)}`,
  )
  await runBuild(
    'vitepress build',
    process.execPath,
    ['node_modules/vitepress/bin/vitepress.js', 'build', site],
    {
      timeoutMs: 120_000,
    },
  )
  const dist = join(site, '.vitepress/dist')
  return {
    file: (path) => {
      try {
        return readFileSync(join(dist, path))
      } catch {
        return null
      }
    },
    done: () => rmSync(site, { recursive: true, force: true }),
  }
}

test('the README’s VitePress snippets work in a real VitePress build', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(180_000)
  const lab = new URL(baseURL ?? '').origin
  const site = await buildVitePressSite(lab)
  try {
    const html = site.file('posts/post.html')?.toString('utf8') ?? ''
    // VitePress kept the iframe as pasted, and the config put the sizing script in the head.
    expect(html.match(/<iframe /g)).toHaveLength(1)
    expect(html).toContain(`<script src="${lab}/embed-host.js" defer>`)
    const errors: string[] = []
    page.on('pageerror', (e) => errors.push(e.message))
    await page.route(`${BLOG}/**`, (route) => {
      const path = new URL(route.request().url()).pathname.replace(/^\//, '')
      const body = site.file(path === '' ? 'index.html' : path)
      return body === null
        ? route.fulfill({ status: 404, body: 'not found' })
        : route.fulfill({ contentType: TYPES[extname(path)] ?? 'application/octet-stream', body })
    })
    for (const viewport of [
      { width: 1280, height: 800 },
      { width: 390, height: 844 },
    ]) {
      await page.setViewportSize(viewport)
      await page.goto(`${BLOG}/posts/post.html`)
      const iframe = page.locator('iframe')
      const frame = page.frameLocator('iframe')
      await iframe.scrollIntoViewIfNeeded()
      await expect(frame.locator('.fl-embed-title')).toHaveText('GC pause: token 41 vs 42')
      await frame.getByRole('button', { name: 'Step forward' }).click()
      await expectEmbedPlays(frame, `at ${viewport.width} px`)
      // The sizing script fits the frame to its content; no sideways scroll on a phone.
      await expectFrameFitsPost(page, iframe, frame)
    }
    expect(errors).toEqual([])
  } finally {
    site.done()
  }
})
