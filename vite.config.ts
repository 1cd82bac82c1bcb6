import { availableParallelism } from 'node:os'
import { existsSync, mkdirSync, renameSync, rmSync } from 'node:fs'
import { basename, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import react from '@vitejs/plugin-react'
import type { Plugin } from 'vite'
import { configDefaults, defineConfig } from 'vitest/config'

const fromRoot = (file: string): string => fileURLToPath(new URL(file, import.meta.url))

// Multi-page build: every HTML entry listed here that exists is built. embed.html is not one of
// them: it is built on preact/compat by vite.embed.config.ts, which runs next (npm run build).
const pages = ['index', 'tour'].filter((name) => existsSync(fromRoot(`./${name}.html`)))
const input = Object.fromEntries(pages.map((name) => [name, fromRoot(`./${name}.html`)]))

/**
 * The Content-Security-Policy of every built page: scripts, styles, workers and fetches from the
 * page's own origin only; images also from data: and blob: URLs (the favicon, PNG export). No
 * inline script or style is needed: React sets styles through the CSSOM and the diagram adopts
 * constructed stylesheets. Build only — the dev server injects an inline HMR preamble.
 */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data: blob:",
  "font-src 'self'",
  "connect-src 'self'",
  "worker-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'none'",
].join('; ')

export function contentSecurityPolicy(): Plugin {
  return {
    name: 'fencing-lab:csp',
    apply: 'build',
    transformIndexHtml: () => [
      {
        tag: 'meta',
        attrs: { 'http-equiv': 'Content-Security-Policy', content: CONTENT_SECURITY_POLICY },
        injectTo: 'head-prepend',
      },
    ],
  }
}

/**
 * Where the builds' manifests end up: beside dist/, never in it. A manifest lists each entry's
 * static imports by source path (src/embed/element.tsx…); the budget check (scripts/budgets.ts)
 * and the benchmark read them, but a published site has no use for them.
 */
export const MANIFEST_DIR = fromRoot('./dist-manifests/')

/** Moves the manifest Vite wrote into `<outDir>/.vite/` to MANIFEST_DIR, and removes `.vite/`. */
export function manifestsOutsideDist(): Plugin {
  let outDir = ''
  return {
    name: 'fencing-lab:manifests-outside-dist',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir)
    },
    writeBundle(_, bundle) {
      for (const fileName of Object.keys(bundle)) {
        if (!fileName.startsWith('.vite/')) continue
        mkdirSync(MANIFEST_DIR, { recursive: true })
        renameSync(join(outDir, fileName), join(MANIFEST_DIR, basename(fileName)))
      }
      rmSync(join(outDir, '.vite'), { recursive: true, force: true })
    },
  }
}

/**
 * React's entry points, answered by preact/compat (exact names, so nothing else matches); `react`
 * itself by preact/compat with a fix (scripts/preact/react.js). Every
 * page is built on it: React 19 + ReactDOM alone is about 60 kB gzipped, more than half of the
 * lab page's first-load budget; the components are the same source and the unit tests still run
 * them on React.
 */
