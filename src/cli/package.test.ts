/**
 * The command line as a user gets it: `npm pack`, installed with production dependencies only
 * into a temporary project, run from yet another directory (one whose tsconfig.json would once
 * have broken the JSX), in every format, over the fuzz corpus, hostile and huge files and a
 * closed pipe. Whatever the input, stderr never shows a stack trace.
 *
 * Needs the npm registry (the install fetches react, valibot, d3…); it takes about half a minute.
 * A corpus failure prints the command that replays it.
 */
import { execFile, execFileSync, spawn } from 'node:child_process'
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import fc from 'fast-check'
import { JSDOM } from 'jsdom'
import { beforeAll, describe, expect, it } from 'vitest'
import { PRESETS } from '../sim'
import type { Report } from '../sim'
import { assertAsyncProperty, PROPERTY_SEEDS } from '../testing/property'
import { junkArb, mutate, mutationArb } from '../testing/hostile'
import { tempDir } from '../testing/tempDir'

const REPO = resolve(import.meta.dirname, '../..')
const root = tempDir('fencing-lab-package')
const project = join(root, 'project')
/** The working directory of every run: not the repository, and with a hostile tsconfig. */
const elsewhere = join(root, 'elsewhere')
let bin = ''

/** "    at f (file.js:1:2)", "    at file.js:1:2", "node:internal/…": what a stack trace looks like. */
const STACK_TRACE = /^\s+at .*(?:\(.*:\d+:\d+\)|:\d+:\d+)$|node:internal|^\w*Error: .*\n\s+at /m

interface Ran {
  code: number | null
  out: string
  err: string
}

function cli(args: readonly string[]): Promise<Ran> {
  return new Promise((done) => {
    execFile(
      bin,
      args,
      { cwd: elsewhere, maxBuffer: 512 * 1024 * 1024, encoding: 'utf8' },
      (error, out, err) => {
        const code = error === null ? 0 : typeof error.code === 'number' ? error.code : null
        done({ code, out, err })
      },
    )
  })
}

function file(name: string, content: string): string {
  const path = join(elsewhere, name)
  writeFileSync(path, content)
  return path
}

beforeAll(() => {
  mkdirSync(project)
  mkdirSync(elsewhere)
  writeFileSync(join(elsewhere, 'tsconfig.json'), '{"compilerOptions":{"jsx":"preserve"}}')
  const packs = join(root, 'packs')
  mkdirSync(packs)
  // prepack builds dist-cli/ (and the React component and the custom element, into the
  // repository's own build) from the current source. As production builds: under Vitest
  // NODE_ENV is "test", and Vite then builds development code (the custom element grew from
  // 103.6 to 107.9 kB, and the e2e tests after this one ran against it).
  execFileSync('npm', ['pack', '--pack-destination', packs], {
    cwd: REPO,
    stdio: 'pipe',
    env: { ...process.env, NODE_ENV: 'production' },
  })
  const tarball = readdirSync(packs).find((f) => f.endsWith('.tgz'))
  if (tarball === undefined) throw new Error(`npm pack wrote no tarball into ${packs}`)
  writeFileSync(join(project, 'package.json'), '{"name":"probe","private":true}')
  execFileSync('npm', ['install', '--omit=dev', '--no-audit', '--no-fund', join(packs, tarball)], {
    cwd: project,
    stdio: 'pipe',
  })
  bin = join(project, 'node_modules', '.bin', 'fencing-lab')
}, 240_000)

