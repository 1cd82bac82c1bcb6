/**
 * The README's Docusaurus snippets in a real Docusaurus 3 site (preset-classic, built by
 * `docusaurus build`): `docusaurus.config.js` carries the README's `scripts` entry, one MDX page
 * holds the JSX iframe as pasted, another the React component's snippet as pasted (import and
 * element), with the packed `fencing-lab/react` installed. A reader opens the home page on the
 * blog's origin and reaches both pages by Markdown links, which Docusaurus follows without
 * loading a page (where a `<script>` in MDX would never run): each embed draws, plays and fits its
 * content. The component sizes its frame by itself (its `height` attribute; the sizing script
 * writes only `style.height`). Then each page is loaded directly at a phone's width. No console
 * error anywhere (e2e/fixtures.ts), hydration warnings included.
 */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { expect, test } from './fixtures'
import { BLOG, blogLaunchOptions } from './embedHost'
import {
  expectLiveEmbed,
  follow,
  markDocument,
  installComponent,
  runBuild,
  serveDirectory,
  siteDirectory,
} from './siteBuild'
import { readmeSnippets } from '../src/ui/share/presetFigures'

test.use({ launchOptions: blogLaunchOptions() })

const AFTER = '\n\nA paragraph after the embed.\n'.repeat(4)

/** Builds the site for the lab at `lab`; returns the directory it was built into. */
async function buildDocusaurusSite(lab: string): Promise<{ site: string; out: string }> {
  const snippets = readmeSnippets(`${lab}/`)
  const site = siteDirectory('docusaurus')
  const write = (path: string, text: string) => {
    mkdirSync(join(site, path, '..'), { recursive: true })
    writeFileSync(join(site, path), text)
  }
  installComponent(site)
  // The README's line, comment included, pasted into the config object.
  write(
    'docusaurus.config.js',
    [
      `export default {`,
      `  title: 'A blog about locks',`,
      `  url: ${JSON.stringify(BLOG)},`,
      `  baseUrl: '/',`,
      `  onBrokenLinks: 'throw',`,
      `  presets: [['classic', { docs: false, blog: false }]],`,
      ...snippets.docusaurusConfig.split('\n').map((line) => `  ${line}`),
      `}`,
      ``,
    ].join('\n'),
  )
  write(
    'src/pages/index.md',
    '# Posts\n\n- [An iframe in MDX](/posts/mdx)\n- [The React component](/posts/react)\n',
  )
  write(
    'src/pages/posts/mdx.mdx',
    `# An iframe in MDX\n\nHere is the whole story, live.\n\n${snippets.mdx}${AFTER}\n` +
      `[The React component](/posts/react)\n`,
  )
  write(
    'src/pages/posts/react.mdx',
    `${snippets.react}\n\n# The React component\n\nHere is the whole story, live.${AFTER}\n` +
      `[An iframe in MDX](/posts/mdx)\n`,
  )
  await runBuild(
    'docusaurus build',
    process.execPath,
    ['node_modules/@docusaurus/core/bin/docusaurus.mjs', 'build', site, '--no-minify'],
    {
      timeoutMs: 180_000,
      // No persistent cache: webpack keeps it in the working directory's node_modules/.cache,
      // shared by every site built from here, and a stale entry from another site's build
      // drops the pages' metadata ("Cannot destructure property 'title' of 'metadata'").
      env: { ...process.env, DOCUSAURUS_TELEMETRY: '0', DOCUSAURUS_NO_PERSISTENT_CACHE: '1' },
    },
  )
  return { site, out: join(site, 'build') }
}

test('the README’s Docusaurus snippets and the React component work in a real Docusaurus build', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(240_000)
  const lab = new URL(baseURL ?? '').origin
  const { site, out } = await buildDocusaurusSite(lab)
  try {
    const { missing } = await serveDirectory(page, BLOG, out)
    await page.setViewportSize({ width: 1280, height: 800 })
    await page.goto(`${BLOG}/`)
    const sameDocument = await markDocument(page)
    const article = page.locator('main')

    await follow(article.getByRole('link', { name: 'An iframe in MDX' }))
    await expect(page).toHaveURL(`${BLOG}/posts/mdx`)
    await expect(page.getByRole('heading', { name: 'An iframe in MDX' })).toBeVisible()
    expect(await sameDocument(), 'Docusaurus followed the link without loading a page').toBe(true)
    // The config's script sizes the iframe of a page reached by a link.
    await expectLiveEmbed(page, 'MDX iframe, reached by a link')

    await follow(article.getByRole('link', { name: 'The React component' }))
    await expect(page).toHaveURL(`${BLOG}/posts/react`)
    await expect(page.getByRole('heading', { name: 'The React component' })).toBeVisible()
    expect(await sameDocument(), 'Docusaurus followed the link without loading a page').toBe(true)
    await expectLiveEmbed(page, 'React component, reached by a link', true)

    // Each page as a first page, prerendered by Docusaurus, on a phone.
    await page.setViewportSize({ width: 390, height: 844 })
    for (const post of ['mdx', 'react']) {
      await page.goto(`${BLOG}/posts/${post}`)
      await expectLiveEmbed(page, `${post} page, loaded on a phone`, post === 'react')
    }
    expect(missing).toEqual([])
  } finally {
    rmSync(site, { recursive: true, force: true })
  }
})
