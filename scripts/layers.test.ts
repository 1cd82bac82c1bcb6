/**
 * The layer table is enforced: ESLint refuses an import against it (small fixture sources,
 * linted as if they sat in the folder), lets the allowed ones through, and the module map in
 * docs/ARCHITECTURE.md and tsconfig.core.json say what scripts/layers.js says.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import { fileURLToPath } from 'node:url'
import { ESLint } from 'eslint'
import tseslint from 'typescript-eslint'
import { describe, expect, it } from 'vitest'
import {
  addressConfigs,
  EXCEPTIONS,
  LAYERS,
  mayImportText,
  owner,
  PURE,
  layerConfigs,
} from './layers.js'

const ROOT = fileURLToPath(new URL('..', import.meta.url))

// The layer rules alone, parsed without type information: a lint takes milliseconds.
const eslint = new ESLint({
  cwd: ROOT,
  overrideConfigFile: true,
  overrideConfig: [
    { files: ['**/*.ts', '**/*.tsx'], languageOptions: { parser: tseslint.parser } },
    ...layerConfigs(),
    ...addressConfigs(),
    // A fixture that imports a file that does not exist would pass the layer rules vacuously.
    { files: ['src/**'], rules: { 'import-x/no-unresolved': 'error' } },
  ],
})

/** The layering messages ESLint gives `source` as if it were the file `file` under src/. */
async function refusals(file: string, source: string): Promise<string[]> {
  const [result] = await eslint.lintText(source, { filePath: join(ROOT, 'src', file) })
  if (result === undefined) throw new Error(`no lint result for ${file}`)
  const fatal = result.messages.filter((m) => m.fatal === true)
  if (fatal.length > 0) throw new Error(`${file} does not parse: ${fatal[0]?.message}`)
  return result.messages.map((m) => m.message)
}

const refused: Array<[what: string, file: string, source: string, says: string]> = [
  ['viz → store', 'viz/Probe.tsx', `import { useLab } from '../store'`, 'src/viz may import only'],
  [
    'viz → store (a type only)',
    'viz/Probe.tsx',
    `import type { LabStore } from '../store/labStore'`,
    'src/viz may import only',
  ],
  [
    'viz → store (loaded on demand)',
    'viz/Probe.tsx',
    `export const load = () => import('../store')`,
    'src/viz may import only',
  ],
  [
    'viz → store (re-exported)',
    'viz/Probe.tsx',
    `export * from '../store/labStore'`,
    'src/viz may import only',
  ],
  [
    'viz/layout → a React component',
    'viz/layout/probe.ts',
    `import { SpaceTimeDiagram } from '../SpaceTimeDiagram'`,
    'src/viz/layout may import only',
  ],
  [
    'viz/layout → viz index',
    'viz/layout/probe.ts',
    `export { renderDiagramSvg } from '..'`,
    'src/viz/layout may import only',
  ],
  [
    'sim → timeline',
    'sim/probe.ts',
    `import { stateAt } from '../timeline'`,
    'src/sim may import only',
  ],
  [
    'ui → embed',
    'ui/Probe.tsx',
    `import { readEmbedOptions } from '../embed/options'`,
    'src/ui may import only',
  ],
  [
    'ui → embed, from a file with an exception for another embed file',
    'ui/App.tsx',
    `import { readEmbedOptions } from '../embed/options'`,
    'src/ui may import only',
  ],
  [
    'ui → testing',
    'ui/Probe.tsx',
    `import { largeRun } from '../testing/largeRun'`,
    'src/ui may import only',
  ],
  [
    'sim → testing',
    'sim/probe.ts',
    `import { runInput } from '../testing/runs'`,
    'src/sim may import only',
  ],
  [
    'tour/chapters → the tour UI',
    'tour/chapters/probe.ts',
    `import { TourApp } from '../TourApp'`,
    'src/tour/chapters may import only',
  ],
  ['link → ui', 'link/probe.ts', `import { App } from '../ui/App'`, 'src/link may import only'],
  [
    'systems → store',
    'systems/probe.ts',
    `import { useLab } from '../store'`,
    'src/systems may import only',
  ],
  [
    'link → embed',
    'link/probe.ts',
    `import { readEmbedOptions } from '../embed/options'`,
    'src/link may import only',
  ],
  ['store → ui', 'store/probe.ts', `import { Lab } from '../ui/Lab'`, 'src/store may import only'],
  ['explore → store', 'explore/probe.ts', `import '../store'`, 'src/explore may import only'],
  ['cli → ui', 'cli/probe.ts', `import { App } from '../ui/App'`, 'src/cli may import only'],
  ['main.tsx → viz', 'main.tsx', `import { SpaceTimeDiagram } from './viz'`, 'src/main.tsx'],
  [
    'sim → react (a package)',
    'sim/probe.ts',
    `import { useState } from 'react'`,
    'src/sim may import only these packages: valibot',
  ],
  [
    'timeline → d3',
    'timeline/probe.ts',
    `import { max } from 'd3-array'`,
    'src/timeline may import only these packages: none',
  ],
  [
    'viz/layout → react-dom',
    'viz/layout/probe.ts',
    `import { flushSync } from 'react-dom'`,
    'src/viz/layout may import only these packages',
  ],
  [
    'explore → node:fs',
    'explore/probe.ts',
    `import { readFileSync } from 'node:fs'`,
    'src/explore may import only these packages',
  ],
  [
    'viz → zustand',
    'viz/Probe.tsx',
    `export { create } from 'zustand'`,
    'src/viz may import only these packages',
  ],
]

