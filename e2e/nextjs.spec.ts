/**
 * The README's Next.js snippets in a real Next.js site (App Router, @next/mdx, `output: 'export'`,
 * built by `next build`): an MDX post holds the JSX iframe as pasted, the root layout loads the
 * sizing script with the README's `<Script>`, and a React page (a server component) renders the
 * packed `fencing-lab/react` component. A reader opens the site's home page on the blog's origin
 * and reaches both posts by the site's own links, which Next.js follows without loading a page:
 * each embed draws, plays, and fits its content. The component sizes its frame by itself (its
 * `height` attribute; the sizing script writes only `style.height`). Then each post is loaded
 * directly at a phone's width. No console error anywhere (e2e/fixtures.ts), hydration warnings
 * included.
 */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { expect, test } from './fixtures'
import { BLOG, blogLaunchOptions } from './embedHost'
import {
  expectLiveEmbed,
  follow,
  markDocument,
  runBuild,
  installComponent,
  serveDirectory,
  siteDirectory,
} from './siteBuild'
import { readmeSnippets } from '../src/ui/share/presetFigures'

test.use({ launchOptions: blogLaunchOptions() })

const AFTER = '\n\nA paragraph after the embed.\n'.repeat(4)

/** An import line, a blank line and one element: the README's React-style snippets. */
function importAndElement(snippet: string): { importLine: string; element: string } {
  const [importLine = '', , element = ''] = snippet.split('\n')
  return { importLine, element }
}

/** Builds the site for the lab at `lab`; returns the directory of its static export. */
async function buildNextSite(lab: string): Promise<{ site: string; out: string }> {
  const snippets = readmeSnippets(`${lab}/`)
  const site = siteDirectory('next')
  const write = (path: string, text: string) => {
    mkdirSync(join(site, path, '..'), { recursive: true })
    writeFileSync(join(site, path), text)
  }
  installComponent(site)
  write(
    'next.config.mjs',
    [
      `import createMDX from '@next/mdx'`,
      `export default createMDX({})({`,
      `  output: 'export',`,
      `  trailingSlash: true,`,
      `  pageExtensions: ['jsx', 'mdx'],`,
      // The site sits inside this repository, whose node_modules hold Next.js and React.
      `  turbopack: { root: ${JSON.stringify(join(site, '../..'))} },`,
      `})`,
      ``,
    ].join('\n'),
  )
  write('mdx-components.js', 'export function useMDXComponents(components) { return components }\n')
  const script = importAndElement(snippets.nextScript)
  write(
    'app/layout.jsx',
    `${script.importLine}\n\nexport const metadata = { title: 'A blog about locks' }\n\n` +
      `export default function Layout({ children }) {\n  return (\n    <html lang="en">\n      <body>\n` +
      `        <main>{children}</main>\n        ${script.element}\n      </body>\n    </html>\n  )\n}\n`,
  )
  write(
    'app/page.jsx',
    `import Link from 'next/link'\n\nexport default function Home() {\n  return (\n    <ul>\n` +
      `      <li><Link href="/posts/mdx/">An iframe in MDX</Link></li>\n` +
      `      <li><Link href="/posts/react/">The React component</Link></li>\n    </ul>\n  )\n}\n`,
  )
  write(
    'app/posts/mdx/page.mdx',
    `import Link from 'next/link'\n\n# An iframe in MDX\n\nHere is the whole story, live.\n\n${snippets.mdx}${AFTER}\n` +
      `<Link href="/posts/react/">The React component</Link>\n`,
  )
  const component = importAndElement(snippets.react)
  write(
    'app/posts/react/page.jsx',
    `import Link from 'next/link'\n${component.importLine}\n\nexport default function Post() {\n` +
      `  return (\n    <article>\n      <h1>The React component</h1>\n      <p>Here is the whole story, live.</p>\n` +
      `      ${component.element}\n      <p>A paragraph after the embed.</p>\n` +
      `      <Link href="/posts/mdx/">An iframe in MDX</Link>\n    </article>\n  )\n}\n`,
  )
  await runBuild(
    'next build',
    process.execPath,
    ['node_modules/next/dist/bin/next', 'build', site],
    {
      timeoutMs: 180_000,
      env: { ...process.env, NEXT_TELEMETRY_DISABLED: '1' },
    },
  )
  return { site, out: join(site, 'out') }
}

test('the README’s Next.js snippets and the React component work in a real Next.js build', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(240_000)
  const lab = new URL(baseURL ?? '').origin
  const { site, out } = await buildNextSite(lab)
  try {
    const { missing } = await serveDirectory(page, BLOG, out)
    await page.setViewportSize({ width: 1280, height: 800 })
    await page.goto(`${BLOG}/`)
    const sameDocument = await markDocument(page)

    await follow(page.getByRole('link', { name: 'An iframe in MDX' }))
    await expect(page).toHaveURL(`${BLOG}/posts/mdx/`)
    await expect(page.getByRole('heading', { name: 'An iframe in MDX' })).toBeVisible()
    expect(await sameDocument(), 'Next.js followed the link without loading a page').toBe(true)
    // The README's <Script> in the layout sizes the iframe of a page reached by a link.
    await expectLiveEmbed(page, 'MDX post, reached by a link')

    await follow(page.getByRole('link', { name: 'The React component' }))
    await expect(page).toHaveURL(`${BLOG}/posts/react/`)
    await expect(page.getByRole('heading', { name: 'The React component' })).toBeVisible()
    expect(await sameDocument(), 'Next.js followed the link without loading a page').toBe(true)
    await expectLiveEmbed(page, 'React component, reached by a link', true)

    // And back: the MDX post's iframe is a new frame, sized again.
    await follow(page.getByRole('link', { name: 'An iframe in MDX' }))
    await expect(page).toHaveURL(`${BLOG}/posts/mdx/`)
    await expectLiveEmbed(page, 'MDX post, reached again')
    expect(await sameDocument()).toBe(true)

    // Each post as a first page, prerendered by Next.js, on a phone.
    await page.setViewportSize({ width: 390, height: 844 })
    for (const post of ['mdx', 'react']) {
      await page.goto(`${BLOG}/posts/${post}/`)
      await expectLiveEmbed(page, `${post} post, loaded on a phone`, post === 'react')
    }
    expect(missing).toEqual([])
  } finally {
    rmSync(site, { recursive: true, force: true })
  }
})