describe(
  'the packed command line, production dependencies only, from another directory',
  { timeout: 120_000 },
  () => {
    it('installs without devDependencies', () => {
      const installed = readdirSync(join(project, 'node_modules'))
      expect(installed).toContain('fencing-lab')
      for (const dev of ['tsx', 'vite', 'typescript', 'vitest'])
        expect(installed).not.toContain(dev)
    })

    it('prints json, text and svg', async () => {
      const json = await cli(['gc-pause', '--format', 'json'])
      expect(json).toMatchObject({ code: 0, err: '' })
      const report = JSON.parse(json.out) as Report
      expect(report).toMatchObject({ scenario: 'gc-pause', verdict: 'safe', truncated: null })

      const text = await cli(['gc-pause'])
      expect(text).toMatchObject({ code: 0, err: '' })
      expect(text.out.split('\n')[1]).toBe('verdict: safe (0 violations, 1 warning)')

      const svg = await cli(['gc-pause', '--format', 'svg'])
      expect(svg).toMatchObject({ code: 0, err: '' })
      expect(svg.out).toMatch(/^<\?xml[^]*<svg[^]*<\/svg>\s*$/)

      // resvg comes with the production dependencies (a prebuilt binary per platform).
      const png = await cli(['gc-pause', '--format', 'png', '--width', '400', '--scale', '1'])
      expect(png).toMatchObject({ code: 0, err: '' })
      expect(png.out.slice(1, 4)).toBe('PNG')
      expect(png.out).toContain('fencing-lab/scenario')
    })

    it('exports the React component as fencing-lab/react, with React left to the site', () => {
      const probe = execFileSync(
        process.execPath,
        [
          '--input-type=module',
          '-e',
          "const m = await import('fencing-lab/react'); console.log(typeof m.FencingLab, m.fencingLabSrc({ lab: 'https://l/', scenario: 'gc-pause' }))",
        ],
        { cwd: project, encoding: 'utf8' },
      )
      expect(probe.trim()).toBe(
        'function https://l/embed.html?scenario=gc-pause&controls=minimal&theme=auto',
      )
    })

    it('renders the React component under a production React, as a client component', () => {
      // A site's production build runs React's production JSX runtime, where the development
      // runtime's jsxDEV is undefined: a component compiled for development crashes there.
      const html = execFileSync(
        process.execPath,
        [
          '--input-type=module',
          '-e',
          "import { createElement } from 'react'; import { renderToString } from 'react-dom/server'; const { FencingLab } = await import('fencing-lab/react'); console.log(renderToString(createElement(FencingLab, { lab: 'https://l/', scenario: 'gc-pause', controls: 'none' })))",
        ],
        { cwd: project, encoding: 'utf8', env: { ...process.env, NODE_ENV: 'production' } },
      )
      expect(html).toMatch(
        /^<iframe [^>]*src="https:\/\/l\/embed\.html\?scenario=gc-pause&amp;controls=none/,
      )
      // Next.js's App Router renders a server page; the directive lets that page import it.
      const entry = execFileSync(
        process.execPath,
        [
          '--input-type=module',
          '-e',
          "import { readFileSync } from 'node:fs'; import { createRequire } from 'node:module'; process.stdout.write(readFileSync(createRequire(process.cwd() + '/').resolve('fencing-lab/react'), 'utf8').split('\\n')[0])",
        ],
        { cwd: project, encoding: 'utf8' },
      )
      expect(entry).toMatch(/^(["'])use client\1;$/)
    })

    it('carries the custom element as one classic script (fencing-lab/element) that registers <fencing-lab>', () => {
      const file = execFileSync(
        process.execPath,
        [
          '--input-type=module',
          '-e',
          "import { createRequire } from 'node:module'; process.stdout.write(createRequire(process.cwd() + '/').resolve('fencing-lab/element'))",
        ],
        { cwd: project, encoding: 'utf8' },
      )
      expect(file).toMatch(/node_modules\/fencing-lab\/dist\/fencing-lab\.js$/)
      // Run as a page runs a classic script: no module loader, no imports left to resolve.
      const dom = new JSDOM('<!doctype html><body></body>', { runScripts: 'outside-only' })
      dom.window.eval(readFileSync(file, 'utf8'))
      expect(dom.window.customElements.get('fencing-lab')).toBeTypeOf('function')
    })

    it('types the React component for a TypeScript site: its props are checked', () => {
      const types = join(REPO, 'node_modules', '@types', 'react')
      writeFileSync(
        join(project, 'tsconfig.json'),
        JSON.stringify({
          compilerOptions: {
            strict: true,
            noEmit: true,
            jsx: 'react-jsx',
            module: 'ESNext',
            moduleResolution: 'bundler',
            types: [],
            // The site's own React types (a peer); here, the repository's.
            paths: {
              react: [join(types, 'index.d.ts')],
              'react/jsx-runtime': [join(types, 'jsx-runtime.d.ts')],
            },
          },
          files: ['site.tsx'],
        }),
      )
      const tsc = (source: string) => {
        writeFileSync(join(project, 'site.tsx'), source)
        try {
          execFileSync(process.execPath, [join(REPO, 'node_modules/typescript/bin/tsc')], {
            cwd: project,
            encoding: 'utf8',
          })
          return ''
        } catch (error) {
          return String((error as { stdout?: string }).stdout ?? error)
        }
      }
      const page = (props: string) =>
        `import { FencingLab, fencingLabSrc } from 'fencing-lab/react'\n` +
        `export const src: string = fencingLabSrc({ lab: 'https://l/', scenario: 'gc-pause' })\n` +
        `export const Post = () => <FencingLab lab="https://l/" ${props} />\n`
      expect(tsc(page('scenario="gc-pause" controls="full" theme="dark" autoplay t={16005}'))).toBe(
        '',
      )
      // A wrong `controls` and a wrong `autoplay`: each is an error of its own.
      const wrong = tsc(
        page(
          'scenario="gc-pause" controls="fancy" />\nexport const B = () => <FencingLab lab="x" autoplay="yes"',
        ),
      )
      expect(wrong.match(/error TS2322/g)).toHaveLength(2)
    })

    it('reads a scenario file relative to the working directory', async () => {
      const preset = PRESETS.find((p) => p.id === 'gc-pause-unfenced')
      file('mine.json', JSON.stringify(preset?.scenario))
      const { code, out } = await cli(['mine.json', '--format', 'json'])
      expect(code).toBe(0)
      expect((JSON.parse(out) as Report).verdict).toBe('unsafe')
    })
  },
)

describe('a closed pipe ends the command line quietly', { timeout: 120_000 }, () => {
  it('`fencing-lab --list | head -1`', () => {
    const errFile = join(root, 'list.err')
    const out = execFileSync('sh', ['-c', `"${bin}" --list 2>"${errFile}" | head -1`], {
      cwd: elsewhere,
      encoding: 'utf8',
    })
    expect(out.split('\n').filter(Boolean)).toHaveLength(1)
    expect(execFileSync('cat', [errFile], { encoding: 'utf8' })).toBe('')
  })

  it.each(['json', 'text', 'svg'])(
    '--format %s: the reader goes away after the first chunk',
    async (format) => {
      const big = file(
        `big-${format}.json`,
        JSON.stringify({
          durationMs: 5000,
          network: { latencyMs: 1 },
          clients: [
            {
              id: 'A',
              renewEveryMs: 1,
              script: [{ do: 'acquire' }, { do: 'work', ms: 86_000_000 }],
            },
          ],
        }),
      )
      const child = spawn(bin, [big, '--format', format], { cwd: elsewhere })
      let err = ''
      child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()))
      child.stdout.once('data', () => child.stdout.destroy())
      const code = await new Promise<number | null>((done) => child.on('close', done))
      expect(err).not.toMatch(STACK_TRACE)
      expect(err).toBe('')
      expect(code).toBe(0)
    },
    60_000,
  )
})

describe('no input shows a stack trace', { timeout: 120_000 }, () => {
  const hostileFiles: Array<[string, () => string]> = [
    ['an empty file', () => file('empty.json', '')],
    ['a file cut short', () => file('cut.json', '{"clients": [{"id": "A", "scr')],
    ['deep nesting', () => file('deep.json', '['.repeat(200_000) + ']'.repeat(200_000))],
    [
      'deep objects',
      () => file('deep-objects.json', '{"a":'.repeat(100_000) + '1' + '}'.repeat(100_000)),
    ],
    ['binary junk', () => file('binary.json', '\u0000\uffff\ud800\u202e')],
    [
      'a 20 MB file',
      () =>
        file(
          'huge.json',
          JSON.stringify({
            // 20 MB: a long title is refused by its length, after the whole file was read.
            title: 'x'.repeat(20_000_000),
            clients: [{ id: 'A', script: [{ do: 'acquire' }] }],
          }),
        ),
    ],
    ['a directory', () => elsewhere],
    ['a missing file', () => join(elsewhere, 'nope.json')],
  ]

  it.each(hostileFiles)(
    '%s',
    async (_, make) => {
      for (const format of ['text', 'json']) {
        const { code, err } = await cli([make(), '--format', format])
        expect(err).not.toMatch(STACK_TRACE)
        expect([0, 2, 3]).toContain(code)
      }
    },
    120_000,
  )

  it('bad arguments', async () => {
    for (const args of [
      [],
      ['--format'],
      ['gc-pause', '--format', 'bmp'],
      ['--fault', '{'],
      ['gc-pause', '--width', '-1'],
    ]) {
      const { code, err } = await cli(args)
      expect(err).not.toMatch(STACK_TRACE)
      expect(code).toBe(2)
    }
  }, 60_000)

  const presetArb = fc.constantFrom(...PRESETS.map((p) => p.scenario))
  const documentArb = fc.oneof(
    fc
      .tuple(presetArb, fc.array(mutationArb, { minLength: 1, maxLength: 4 }))
      .map(([p, m]) => mutate(p, m)),
    junkArb,
  )
  it.each(PROPERTY_SEEDS.map((seed) => [seed]))(
    'the fuzz corpus (seed %i)',
    async (seed: number) => {
      let n = 0
      await assertAsyncProperty(
        fc.asyncProperty(
          documentArb,
          fc.constantFrom('text', 'json', 'svg'),
          async (document, format) => {
            let text: string
            try {
              text = JSON.stringify(document) ?? String(document)
            } catch {
              text = String(document)
            }
            const { code, err } = await cli([
              file(`fuzz-${seed}-${n++}.json`, text),
              '--format',
              format,
            ])
            expect(err).not.toMatch(STACK_TRACE)
            expect([0, 2, 3]).toContain(code)
          },
        ),
        { seed, numRuns: 3 },
      )
    },
    120_000,
  )
})
