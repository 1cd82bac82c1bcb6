/**
 * Real sites for the blog-engine specs: a scratch directory to build one in, the packed
 * `fencing-lab/react` installed into it, and its built output served from the blog's origin
 * (BLOG) by `page.route`, as a static host would serve it.
 *
 * Sites are built under `.sites/` in the repository, not under node_modules (Turbopack refuses to
 * build an app inside node_modules), so that their imports of React, Next.js or Docusaurus
 * resolve to this project's packages. Each site has its own package.json without
 * `"type": "module"`: Docusaurus's server bundle breaks under an ES-module package scope
 * (`require.resolveWeak is not a function`).
 */
import type { FrameLocator, Locator, Page } from '@playwright/test'
import { expect, test } from '@playwright/test'
import { spawn } from 'node:child_process'
import { expectFrameFitsPost, frameContentHeight } from './embedHost'
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  statSync,
  writeFileSync,
} from 'node:fs'
import { dirname, extname, join, normalize, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'

const REPO = fileURLToPath(new URL('..', import.meta.url))

/** A fresh directory for one site, with a package.json of its own. */
export function siteDirectory(engine: string): string {
  const parent = join(REPO, '.sites')
  mkdirSync(parent, { recursive: true })
  const site = mkdtempSync(join(parent, `${engine}-`))
  writeJson(join(site, 'package.json'), { name: `blog-${engine}`, private: true })
  return site
}

function writeJson(path: string, value: unknown): void {
  mkdirSync(dirname(path), { recursive: true })
  writeFileSync(path, `${JSON.stringify(value, null, 2)}\n`)
}

/**
 * Installs `fencing-lab/react` into the site as npm would from the packed package: its
 * package.json's `exports` and the built dist-react/ (npm test builds it before the e2e).
 */
export function installComponent(site: string): void {
  const built = join(REPO, 'dist-react', 'react.js')
  if (!existsSync(built)) {
    throw new Error('dist-react/react.js is missing: run `npm run build` before the e2e tests')
  }
  const ours = JSON.parse(readFileSync(join(REPO, 'package.json'), 'utf8')) as {
    name: string
    exports: unknown
  }
  const target = join(site, 'node_modules', 'fencing-lab')
  cpSync(join(REPO, 'dist-react'), join(target, 'dist-react'), { recursive: true })
  writeJson(join(target, 'package.json'), {
    name: ours.name,
    version: '0.0.0',
    type: 'module',
    exports: ours.exports,
    peerDependencies: { react: '>=18' },
  })
}

/**
 * Runs a site's build (`command args`) without blocking the test worker, and fails with what the
 * build printed last when it exits non-zero or runs past `timeoutMs` (then its whole process
 * group is killed: Next.js and Docusaurus build in worker processes). A synchronous
 * `execFileSync` had only `spawnSync ETIMEDOUT` to say when a build hung on CI, not where. The
 * build's duration is recorded as an annotation of the test.
 */
export async function runBuild(
  what: string,
  command: string,
  args: readonly string[],
  options: { timeoutMs: number; cwd?: string; env?: NodeJS.ProcessEnv },
): Promise<void> {
  const startMs = Date.now()
  const lines: string[] = []
  const child = spawn(command, args, {
    cwd: options.cwd,
    env: options.env ?? process.env,
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  })
  const keep = (chunk: Buffer) => {
    lines.push(...chunk.toString('utf8').split('\n'))
    if (lines.length > 400) lines.splice(0, lines.length - 200)
  }
  child.stdout.on('data', keep)
  child.stderr.on('data', keep)
  const lastOutput = () =>
    lines
      .filter((line) => line.trim() !== '')
      .slice(-40)
      .join('\n')
  let timedOut = false
  const timer = setTimeout(() => {
    timedOut = true
    try {
      if (child.pid !== undefined) process.kill(-child.pid, 'SIGKILL')
    } catch {
      // The group ended on its own between the timeout and the kill.
    }
  }, options.timeoutMs)
  const outcome = await new Promise<{ code: number | null; signal: NodeJS.Signals | null }>(
    (resolvePromise, reject) => {
      child.on('error', reject)
      child.on('close', (code, signal) => resolvePromise({ code, signal }))
    },
  ).finally(() => clearTimeout(timer))
  const seconds = ((Date.now() - startMs) / 1000).toFixed(1)
  test.info().annotations.push({ type: 'build', description: `${what}: ${seconds} s` })
  if (timedOut) {
    throw new Error(
      `${what} did not finish within ${options.timeoutMs / 1000} s; it printed last:\n${lastOutput()}`,
    )
  }
  if (outcome.code !== 0) {
    const how = outcome.signal === null ? `exit code ${outcome.code}` : `signal ${outcome.signal}`
    throw new Error(`${what} failed (${how}) after ${seconds} s; it printed last:\n${lastOutput()}`)
  }
}

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.txt': 'text/plain; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.xml': 'application/xml',
  '.ico': 'image/x-icon',
  '.png': 'image/png',
  '.woff2': 'font/woff2',
}

