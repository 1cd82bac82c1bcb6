/**
 * The command line's build: src/cli/main.ts as plain JavaScript in dist-cli/, run by
 * bin/fencing-lab.js. Node needs no TypeScript loader then, and JSX is compiled here, with the
 * project's settings, not by whatever tsconfig the working directory happens to have. Production
 * dependencies (react, react-dom, valibot, d3) stay imports: an install provides them.
 *
 *   vite build -c vite.cli.config.ts   → dist-cli/main.js
 */
import { builtinModules } from 'node:module'
import { fileURLToPath } from 'node:url'
import { defineConfig } from 'vite'
import pkg from './package.json' with { type: 'json' }

const dependencies = Object.keys(pkg.dependencies)
const external = (id: string): boolean =>
  id.startsWith('node:') ||
  builtinModules.includes(id) ||
  dependencies.some((name) => id === name || id.startsWith(`${name}/`))

export default defineConfig({
  publicDir: false,
  // The automatic runtime (react/jsx-runtime), as tsconfig.json says.
  oxc: { jsx: { runtime: 'automatic' } },
  build: {
    ssr: fileURLToPath(new URL('./src/cli/main.ts', import.meta.url)),
    outDir: 'dist-cli',
    emptyOutDir: true,
    target: 'node20',
    minify: false,
    sourcemap: false,
    rolldownOptions: {
      external,
      output: { entryFileNames: 'main.js', format: 'es' },
    },
  },
  ssr: { target: 'node', noExternal: true },
})
