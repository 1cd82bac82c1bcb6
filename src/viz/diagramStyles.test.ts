import { describe, expect, it } from 'vitest'
import { check, PRESET_IDS } from '../sim'
import { DIAGRAM_CSS, THEMES } from './diagramStyles'
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

function rgb(hex: string): [number, number, number] {
  return [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16)) as [number, number, number]
}

/** WCAG relative luminance and contrast ratio. */
function luminance([r, g, b]: [number, number, number]): number {
  const lin = (c: number) => {
    const v = c / 255
    return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4
  }
  return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b)
}

function contrast(a: [number, number, number], b: [number, number, number]): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number]
  return (hi + 0.05) / (lo + 0.05)
}

/** A colour under the future veil: the page colour laid over it at the veil's opacity. */
function veiled(fg: [number, number, number], bg: [number, number, number], alpha: number) {
  return fg.map((c, i) => c * (1 - alpha) + (bg[i] ?? 0) * alpha) as [number, number, number]
}

describe('the palettes', () => {
  for (const [name, t] of Object.entries(THEMES)) {
    it(`${name}: faded future text keeps 3:1 against the page`, () => {
      const bg = rgb(t.bg)
      const inks = [t.ink, t.muted, t.dangerInk, t.warnInk, t.fault, t.violationInk, ...t.hueInk]
      for (const ink of inks) {
        expect(contrast(veiled(rgb(ink), bg, t.fade), bg), ink).toBeGreaterThanOrEqual(3)
      }
    })

    it(`${name}: verdict colours are none of the client hues`, () => {
      const clients = new Set([...t.hueFill, ...t.hueInk].map((c) => c.toLowerCase()))
      for (const verdict of [t.acceptInk, t.rejectFill, t.violation, t.violationInk]) {
        expect(clients.has(verdict.toLowerCase()), verdict).toBe(false)
      }
      // A rejection's words on its block are readable (bold 11–12 px: 4.5:1).
      expect(contrast(rgb(t.onReject), rgb(t.rejectFill))).toBeGreaterThanOrEqual(4.5)
      expect(contrast(rgb(t.acceptInk), rgb(t.bg))).toBeGreaterThanOrEqual(4.5)
    })
  }
})
