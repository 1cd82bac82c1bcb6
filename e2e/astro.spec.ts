/**
 * The README's Astro snippets in a real Astro 5 site (@astrojs/mdx for `.mdx`): an `.md` post
 * holds the iframe as pasted; an `.mdx` post and an `.astro` page import the shipped component
 * (publishing/astro/FencingLab.astro, its lab address set) and use it as the README shows. Astro
 * builds the site; each built page, served from another origin than the lab, shows a live embed
 * with the options asked for (Astro's JSX turns a bare `controls` into a boolean: the component
 * must keep "minimal"), that fits its content, at desktop and phone widths, without a sideways
 * scroll.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { expect, test } from './fixtures'
import { BLOG, blogLaunchOptions, expectFrameFitsPost } from './embedHost'
import { expectEmbedPlays, runBuild } from './siteBuild'
import { readmeSnippets } from '../src/ui/share/presetFigures'

test.use({
  launchOptions: blogLaunchOptions(),
})

const PAGES = ['md', 'mdx', 'astro'] as const
type PageName = (typeof PAGES)[number]

/**
 * Builds the three pages for the lab at `lab` with Astro; returns each page's built HTML. The
 * site lives under node_modules/.cache so that its imports resolve to this project's packages.
 */
async function buildAstroPages(lab: string): Promise<Record<PageName, string>> {
  mkdirSync('node_modules/.cache', { recursive: true })
  const site = mkdtempSync('node_modules/.cache/fencing-lab-astro-')
  try {
    const snippets = readmeSnippets(`${lab}/`)
    const pages = join(site, 'src/pages/posts')
    mkdirSync(pages, { recursive: true })
    mkdirSync(join(site, 'src/components'), { recursive: true })
    writeFileSync(
      join(site, 'astro.config.mjs'),
      "import mdx from '@astrojs/mdx'\nexport default { integrations: [mdx()] }\n",
    )
    writeFileSync(join(site, 'src/components/FencingLab.astro'), snippets.astroComponent)
    const after = 'A paragraph after the embed.\n\n'.repeat(4)
    const intro = 'Here is the whole story, live.\n\n'
    writeFileSync(
      join(pages, 'md.md'),
      `---\ntitle: An iframe in Markdown\n---\n\n${intro}${snippets.iframe}\n\n${after}`,
    )
    writeFileSync(
      join(pages, 'mdx.mdx'),
      `import FencingLab from '../../components/FencingLab.astro'\n\n${intro}${snippets.astroUsage}\n\n${after}`,
    )
    writeFileSync(
      join(pages, 'astro.astro'),
      `---\nimport FencingLab from '../../components/FencingLab.astro'\n---\n<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Post</title></head><body><main><p>Here is the whole story, live.</p>\n${snippets.astroUsage}\n</main></body></html>\n`,
    )
    await runBuild(
      'astro build',
      process.execPath,
      ['node_modules/astro/astro.js', 'build', '--root', site],
      {
        timeoutMs: 120_000,
        env: { ...process.env, ASTRO_TELEMETRY_DISABLED: '1' },
      },
    )
    const built = (name: PageName) =>
      readFileSync(join(site, 'dist/posts', name, 'index.html'), 'utf8')
    return { md: built('md'), mdx: built('mdx'), astro: built('astro') }
  } finally {
    rmSync(site, { recursive: true, force: true })
  }
}

test('the README’s Astro snippets work in a real Astro build (.md, .mdx, .astro)', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(180_000)
  const lab = new URL(baseURL ?? '').origin
  const built = await buildAstroPages(lab)
  for (const name of PAGES) {
    const frames = built[name].match(/<iframe [^>]*>/g) ?? []
    expect(frames, name).toHaveLength(1)
    expect(frames[0], name).toContain('controls=minimal')
  }
  await page.route(`${BLOG}/**`, (route) => {
    const name = PAGES.find((p) => route.request().url() === `${BLOG}/posts/${p}/`)
    return name === undefined
      ? route.fulfill({ status: 404, body: 'not found' })
      : route.fulfill({ contentType: 'text/html; charset=utf-8', body: built[name] })
  })
  for (const viewport of [
    { width: 1280, height: 800 },
    { width: 390, height: 844 },
  ]) {
    await page.setViewportSize(viewport)
    for (const name of PAGES) {
      await page.goto(`${BLOG}/posts/${name}/`)
      const iframe = page.locator('iframe')
      const frame = page.frameLocator('iframe')
      await expect(frame.locator('.fl-embed-title'), name).toHaveText('GC pause: token 41 vs 42')
      // Minimal controls, as asked: Step is there, the panels' tabs are not.
      await expect(frame.getByRole('button', { name: 'Step forward' }), name).toBeVisible()
      await expect(frame.getByRole('tab'), name).toHaveCount(0)
      await frame.getByRole('button', { name: 'Step forward' }).click()
      await expectEmbedPlays(frame, `${name} at ${viewport.width} px`)
      await expectFrameFitsPost(page, iframe, frame, name)
    }
  }
})
