import { describe, expect, it } from 'vitest'
import { check, findPreset, parseScenario, run } from '../sim'
import { THEMES } from './diagramStyles'
import { flattenSvgStyles, parseSheet } from './flatStyles'
import { renderDiagramSvg } from './standalone'

function figure(theme: 'light' | 'dark'): string {
  const parsed = parseScenario(findPreset('gc-pause')!.scenario)
  if (!parsed.ok) throw new Error(parsed.message)
  const result = run(parsed.scenario)
  return renderDiagramSvg(result, check(result), { theme })
}

/** The style attribute of the first element whose class list holds `cls`. */
function styleOf(svg: string, cls: string): string {
  const tag = new RegExp(`<[a-z]+[^>]*class="(?:[^"]* )?${cls}(?: [^"]*)?"[^>]*>`).exec(svg)?.[0]
  return /style="([^"]*)"/.exec(tag ?? '')?.[1] ?? ''
}

describe('flattenSvgStyles', () => {
  it('writes each theme’s resolved colours inline, with no stylesheet or custom property left', () => {
    for (const theme of ['light', 'dark'] as const) {
      const flat = flattenSvgStyles(figure(theme))
      const palette = THEMES[theme]
      expect(flat).not.toContain('<style')
      expect(flat).not.toContain('var(')
      expect(styleOf(flat, 'fl-bg')).toContain(`fill:${palette.bg}`)
      // A lease of client A: its hue's fill, set through --h on an ancestor's hue class.
      expect(styleOf(flat, 'fl-lease')).toContain(`fill:${palette.hueFill[0]}`)
      expect(styleOf(flat, 'fl-header-title')).toMatch(
        /font-size:16px.*font-weight:700|font-weight:700.*font-size:16px/,
      )
    }
  })

  it('follows specificity and source order, and never applies :hover or media blocks', () => {
    const svg =
      '<svg class="fl-diagram" data-theme="dark"><style>' +
      '.fl-diagram{--c:red}' +
      '@media (prefers-color-scheme:dark){.fl-diagram{--c:pink}}' +
      '.fl-diagram[data-theme=dark]{--c:blue}' +
      ':where(.fl-diagram) .a{fill:var(--c);stroke:green}' +
      '.a:hover{fill:yellow}' +
      '.b{stroke:black}' +
      '.fl-diagram .a{stroke:var(--missing, teal)}' +
      '</style><g class="a b"><rect class="a"></rect></g></svg>'
    const flat = flattenSvgStyles(svg)
    expect(flat).toBe(
      '<svg class="fl-diagram" data-theme="dark"><g class="a b" style="fill:blue;stroke:teal"><rect class="a" style="fill:blue;stroke:teal"></rect></g></svg>',
    )
    expect(styleOf(flat, 'b')).toBe('fill:blue;stroke:teal')
    expect(flat).not.toContain('yellow')
    expect(flat).not.toContain('pink')
  })

  it('reads the diagram’s whole sheet into rules', () => {
    const css = /<style>([\s\S]*)<\/style>/.exec(figure('light'))?.[1] ?? ''
    expect(parseSheet(css).length).toBeGreaterThan(150)
  })
})
