/**
 * What every browser benchmark shares: the production build (dist/) served by `vite preview`,
 * a headless system Chromium, and in-page samplers for frame times and long tasks.
 *
 * BENCH_PORT picks the preview's port (default 4181), so several checkouts can measure side by
 * side.
 */
import { spawn } from 'node:child_process'
import { existsSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import type { Browser, Page } from '@playwright/test'
import { chromium } from '@playwright/test'
import { CHROMIUM_ARGS, resolveChromium } from '../e2e/chromium'

export interface Preview {
  base: string
  browser: Browser
  close: () => Promise<void>
}

/**
 * Serves dist/ as it is (build first: `npm run build`) and launches Chromium. BENCH_DIST serves
 * another build instead (a copy of an older dist/, to measure before and after in one sitting).
 */
export async function openPreview(): Promise<Preview> {
  const dist = process.env.BENCH_DIST ?? 'dist'
  if (!existsSync(`${dist}/index.html`)) {
    throw new Error(`${dist}/ is missing: run \`npm run build\` first`)
  }
  const server = await serveStatic(dist, Number(process.env.BENCH_PORT ?? 4181))
  try {
    const browser = await launchChromium()
    return {
      base: server.base,
      browser,
      close: async () => {
        await browser.close()
        server.close()
      },
    }
  } catch (error) {
    server.close()
    throw error
  }
}

/**
 * A headless system Chromium. Some figures change from one launch of the browser to the next on
 * a 2-core machine (where its threads land), so they are measured across several launches.
 */
export function launchChromium(): Promise<Browser> {
  const executablePath = resolveChromium()
  return chromium.launch({
    ...(executablePath ? { executablePath } : {}),
    args: [...CHROMIUM_ARGS],
  })
}

export interface StaticServer {
  base: string
  close: () => void
}

/**
 * Serves a directory of static files with `vite preview` (the same server for every page
 * measured side by side, so none is favoured by its server): dist/, or a peer's static site.
 */
export async function serveStatic(dir: string, port: number): Promise<StaticServer> {
  // Vite's own script under this Node (not `npx`, whose child would outlive server.kill()).
  // --bypass-lock: Vite refuses a second preview of one project, and an e2e or manual preview
  // may be running on another port; this one only reads dist/.
  const base = `http://127.0.0.1:${port}`
  // Never measure someone else's server that holds the port (a preview left running by an
  // interrupted run served dist/ to every later measurement, whatever BENCH_DIST said): the
  // port must be free before ours starts.
  if (await answers(base)) {
    throw new Error(
      `port ${port} is already served (${base}); stop that server or set BENCH_PORT to a free port`,
    )
  }
  const vite = fileURLToPath(new URL('../node_modules/vite/bin/vite.js', import.meta.url))
  const args = ['preview', '--host', '127.0.0.1', '--port', String(port), '--strictPort']
  args.push('--outDir', dir)
  const server = spawn(process.execPath, [vite, ...args, '--bypass-lock'], {
    stdio: ['ignore', 'ignore', 'pipe'],
  })
  let serverErrors = ''
  server.stderr.on('data', (chunk: Buffer) => (serverErrors += chunk.toString()))
  try {
    await waitForServer(
      base,
      () => server.exitCode !== null,
      () => serverErrors,
    )
    // Never measure someone else's server that happened to hold the port: ours would have
    // exited (--strictPort) by now.
    await new Promise((resolve) => setTimeout(resolve, 300))
    if (server.exitCode !== null) throw new Error(`vite preview exited: ${serverErrors}`)
    return { base, close: () => server.kill() }
  } catch (error) {
    server.kill()
    throw error
  }
}

async function answers(url: string): Promise<boolean> {
  try {
    await fetch(url)
    return true
  } catch {
    return false
  }
}

async function waitForServer(
  url: string,
  exited: () => boolean,
  errors: () => string,
): Promise<void> {
  // What the last try said: a port that fetch refuses to use (the Fetch standard's "bad ports",
  // such as 4190) looks like a server that never starts.
  let last = 'no answer'
  for (let i = 0; i < 150; i++) {
    if (exited()) throw new Error(`vite preview exited: ${errors()}`)
    try {
      const response = await fetch(url)
      if (response.ok) return
      last = `HTTP ${response.status}`
    } catch (error) {
      // Not up yet, or a port fetch will not use.
      const cause = error instanceof Error ? error.cause : undefined
      last = String(cause instanceof Error ? cause.message : error)
    }
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  throw new Error(`vite preview did not start at ${url} (last try: ${last}): ${errors()}`)
}

/**
 * requestAnimationFrame intervals over `count` frames. The first two are dropped: they still
 * carry the frame in which the driver's message arrived.
 */
export async function recordFrames(page: Page, count: number): Promise<number[]> {
  // (No named functions inside page functions: tsx would wrap them in a helper the page does
  // not have.)
  return page.evaluate(async (n) => {
    const intervals: number[] = []
    let last = await new Promise<number>((resolve) => requestAnimationFrame(resolve))
    for (let i = 0; i < n; i++) {
      const now = await new Promise<number>((resolve) => requestAnimationFrame(resolve))
      intervals.push(now - last)
      last = now
    }
    return intervals.slice(2)
  }, count)
}

declare global {
  interface Window {
    flLongTasks?: number[]
  }
}

/** Records every long task (> 50 ms, PerformanceObserver 'longtask') from the page's start. */
export async function observeLongTasks(page: Page): Promise<void> {
  await page.addInitScript(() => {
    window.flLongTasks = []
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) window.flLongTasks?.push(e.duration)
    }).observe({ type: 'longtask' })
  })
}

