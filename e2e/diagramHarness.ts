/**
 * The diagram's harness page (src/testing/harness) for e2e/diagram.spec.ts: built with Vite into a
 * scratch directory and served by a tiny static server, so the app's build is not involved.
 */
import { createReadStream, existsSync, statSync } from 'node:fs'
import type { AddressInfo } from 'node:net'
import { createServer } from 'node:http'
import { extname, join, normalize, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import react from '@vitejs/plugin-react'
import { build } from 'vite'

const ROOT = fileURLToPath(new URL('..', import.meta.url))
const HARNESS = 'src/testing/harness/harness.html'

const MIME: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
}

/** Builds the harness page into `outDir` (each concurrent caller needs its own). */
export async function buildHarness(outDir: string): Promise<string> {
  await build({
    configFile: false,
    root: ROOT,
    base: './',
    logLevel: 'warn',
    plugins: [react()],
    build: {
      outDir,
      emptyOutDir: true,
      target: 'es2022',
      chunkSizeWarningLimit: 2000,
      rolldownOptions: { input: join(ROOT, HARNESS) },
    },
  })
  return outDir
}

/** Serves a directory on 127.0.0.1 (a free port); resolves with the base URL and a closer. */
export async function serveStatic(
  dir: string,
): Promise<{ url: string; close: () => Promise<void> }> {
  const server = createServer((req, res) => {
    const path = normalize(decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname))
    const file = resolve(dir, `.${path}`)
    if (!file.startsWith(dir) || !existsSync(file) || !statSync(file).isFile()) {
      res.writeHead(404).end('not found')
      return
    }
    res.writeHead(200, { 'content-type': MIME[extname(file)] ?? 'application/octet-stream' })
    createReadStream(file).pipe(res)
  })
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise((ok) => server.close(() => ok())),
  }
}
