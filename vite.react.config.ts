/**
 * `fencing-lab/react` (src/embed/react.tsx): the embed as a React component, built as one ES
 * module with React left to the site (a peer: the site's own React renders it).
 *
 *   vite build -c vite.react.config.ts   → dist-react/react.js
 */
import { fileURLToPath } from 'node:url'
import { defineConfig } from 'vite'

export default defineConfig({
  publicDir: false,
  // Production JSX (react/jsx-runtime): the dev runtime's jsxDEV is undefined in a production
  // React, where a site's build would crash on the first render.
  oxc: { jsx: { runtime: 'automatic', development: false } },
  build: {
    outDir: 'dist-react',
    emptyOutDir: true,
    target: 'es2022',
    minify: false,
    sourcemap: false,
    lib: {
      entry: fileURLToPath(new URL('./src/embed/react.tsx', import.meta.url)),
      formats: ['es'],
      fileName: () => 'react.js',
    },
    rolldownOptions: {
      // A client component for React Server Components (Next.js's App Router): it holds state
      // and effects, so a server page may render it but must not run it on the server.
      output: { banner: "'use client';" },
      external: (id: string) => id === 'react' || id.startsWith('react/') || id === 'react-dom',
    },
  },
})
