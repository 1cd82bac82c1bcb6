/**
 * Build step (npm run build:react, after the component's build): the type declarations of
 * `fencing-lab/react` as one file, dist-react/react.d.ts, so a TypeScript site checks its props.
 * tsc emits the declarations of the component's whole import graph (tsconfig.react.json); only
 * the component's own file is published, and it must stand alone: it may import React and
 * nothing of this repository (src/embed/react.tsx writes its prop types out for that).
 */
import { execFileSync } from 'node:child_process'
import { copyFileSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'

const repo = fileURLToPath(new URL('..', import.meta.url))
const out = mkdtempSync(join(tmpdir(), 'fencing-lab-react-types-'))
try {
  const tsc = join(repo, 'node_modules', 'typescript', 'bin', 'tsc')
  execFileSync(process.execPath, [tsc, '-p', 'tsconfig.react.json', '--outDir', out], {
    cwd: repo,
    stdio: 'inherit',
  })
  const emitted = join(out, 'embed', 'react.d.ts')
  const text = readFileSync(emitted, 'utf8')
  const local = [...text.matchAll(/from '(\.[^']*)'/g)].map((m) => m[1])
  if (local.length > 0) {
    throw new Error(
      `dist-react/react.d.ts would import ${local.join(', ')}: the published types must import only React`,
    )
  }
  copyFileSync(emitted, join(repo, 'dist-react', 'react.d.ts'))
  console.log('wrote dist-react/react.d.ts')
} finally {
  rmSync(out, { recursive: true, force: true })
}
