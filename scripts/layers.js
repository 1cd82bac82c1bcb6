// @ts-check
/**
 * The layering of src/, in one place: which folder may import which, and which packages. The
 * module map in docs/ARCHITECTURE.md shows the same allow-lists (scripts/layers.test.ts checks
 * that they agree) and eslint.config.js turns them into lint rules, so an import against the
 * table fails `npm test`.
 *
 * A layer may always import its own files, sub-folders included (a sub-folder with a row of its
 * own is a layer of its own: `viz/layout` may not import the `viz` components around it). Tests
 * (`*.test.ts(x)`) are exempt; production code may never import `src/testing`.
 */
import { fileURLToPath } from 'node:url'
import { createNodeResolver, importX } from 'eslint-plugin-import-x'

/**
 * @typedef {object} Layer
 * @property {string} name Folder under src/ (`viz/layout`), or a file (`main.tsx`).
 * @property {readonly string[]} layers Other layers it may import.
 * @property {readonly string[]} packages Packages it may import; `node:*` means Node's modules.
 * @property {boolean} [pure] Part of the pure core: no DOM, host, clock or unseeded randomness.
 * @property {boolean} [unrestricted] Test support: may import anything (and only tests may import it).
 */

/** @type {readonly Layer[]} */
export const LAYERS = [
  { name: 'sim', layers: [], packages: ['valibot'], pure: true },
  { name: 'timeline', layers: ['sim'], packages: [], pure: true },
  { name: 'explore', layers: ['sim', 'timeline'], packages: [], pure: true },
  {
    name: 'viz/layout',
    layers: ['sim', 'timeline'],
    packages: ['d3-array', 'd3-scale'],
    pure: true,
  },
  { name: 'link', layers: ['sim'], packages: ['fflate', 'valibot'], pure: true },
  { name: 'history', layers: ['sim'], packages: [], pure: true },
  { name: 'tour/chapters', layers: ['sim'], packages: [], pure: true },
  { name: 'systems', layers: ['sim'], packages: [], pure: true },
  {
    name: 'viz',
    layers: ['sim', 'timeline'],
    packages: ['react', 'd3-array', 'd3-scale', 'gifenc'],
  },
  { name: 'workers', layers: ['explore', 'history', 'sim'], packages: [] },
  {
    name: 'store',
    layers: ['sim', 'timeline', 'explore', 'history'],
    packages: ['react', 'zustand'],
  },
  {
    name: 'ui',
    layers: ['store', 'viz', 'explore', 'workers', 'link', 'timeline', 'systems', 'history', 'sim'],
    packages: [
      'react',
      'react-dom',
      'zustand',
      'd3-array',
      'd3-scale',
      'jsonc-parser',
      'webm-muxer',
    ],
  },
  {
    name: 'tour',
    layers: ['store', 'viz', 'ui', 'link', 'timeline', 'sim'],
    packages: ['react', 'react-dom'],
  },
  {
    name: 'embed',
    layers: ['store', 'viz', 'ui', 'tour', 'link', 'timeline', 'sim'],
    packages: ['react', 'react-dom', 'fflate'],
  },
  { name: 'main.tsx', layers: ['ui'], packages: ['react', 'react-dom'] },
  {
    name: 'cli',
    layers: ['sim', 'systems', 'viz', 'history', 'link'],
    packages: ['node:*', '@resvg/resvg-js'],
  },
  { name: 'testing', layers: [], packages: [], unrestricted: true },
]

/**
 * Imports against the table that are still in the code, each an exact file pair, with the
 * reason it may stay for now. Delete an entry as soon as its import is gone.
 *
 * @type {ReadonlyArray<{ file: string, imports: string, why: string }>}
 */
export const EXCEPTIONS = []

const TESTS = ['**/*.test.ts', '**/*.test.tsx']
const ROOT = fileURLToPath(new URL('..', import.meta.url))

/** @param {string} name */
const isFile = (name) => /\.[a-z]+$/.test(name)

/** @param {string} name */
const globOf = (name) => (isFile(name) ? `src/${name}` : `src/${name}/**`)

/**
 * The allow-list in words, as the module map's "May import" column shows it.
 *
 * @param {Layer} layer
 */
export function mayImportText(layer) {
  if (layer.unrestricted) return 'anything; only tests, e2e, bench and scripts may import it'
  const nested = LAYERS.filter((l) => l.name.startsWith(`${layer.name}/`)).map((l) => l.name)
  const all = [...nested, ...layer.layers, ...layer.packages]
  return all.length === 0 ? 'only itself' : all.join(', ')
}