const allowed: Array<[what: string, file: string, source: string]> = [
  [
    'viz → viz/layout, sim, timeline, react',
    'viz/Probe.tsx',
    `import { layoutDiagram } from './layout'\nimport { run } from '../sim'\nimport { stateAt } from '../timeline'\nimport { useMemo } from 'react'`,
  ],
  [
    'viz/layout → its own files, sim, d3-array',
    'viz/layout/probe.ts',
    `import { layoutDiagram } from './layoutDiagram'\nimport type { Run } from '../../sim'\nimport { ticks } from 'd3-array'`,
  ],
  ['ui → store, viz', 'ui/Probe.tsx', `import { useLab } from '../store'\nimport '../viz'`],
  ['ui/share → store', 'ui/share/Probe.tsx', `import { useLab } from '../../store'`],
  ['tour → tour/chapters', 'tour/Probe.tsx', `import { TOUR } from './chapters'`],
  ['cli → systems', 'cli/probe.ts', `import { buildSystem } from '../systems'`],
  ['embed → tour, ui', 'embed/probe.tsx', `import '../tour/TourApp'\nimport '../ui/Lab'`],
  ['cli → node:fs, viz', 'cli/probe.ts', `import { readFileSync } from 'node:fs'\nimport '../viz'`],
  ['main.tsx → ui', 'main.tsx', `import { App } from './ui/App'`],
  ['store → explore', 'store/probe.ts', `import { createExplorer } from '../explore'`],
  ['a test → testing', 'ui/Probe.test.ts', `import { largeRun } from '../testing/largeRun'`],
  ['testing → anything', 'testing/probe.ts', `import '../ui/Lab'\nimport '../store'`],
  ...EXCEPTIONS.map(({ file, imports, why }): [string, string, string] => {
    const from = join(ROOT, 'src', file, '..')
    const specifier = relative(from, join(ROOT, 'src', imports)).replace(/\.tsx?$/, '')
    return [`exception ${file} → ${imports} (${why})`, file, `import '${specifier}'`]
  }),
]

describe('lint refuses an import against the layer table', () => {
  it.each(refused)('%s', async (_what, file, source, says) => {
    const messages = await refusals(file, source)
    expect(messages).toHaveLength(1)
    expect(messages[0]).toContain(says)
    expect(messages[0]).toContain('docs/ARCHITECTURE.md')
  })
})

describe('lint lets an import the table allows through', () => {
  it.each(allowed)('%s', async (_what, file, source) => {
    expect(await refusals(file, source)).toEqual([])
  })
})

describe('only src/link reads or writes an address', () => {
  const parse = `export const tour = new URLSearchParams('?tour=1').has('tour')`
  it('lint refuses URLSearchParams outside src/link', async () => {
    expect(await refusals('embed/Probe.ts', parse)).toEqual([
      expect.stringContaining('Addresses are read and written in src/link only'),
    ])
    expect(await refusals('ui/share/Probe.ts', parse)).toHaveLength(1)
  })
  it('lets src/link and tests use it', async () => {
    expect(await refusals('link/Probe.ts', parse)).toEqual([])
    expect(await refusals('embed/Probe.test.ts', parse)).toEqual([])
  })
})

describe('the layer table', () => {
  it('is what the module map in docs/ARCHITECTURE.md says', () => {
    const doc = readFileSync(join(ROOT, 'docs/ARCHITECTURE.md'), 'utf8')
    const map = doc.slice(
      doc.indexOf('## Module map'),
      doc.indexOf('\n## ', doc.indexOf('## Module map') + 1),
    )
    const rows = new Map<string, string>()
    for (const line of map.split('\n')) {
      const cells = line.split('|').map((c) => c.trim())
      const folder = /^`src\/(.+)`$/.exec(cells[1] ?? '')?.[1]
      if (folder !== undefined) rows.set(folder, cells[3] ?? '')
    }
    expect(Object.fromEntries(rows)).toEqual(
      Object.fromEntries(LAYERS.map((layer) => [layer.name, mayImportText(layer)])),
    )
  })

  it('names the pure core as tsconfig.core.json checks it', () => {
    const config = readFileSync(join(ROOT, 'tsconfig.core.json'), 'utf8')
    const included = [...config.matchAll(/"(src\/[^"]+)\/\*\*\/\*\.ts"/g)].map((m) => `${m[1]}/**`)
    expect(included.sort()).toEqual([...PURE].sort())
  })

  it('has a row for every production file under src/', () => {
    const files = (readdirSync(join(ROOT, 'src'), { recursive: true }) as string[])
      .map((f) => f.split('\\').join('/'))
      .filter((f) => /\.tsx?$/.test(f) && !/\.test\.tsx?$/.test(f))
    const homeless = files.filter((f) => {
      try {
        owner(f)
        return false
      } catch {
        return true
      }
    })
    expect(homeless).toEqual([])
  })

  it('keeps an exception only while its import is in the code', () => {
    const stale = EXCEPTIONS.filter(({ file, imports }) => {
      const path = join(ROOT, 'src', file)
      if (!existsSync(path)) return true
      const specifiers = [...readFileSync(path, 'utf8').matchAll(/from\s+'(\.[^']*)'/g)]
      const target = join(ROOT, 'src', imports).replace(/\.tsx?$/, '')
      return !specifiers.some((m) => join(path, '..', m[1] ?? '') === target)
    })
    // A stale one would let that import come back unnoticed: delete it from scripts/layers.js.
    expect(stale.map((e) => `${e.file} → ${e.imports}`)).toEqual([])
  })

  it('allows only layers it knows, and no layer imports test support', () => {
    const names = new Set(LAYERS.map((l) => l.name))
    for (const layer of LAYERS) {
      for (const other of layer.layers) expect(names, `${layer.name} → ${other}`).toContain(other)
      expect(layer.layers).not.toContain('testing')
    }
  })
})