/** The long tasks seen since the last call (needs observeLongTasks before the page loaded). */
export async function takeLongTasks(page: Page): Promise<number[]> {
  return page.evaluate(() => {
    const tasks = window.flLongTasks ?? []
    window.flLongTasks = []
    return tasks
  })
}

/** The page's JS heap in use after a forced garbage collection, in bytes. */
export async function usedHeapBytes(page: Page): Promise<number> {
  const cdp = await page.context().newCDPSession(page)
  try {
    await cdp.send('HeapProfiler.collectGarbage')
    const { usedSize } = (await cdp.send('Runtime.getHeapUsage')) as { usedSize: number }
    return usedSize
  } finally {
    await cdp.detach()
  }
}

/**
 * Counts the main thread's lateness, from the page's first script on (add it as an init script):
 * a 20 ms timer's worst delay beyond its period since the last reset (`window.flLag.worst = 0`).
 * What a reader's click or key would have waited at that moment.
 */
export const LAG_PROBE = `(() => {
  window.flLag = { worst: 0, last: performance.now() }
  setInterval(() => {
    const now = performance.now()
    window.flLag.worst = Math.max(window.flLag.worst, now - window.flLag.last - 20)
    window.flLag.last = now
  }, 20)
})()`

declare global {
  interface Window {
    flLag?: { worst: number; last: number }
  }
}

/**
 * The value of a promise the page's own script holds (`expression` evaluates to it), read through
 * the DevTools protocol once it settles. Playwright's `waitForFunction` (and its locators) first
 * load Playwright's injected script into the page: one task of 40–75 ms of the main thread on
 * this machine (traced). Issued right after `load`, that task lands among the lab's own start-up
 * tasks (its app takes over after `load`) and delayed its "ready" by about 70 ms, while a page
 * whose start is over by `load` (RaftScope's) never paid it. A plain Runtime.evaluate adds no
 * such task: the page is measured as a reader gets it.
 */
export async function settledInPage<T>(
  page: Page,
  expression: string,
  timeoutMs: number,
): Promise<T> {
  const cdp = await page.context().newCDPSession(page)
  let timer: ReturnType<typeof setTimeout> | undefined
  try {
    const evaluated = cdp.send('Runtime.evaluate', {
      expression,
      awaitPromise: true,
      returnByValue: true,
    })
    const late = new Promise<never>((_, reject) => {
      timer = setTimeout(
        () =>
          reject(
            new Error(`${page.url()}: \`${expression}\` did not settle within ${timeoutMs} ms`),
          ),
        timeoutMs,
      )
    })
    const { result, exceptionDetails } = await Promise.race([evaluated, late])
    if (exceptionDetails !== undefined) {
      const why = exceptionDetails.exception?.description ?? exceptionDetails.text
      throw new Error(`${page.url()}: \`${expression}\` failed: ${why}`)
    }
    // A probe that never ran (an error page, a script blocked) leaves nothing to wait for.
    if (result.type === 'undefined') {
      throw new Error(`${page.url()}: \`${expression}\` is undefined (did the probe run?)`)
    }
    return result.value as T
  } finally {
    clearTimeout(timer)
    await cdp.detach().catch(() => {})
  }
}
