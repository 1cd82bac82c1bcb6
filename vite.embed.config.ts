/**
 * The embed's build: embed.html (the iframe) and dist/fencing-lab.js (the <fencing-lab> custom
 * element, one self-contained script), both on preact/compat instead of React so the embed's
 * first load stays within its budget (React 19 + ReactDOM alone is about 67 kB gzipped). The
 * lab page (vite.config.ts) stays on React; the components are the same source.
 *
 * It runs after the page's build and adds to the same dist/ without emptying it:
 *   vite build -c vite.embed.config.ts                 → embed.html + assets, manifest.embed.json
 *   vite build -c vite.embed.config.ts --mode element  → fencing-lab.js, manifest.element.json
 * Each writes its own manifest, moved beside dist/ (dist-manifests/, never published), so
 * scripts/budgets.ts reads all three.
 */
import { fileURLToPath } from 'node:url'
import react from '@vitejs/plugin-react'
import { defineConfig } from 'vite'
import { contentSecurityPolicy, manifestsOutsideDist } from './vite.config.ts'

const fromRoot = (file: string): string => fileURLToPath(new URL(file, import.meta.url))

/** React's entry points, answered by preact/compat (exact names, so nothing else matches). */
export const PREACT_ALIASES = [
  { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
  { find: /^react-dom$/, replacement: 'preact/compat' },
  { find: /^react\/jsx-runtime$/, replacement: 'preact/compat/jsx-runtime' },
  { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/compat/jsx-dev-runtime' },
  { find: /^react$/, replacement: 'preact/compat' },
]

export default defineConfig(({ mode }) => {
  const element = mode === 'element'
  return {
    base: './',
    // public/ is copied once, by the page's build.
    publicDir: false,
    // embed.html gets the page's self-only Content-Security-Policy (the element has no page).
    plugins: element
      ? [react(), manifestsOutsideDist()]
      : [react(), contentSecurityPolicy(), manifestsOutsideDist()],
    resolve: { alias: PREACT_ALIASES },
    build: {
      target: 'es2022',
      emptyOutDir: false,
      // The element inlines its dynamic imports (one file): nothing to preload.
      ...(element ? { modulePreload: false } : {}),
      manifest: element ? '.vite/manifest.element.json' : '.vite/manifest.embed.json',
      rolldownOptions: element
        ? {
            input: { 'fencing-lab': fromRoot('./src/embed/element.tsx') },
            // Vite's dynamic-import helper mentions import.meta; with every import inlined it
            // has nothing to resolve, so its replacement by {} is harmless.
            checks: { emptyImportMeta: false },
            // One classic script that registers the element: no chunks to fetch, no module
            // loader, so a host needs nothing but <script src=".../fencing-lab.js" defer>.
            output: { format: 'iife', entryFileNames: 'fencing-lab.js', codeSplitting: false },
          }
        : { input: { embed: fromRoot('./embed.html') } },
    },
  }
})
