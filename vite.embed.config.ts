/**
 * The embed's build: embed.html (the iframe) and dist/fencing-lab.js (the <fencing-lab> custom
 * element, one self-contained script), both on preact/compat instead of React so the embed's
 * first load stays within its budget (React 19 + ReactDOM alone is about 67 kB gzipped). The
 * lab page (vite.config.ts) stays on React; the components are the same source.
 *
 * It runs after the page's build and adds to the same dist/ without emptying it:
 *   vite build -c vite.embed.config.ts                 → embed.html + assets, manifest.embed.json
 *   vite build -c vite.embed.config.ts --mode element  → fencing-lab.js, manifest.element.json
 *   vite build -c vite.embed.config.ts --mode classic  → embed-classic.js and .css: embed.html in
 *     one classic script, for frames with an opaque origin (src/embed/classic.tsx)
 * Each writes its own manifest, moved beside dist/ (dist-manifests/, never published), so
 * scripts/budgets.ts reads all three.
 */
import { fileURLToPath } from 'node:url'
import react from '@vitejs/plugin-react'
import type { Plugin } from 'vite'
import { defineConfig } from 'vite'
import { contentSecurityPolicy, manifestsOutsideDist, PREACT_ALIASES } from './vite.config.ts'

export { PREACT_ALIASES }

const fromRoot = (file: string): string => fileURLToPath(new URL(file, import.meta.url))

/**
 * embed.html's stylesheet without `crossorigin`: a frame sandboxed into an opaque origin fetches
 * a crossorigin stylesheet with CORS (refused for origin "null"), a plain one without.
 */
function plainStylesheet(): Plugin {
  return {
    name: 'fencing-lab:plain-stylesheet',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler: (html) => html.replace(/(<link rel="stylesheet") crossorigin/g, '$1'),
    },
  }
}

/** A one-file classic script: no chunks to fetch, no module loader, no CORS. */
function oneClassicScript(name: string, entry: string) {
  return {
    input: { [name]: fromRoot(entry) },
    // Vite's dynamic-import helper mentions import.meta; with every import inlined it
    // has nothing to resolve, so its replacement by {} is harmless.
    checks: { emptyImportMeta: false },
    output: {
      format: 'iife' as const,
      entryFileNames: `${name}.js`,
      assetFileNames: `${name}.[ext]`,
      codeSplitting: false,
    },
  }
}

/**
 * In a one-file build, src/embed/loadOnDemand.ts and src/viz/diagramCssOnDemand.ts are answered by
 * their static twins: every import is
 * inlined there anyway, and an inlined dynamic import wraps each module it reaches in a lazy
 * initialiser (bytes for nothing).
 */
const ONE_FILE_ALIASES = [
  { find: /^\.\/loadOnDemand$/, replacement: fromRoot('./src/embed/loadOnDemand.inline.ts') },
  {
    find: /^\.\/diagramCssOnDemand$/,
    replacement: fromRoot('./src/viz/diagramCssOnDemand.inline.ts'),
  },
]

/**
 * In embed.html's build, the preset list holds the default preset only and loads any other when
 * a link asks for it (src/sim/presets/presetList.onDemand.ts): the fifteen others were about 7 kB
 * of the embed's first load, gzipped. The one-file builds keep every preset (they would inline
 * the loads anyway).
 */
const PAGE_ALIASES = [
  {
    find: /^\.\/presetList$/,
    replacement: fromRoot('./src/sim/presets/presetList.onDemand.ts'),
  },
]

export default defineConfig(({ mode }) => {
  const element = mode === 'element'
  // embed.html's fallback for frames whose module scripts cannot load (src/embed/classic.tsx).
  const classic = mode === 'classic'
  const oneFile = element || classic
  return {
    base: './',
    // public/ is copied once, by the page's build.
    publicDir: false,
    // embed.html gets the page's self-only Content-Security-Policy (the element has no page).
    plugins: oneFile
      ? [react(), manifestsOutsideDist()]
      : [react(), contentSecurityPolicy(), plainStylesheet(), manifestsOutsideDist()],
    resolve: {
      alias: oneFile
        ? [...ONE_FILE_ALIASES, ...PREACT_ALIASES]
        : [...PAGE_ALIASES, ...PREACT_ALIASES],
    },
    build: {
      target: 'es2022',
      emptyOutDir: false,
      // A one-file build inlines its dynamic imports: nothing to preload.
      ...(oneFile ? { modulePreload: false } : {}),
      // The classic fallback's styles in one file (embed-classic.css) that embed-fallback.js
      // links, not a <style> injected at run time (the page's CSP forbids inline styles).
      ...(classic ? { cssCodeSplit: false } : {}),
      // The classic fallback is not a first load anyone budgets: no manifest.
      manifest: classic
        ? false
        : element
          ? '.vite/manifest.element.json'
          : '.vite/manifest.embed.json',
      rolldownOptions: element
        ? // One classic script that registers the element, so a host needs nothing but
          // <script src=".../fencing-lab.js" defer>.
          oneClassicScript('fencing-lab', './src/embed/element.tsx')
        : classic
          ? oneClassicScript('embed-classic', './src/embed/classic.tsx')
          : { input: { embed: fromRoot('./embed.html') } },
    },
  }
})
