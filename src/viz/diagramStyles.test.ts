import { describe, expect, it } from 'vitest'
import { check, PRESET_IDS } from '../sim'
import { DIAGRAM_CSS } from './diagramStyles'
import { renderDiagramSvg } from './index'
import { presetRun, runOf } from '../testing/presetRuns'

/**
 * Classes that only mark structure or a variant that looks like the default (for tests and
 * hosts), with nothing of their own to style.
 */
const HOOKS = new Set([
  'fl-marks',
  'fl-msg-normal',
  'fl-msg-lost',
  'fl-future-veil',
  'fl-block-label-paused',
  'fl-badge-text-checked',
  'fl-badge-text-duplicate',
  'fl-badge-text-discarded',
  'fl-break',
  'fl-focus',
])

describe('the diagram stylesheet', () => {
  it('is well formed: balanced braces, no empty rules', () => {
    let depth = 0
    for (const ch of DIAGRAM_CSS) {
      if (ch === '{') depth++
      if (ch === '}') depth--
      expect(depth).toBeGreaterThanOrEqual(0)
    }
    expect(depth).toBe(0)
    expect(DIAGRAM_CSS).not.toMatch(/\{\s*\}/)
    expect(DIAGRAM_CSS).not.toMatch(/[<&]/)
  })

  it('styles every class the figure uses', () => {
    const svgs = PRESET_IDS.map((id) => {
      const { run, findings } = presetRun(id)
      return renderDiagramSvg(run, findings, { cursorMs: run.endMs / 2 })
    })
    const faults = runOf({
      durationMs: 3000,
      lockService: { lockDelayMs: 500, leaseMs: 1000 },
      clients: [{ id: 'A', script: [{ do: 'acquire' }, { do: 'write', value: 1 }] }],
      faults: [
        { atMs: 0, do: 'partition', between: ['A', 'storage'], ms: 100 },
        { atMs: 200, do: 'expire-lease' },
        { atMs: 300, do: 'crash', node: 'A', restartAfterMs: 100 },
      ],
    })
    svgs.push(renderDiagramSvg(faults, check(faults)))
    const used = new Set<string>()
    for (const svg of svgs) {
      for (const [, list] of svg.matchAll(/class="([^"]*)"/g)) {
        for (const c of (list ?? '').split(' ')) if (c.startsWith('fl-')) used.add(c)
      }
    }
    const unstyled = [...used].filter(
      (c) => !HOOKS.has(c) && !new RegExp(`\\.${c}(?![\\w-])`).test(DIAGRAM_CSS),
    )
    expect(unstyled).toEqual([])
  })
})