/** @param {Layer} layer @param {readonly string[]} extra Files (under src/) also allowed. */
function restrictedPaths(layer, extra) {
  const except = [layer.name, ...layer.layers, ...extra]
    .filter((name) => !isFile(name) || extra.includes(name))
    .map((name) => `./${name}`)
  const core = layer.pure ? ' It is part of the pure core.' : ''
  return [
    'error',
    {
      basePath: ROOT,
      zones: [
        {
          target: `./src/${layer.name}`,
          from: './src',
          except,
          message: `src/${layer.name} may import only: ${mayImportText(layer)}.${core} See the module map in docs/ARCHITECTURE.md.`,
        },
        {
          target: `./src/${layer.name}`,
          from: './recorder',
          message: `src/${layer.name} may not import the recorder: it starts services and processes and runs in Node only, never in the lab's bundles (docs/recorded-histories.md).`,
        },
      ],
    },
  ]
}

/** @param {string} pattern */
const packageRegex = (pattern) =>
  pattern.endsWith(':*')
    ? `${pattern.slice(0, -1)}` // node:* → any `node:` module
    : `${pattern.replace(/[.+?^${}()|[\]\\]/g, '\\$&')}(/|$)`

/** @param {Layer} layer */
function restrictedPackages(layer) {
  const allowed = layer.packages.map(packageRegex)
  const alternatives = ['\\.', ...allowed].join('|')
  return [
    'error',
    {
      patterns: [
        {
          // Any bare specifier that is not one of the layer's packages.
          regex: `^(?!(${alternatives}))`,
          message: `src/${layer.name} may import only these packages: ${layer.packages.join(', ') || 'none'}. See the module map in docs/ARCHITECTURE.md.`,
        },
      ],
    },
  ]
}

/**
 * One road for every address: only src/link parses or assembles a query (tests and test support
 * are exempt). Lint it before the core's own restricted globals, which replace this list there.
 *
 * @returns {import('eslint').Linter.Config[]}
 */
export function addressConfigs() {
  return [
    {
      files: ['src/**'],
      ignores: ['src/link/**', 'src/testing/**', ...TESTS],
      rules: {
        'no-restricted-globals': [
          'error',
          {
            name: 'URLSearchParams',
            message:
              'Addresses are read and written in src/link only: use its readers and writers.',
          },
        ],
      },
    },
  ]
}

/**
 * ESLint flat-config blocks enforcing the table on production code under src/: one block per
 * layer (its files, without the sub-folders that are layers of their own), then one per
 * exception. `no-restricted-imports` here holds the whole package allow-list of a layer, so no
 * later block may set it again for the same files.
 *
 * @returns {import('eslint').Linter.Config[]}
 */
export function layerConfigs() {
  /** @type {import('eslint').Linter.Config[]} */
  const configs = [
    {
      plugins: { 'import-x': importX },
      settings: {
        'import-x/resolver-next': [
          createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.json'] }),
        ],
      },
    },
  ]
  const layers = LAYERS.filter((l) => !l.unrestricted)
  for (const layer of layers) {
    const nested = layers
      .filter((other) => other.name.startsWith(`${layer.name}/`))
      .map((other) => globOf(other.name))
    configs.push({
      name: `layers/${layer.name}`,
      files: [globOf(layer.name)],
      ignores: [...nested, ...TESTS],
      rules: {
        'import-x/no-restricted-paths': restrictedPaths(layer, []),
        'no-restricted-imports': restrictedPackages(layer),
      },
    })
  }
  // One block per file (a later block would replace an earlier one's options).
  const files = [...new Set(EXCEPTIONS.map((e) => e.file))]
  for (const file of files) {
    const allowed = EXCEPTIONS.filter((e) => e.file === file).map((e) => e.imports)
    configs.push({
      name: `layers/exceptions of ${file}`,
      files: [`src/${file}`],
      rules: { 'import-x/no-restricted-paths': restrictedPaths(owner(file), allowed) },
    })
  }
  return configs
}

/**
 * The layer a file under src/ belongs to (the deepest folder with a row).
 *
 * @param {string} file
 * @returns {Layer}
 */
export function owner(file) {
  const matches = LAYERS.filter((l) => file === l.name || file.startsWith(`${l.name}/`))
  const deepest = matches.sort((a, b) => b.name.length - a.name.length)[0]
  if (deepest === undefined) throw new Error(`src/${file} is in no layer of scripts/layers.js`)
  return deepest
}

/** Globs of the pure core (for the host-free rules and tsconfig.core.json). */
export const PURE = LAYERS.filter((l) => l.pure).map((l) => globOf(l.name))
