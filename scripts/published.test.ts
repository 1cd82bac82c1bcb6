import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { unpublishable } from './published'

let dir = ''

function site(files: Record<string, string>): string {
  dir = mkdtempSync(join(tmpdir(), 'published-'))
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(join(dir, path, '..'), { recursive: true })
    writeFileSync(join(dir, path), text)
  }
  return dir
}

afterEach(() => {
  if (dir !== '') rmSync(dir, { recursive: true, force: true })
  dir = ''
})

describe('unpublishable', () => {
  it('passes a built site: pages, hashed assets, the host script', () => {
    const ok = site({
      'index.html': '<script type="module" src="./assets/index-AbC.js"></script>',
      'assets/index-AbC.js': 'const a="./src";import("./Panels-x.js")',
      'embed-host.js': '// <script src="https://LAB-HOST/embed-host.js">',
      'assets/logo.png': 'src/not/text.ts',
    })
    expect(unpublishable(ok)).toEqual([])
  })

  it('names Vite’s manifests folder and any file naming a source path', () => {
    const bad = site({
      '.vite/manifest.json': '{"src/embed/element.tsx":{"file":"fencing-lab.js"}}',
      'assets/index-AbC.js': 'console.log("at src/sim/run.ts:12")',
      'index.html': '<p>fine</p>',
    })
    expect(unpublishable(bad)).toEqual([
      '.vite: a hidden folder',
      'assets/index-AbC.js: names a source file (src/sim/run.ts)',
    ])
  })
})