/**
 * Serves the built site in `root` at `origin` as a static host does: `/a/` is `/a/index.html`,
 * `/a` is the file, else `/a/index.html`, else `/a.html`; anything else is a 404. Returns the
 * paths it could not serve (a site asking for a file its build did not write).
 */
export async function serveDirectory(
  page: Page,
  origin: string,
  root: string,
): Promise<{ missing: string[] }> {
  const missing: string[] = []
  const base = resolve(root)
  const fileFor = (pathname: string): string | null => {
    const local = normalize(join(base, decodeURIComponent(pathname)))
    if (!local.startsWith(base)) return null
    const candidates = pathname.endsWith('/')
      ? [join(local, 'index.html')]
      : [local, join(local, 'index.html'), `${local}.html`]
    return candidates.find((path) => existsSync(path) && statSync(path).isFile()) ?? null
  }
  await page.route(`${origin}/**`, (route) => {
    const { pathname } = new URL(route.request().url())
    const file = fileFor(pathname)
    if (file === null) {
      missing.push(pathname)
      return route.fulfill({ status: 404, contentType: 'text/plain', body: 'not found' })
    }
    return route.fulfill({
      contentType: TYPES[extname(file)] ?? 'application/octet-stream',
      body: readFileSync(file),
    })
  })
  return { missing }
}

/**
 * Play moves the embed's time forward (the scrubber's value grows), and Pause stops it: the
 * embed is live, not only drawn. `frame` is an iframe's content or a `<fencing-lab>` element
 * (locators reach into its open shadow root).
 */
export async function expectEmbedPlays(frame: FrameLocator | Locator, what: string): Promise<void> {
  const time = frame.getByRole('slider', { name: 'Time' })
  const now = async () => Number(await time.inputValue())
  const before = await now()
  await frame.getByRole('button', { name: 'Play', exact: true }).click()
  await expect.poll(now, { message: `${what}: Play moves time on` }).toBeGreaterThan(before)
  await frame.getByRole('button', { name: 'Pause', exact: true }).click()
  await expect(frame.getByRole('button', { name: 'Play', exact: true }), what).toBeVisible()
}

/**
 * Follows an in-site link as a keyboard reader does (focus, Enter). Not a mouse click: headless
 * Chromium routes a click just below a cross-origin frame that was resized or scrolled by its
 * stale position, into the frame (the embed's own Play button took it), so a click would test
 * the browser's hit testing, not the site's router.
 */
export async function follow(link: Locator): Promise<void> {
  await link.focus()
  await link.press('Enter')
}

/**
 * The React component sized its frame itself: its `height` attribute (which the component
 * writes; embed-host.js writes only `style.height`) is its content's height. The sites load
 * embed-host.js for their MDX iframes too, so the frame's size alone would not tell.
 */
export async function expectComponentSizedItself(
  iframe: Locator,
  frame: FrameLocator,
  what: string,
): Promise<void> {
  await expect
    .poll(
      async () =>
        Math.abs(Number(await iframe.getAttribute('height')) - (await frameContentHeight(frame))),
      { message: `${what}: the component's height attribute is its content's height` },
    )
    .toBeLessThanOrEqual(1)
}

/**
 * The post's one embed is live: the README's preset by its title, playing, fitting its content;
 * `component` when it is the React component, which must have sized its frame itself.
 */
export async function expectLiveEmbed(page: Page, what: string, component = false): Promise<void> {
  const iframe = page.locator('iframe')
  await expect(iframe, what).toHaveCount(1)
  const frame = page.frameLocator('iframe')
  await expect(frame.locator('.fl-embed-title'), what).toHaveText('GC pause: token 41 vs 42')
  await expectEmbedPlays(frame, what)
  await expectFrameFitsPost(page, iframe, frame, what)
  if (component) await expectComponentSizedItself(iframe, frame, what)
}

/**
 * Marks the page's document; the returned check says whether it is still the same one, i.e.
 * whether the links followed since were handled by the site's router without loading a page.
 */
export async function markDocument(page: Page): Promise<() => Promise<boolean>> {
  await page.evaluate(() => ((window as { sameDocument?: boolean }).sameDocument = true))
  return () => page.evaluate(() => (window as { sameDocument?: boolean }).sameDocument === true)
}
