/**
 * The README's Hugo snippet in a real Hugo site (Debian's `hugo`, default safe mode): the
 * shipped shortcode is copied in, the post holds the README's shortcode call as an author
 * pastes it, Hugo builds the site, and the built post, served from another origin, shows a live
 * embed that sizes itself, at desktop and phone widths, without a sideways scroll. Skipped where
 * `hugo` is not installed (.ci/run installs it).
 */
import { execFileSync } from 'node:child_process'
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { expect, test } from './fixtures'
import { BLOG, blogLaunchOptions, expectFrameFitsPost } from './embedHost'
import { expectEmbedPlays, runBuild } from './siteBuild'
import { readmeSnippets } from '../src/ui/share/presetFigures'

test.use({
  launchOptions: blogLaunchOptions(),
})

function hugoInstalled(): boolean {
  try {
    execFileSync('hugo', ['version'], { stdio: 'ignore' })
    return true
  } catch {
    return false
  }
}

/** Builds a one-post Hugo site for the lab at `lab`; returns the built post's HTML. */
async function buildHugoPost(lab: string): Promise<string> {
  const site = mkdtempSync(join(tmpdir(), 'fencing-lab-hugo-'))
  try {
    const snippets = readmeSnippets(`${lab}/`)
    cpSync(new URL('../publishing/hugo/layouts', import.meta.url), join(site, 'layouts'), {
      recursive: true,
    })
    mkdirSync(join(site, 'layouts/_default'), { recursive: true })
    writeFileSync(
      join(site, 'layouts/_default/single.html'),
      '<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>{{ .Title }}</title></head><body><main>{{ .Content }}</main></body></html>\n',
    )
    writeFileSync(
      join(site, 'hugo.toml'),
      `baseURL = "${BLOG}/"\ntitle = "Blog"\ndisableKinds = ["taxonomy", "term", "RSS", "sitemap"]\n${snippets.hugoConfig}\n`,
    )
    mkdirSync(join(site, 'content/posts'), { recursive: true })
    writeFileSync(
      join(site, 'content/posts/post.md'),
      `---\ntitle: Why your lock needs a fencing token\n---\n\nHere is the whole story, live.\n\n${snippets.hugoUsage}\n\nRaw HTML is dropped in safe mode:\n\n${snippets.iframe}\n\n${'A paragraph after the embed.\n\n'.repeat(6)}`,
    )
    await runBuild('hugo', 'hugo', ['--quiet'], { cwd: site, timeoutMs: 30_000 })
    return readFileSync(join(site, 'public/posts/post/index.html'), 'utf8')
  } finally {
    rmSync(site, { recursive: true, force: true })
  }
}

test('the README’s Hugo shortcode works in a real Hugo build (safe mode)', async ({
  page,
  baseURL,
}) => {
  test.skip(!hugoInstalled(), 'hugo is not installed (apt-get install hugo)')
  const lab = new URL(baseURL ?? '').origin
  const html = await buildHugoPost(lab)
  // Safe mode: the pasted raw iframe is gone, the shortcode's is there.
  expect(html).toContain('<!-- raw HTML omitted -->')
  expect(html.match(/<iframe /g)).toHaveLength(1)
  await page.route(`${BLOG}/**`, (route) =>
    route.fulfill({ contentType: 'text/html; charset=utf-8', body: html }),
  )
  for (const viewport of [
    { width: 1280, height: 800 },
    { width: 390, height: 844 },
  ]) {
    await page.setViewportSize(viewport)
    await page.goto(`${BLOG}/posts/post/`)
    const iframe = page.locator('iframe')
    const frame = page.frameLocator('iframe')
    await expect(frame.locator('.fl-embed-title')).toHaveText('GC pause: token 41 vs 42')
    await frame.getByRole('button', { name: 'Step forward' }).click()
    await expectEmbedPlays(frame, `at ${viewport.width} px`)
    // The sizing script fits the frame to its content; no sideways scroll on a phone.
    await expectFrameFitsPost(page, iframe, frame)
  }
})