export const PREACT_ALIASES = [
  { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
  { find: /^react-dom$/, replacement: 'preact/compat' },
  { find: /^react\/jsx-runtime$/, replacement: 'preact/compat/jsx-runtime' },
  { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/compat/jsx-dev-runtime' },
  { find: /^react$/, replacement: fromRoot('./scripts/preact/react.js') },
]

/**
 * Test files that vi.mock() a module. The node project shares its workers' module cache across
 * files (isolate: false, below), so a mock would leak into later files: with it in that project,
 * a shuffled run (--sequence.shuffle) failed flatStyles, presetFigures or this file itself, by
 * order. These run in a project of their own that keeps the isolation. Add any new such file here.
 */
const MOCKING_TESTS = [
  'src/viz/staticMarkup.preact.test.ts',
  'src/store/derivation.test.ts',
  'src/store/opening.test.ts',
  'src/embed/openEmbed.onDemand.test.ts',
  'src/viz/SpaceTimeDiagram.preact.test.ts',
  'src/ui/HoldUntilDrawn.memory.test.ts',
]

export default defineConfig({
  base: './',
  plugins: [react(), contentSecurityPolicy(), manifestsOutsideDist()],
  // The pages run on preact/compat; the unit tests (Vitest) keep React and its testing tools.
  resolve: { alias: process.env.VITEST ? [] : PREACT_ALIASES },
  build: {
    target: 'es2022',
    // The manifest lists each entry's static imports: the budget check sums an entry's
    // first-load JavaScript from it. It is moved out of dist/ (manifestsOutsideDist).
    manifest: true,
    // A chunk the app imports on demand is fetched with its own imports by the browser, not
    // preceded by <link rel=modulepreload> elements for each of them: Vite's helper appended
    // nine of those in the lab's first render (the story bar, the panels, the share bar…), and
    // each append started a fetch there, on the main thread. Without them the lab was ready
    // 12–62 ms sooner and its longest task during load 23–43 ms shorter (10 interleaved cold
    // loads, twice). An on-demand chunk's own stylesheet is still loaded first.
    modulePreload: {
      resolveDependencies: (_file, deps, { hostType }) =>
        hostType === 'js' ? deps.filter((dep) => dep.endsWith('.css')) : deps,
    },
    rolldownOptions: { input },
  },
  // Unit tests. The environment is chosen by file name (projects below):
  //   *.test.ts  -> node   (the pure core, the CLI, the stores, bench helpers, scripts;
  //                         node-isolated for the few that vi.mock, MOCKING_TESTS)
  //   *.test.tsx -> jsdom  (React components)
  // A single file can still override it with a `// @vitest-environment jsdom` (or node) docblock
  // on its first line.
  test: {
    passWithNoTests: true,
    // A timeout only guards against a hang. Property and fuzz suites take 0.5–2 s per test on a
    // quiet machine and several times that on a loaded one: the default 5 s failed them at random.
    testTimeout: 60_000,
    // Vitest runs one worker fewer than there are cores, but at least two: two on a 2-core CI
    // machine, where two rather than one took the unit suite from 162 s to 108 s (the suite waits
    // on imports and jsdom as much as on the CPU).
    //
    // Pools and isolation (the projects below), measured on the 2-core machine, shared and
    // loaded (load average 3.4–11), `npx vitest run`, alternating forks/isolated (before) and
    // the projects below (after): before 211.0, 103.3, 113.6 s (median 113.6); after 68.7, 68.7,
    // 74.5 s (median 68.7). Summed over files, imports went 37–40 s -> 18–19 s.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    projects: [
      {
        extends: true,
        test: {
          name: 'node',
          include: ['src/**/*.test.ts', 'bench/**/*.test.ts', 'scripts/**/*.test.ts'],
          // Packing and installing the CLI takes minutes: its own step (vitest.package.config.ts).
          exclude: [...configDefaults.exclude, 'src/cli/package.test.ts', ...MOCKING_TESTS],
          environment: 'node',
          // Worker threads, and no fresh module graph per file: the node files import the same
          // core, and re-importing it per file was most of this project's time. On this 2-core
          // machine, node project alone, one run each: 104 s as before, 61 s with these two
          // (import 38 -> 15 s summed over files), 128 s with threads alone (a loaded machine:
          // the same config ran 73 s right after). Two shuffled runs found only the vi.mock leak
          // (MOCKING_TESTS). A file that needs fresh module state belongs in MOCKING_TESTS too.
          pool: 'threads',
          isolate: false,
        },
      },
      {
        extends: true,
        test: {
          name: 'node-isolated',
          include: MOCKING_TESTS,
          environment: 'node',
          pool: 'threads',
        },
      },
      {
        extends: true,
        test: {
          name: 'jsdom',
          include: ['src/**/*.test.tsx'],
          environment: 'jsdom',
          // Threads start each file's jsdom sooner than forked processes: jsdom project alone,
          // 65 s with forks, 51 s with threads (one run each). It stays isolated: without
          // isolation DiagramPanel.playing/truncated and useDiagramLayout fail (they vi.mock
          // modules; not looked into further).
          pool: 'threads',
        },
      },
    ],
  },
})
