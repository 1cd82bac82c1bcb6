/**
 * Golden figures: every preset's standalone SVG (960 px, light), on the folded and the to-scale
 * axis, and one real system's (client-go, defaults, with its danger window drawn), compared byte for byte with the files in `__golden__/`, so any change to the drawing is a
 * reviewed diff. The embedded stylesheet is left out of the files (it has its own tests).
 *
 * After an intended change: `UPDATE_GOLDEN=1 npx vitest run src/viz/golden.test.ts`, then review
 * the diff (or open the files in a browser) before committing.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { PRESET_IDS } from '../sim'
import { presetRun } from '../testing/presetRuns'
import { systemRun } from '../testing/systemRuns'
import type { TimeMode } from './layout'
import { renderDiagramSvg } from './standalone'

const DIR = join(dirname(fileURLToPath(import.meta.url)), '__golden__')
const UPDATE = process.env.UPDATE_GOLDEN === '1'
const MODES: { mode: TimeMode; suffix: string }[] = [
  { mode: 'auto', suffix: 'folded' },
  { mode: 'to-scale', suffix: 'to-scale' },
]

/** The systems drawn as goldens, by file name: the profile and its parameters. */
const SYSTEM_FIGURES: Record<string, { id: string; params: Record<string, unknown> }> = {
  'system-client-go': { id: 'client-go', params: {} },
}

function figure(id: string, mode: TimeMode): string {
  const system = SYSTEM_FIGURES[id]
  const { run, findings, windows } =
    system === undefined ? { ...presetRun(id), windows: [] } : systemRun(system.id, system.params)
  const svg = renderDiagramSvg(run, findings, {
    widthPx: 960,
    theme: 'light',
    time: mode,
    ...(windows.length === 0 ? {} : { dangerWindows: windows }),
  })
  return svg.replace(/<style>[^<]*<\/style>/, '<style></style>')
}

describe('golden figures', () => {
  for (const id of [...PRESET_IDS, ...Object.keys(SYSTEM_FIGURES)]) {
    for (const { mode, suffix } of MODES) {
      it(`${id} (${suffix}) is drawn exactly as checked in`, () => {
        const file = join(DIR, `${id}.${suffix}.svg`)
        const svg = figure(id, mode)
        if (UPDATE) {
          mkdirSync(DIR, { recursive: true })
          writeFileSync(file, svg)
          return
        }
        if (!existsSync(file)) {
          throw new Error(
            `no golden file ${file}: run UPDATE_GOLDEN=1 npx vitest run src/viz/golden.test.ts`,
          )
        }
        expect(svg).toBe(readFileSync(file, 'utf8'))
      })
    }
  }
})
