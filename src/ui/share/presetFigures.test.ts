import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { PRESETS } from '../../sim'
import { FIGURE_WIDTH_PX, presetFigure, README_LAB, readmeSnippets } from './presetFigures'
import type { Snippets } from './snippets'
import { PRESET_IDS } from '../../sim/presets/ids'
import { EMBED_HEIGHTS } from './embedHeights'
import { RESERVED_HEIGHT_PX, WIDE_HEIGHT_PX } from './snippets'

const root = new URL('../../../', import.meta.url)
const text = (path: string) => readFileSync(new URL(path, root), 'utf8')

/** Each `<!-- snippet: name -->` in the README and the fenced block under it. */
function readmeBlocks(readme: string): Array<{ name: string; code: string }> {
  return [...readme.matchAll(/<!-- snippet: (\w+) -->\n\n```\w*\n([\s\S]*?)\n```\n/g)].map((m) => ({
    name: m[1] ?? '',
    code: m[2] ?? '',
  }))
}

describe('the README’s snippets and the shipped files', () => {
  const snippets = readmeSnippets()

  it('are exactly what the Embed dialog’s module generates', () => {
    const blocks = readmeBlocks(text('README.md'))
    const names = blocks.map((b) => b.name)
    // One block per snippet an author pastes (the shortcode and component are shipped files).
    expect(new Set(names)).toEqual(
      new Set(
        ['iframe', 'element', 'hugoConfig', 'hugoUsage', 'astroUsage', 'mdx'].concat([
          'vitepress',
          'vitepressConfig',
          'feed',
          'docusaurusConfig',
          'nextScript',
          'react',
        ]),
      ),
    )
    for (const { name, code } of blocks) {
      expect(code, `README snippet "${name}"`).toBe(snippets[name as keyof Snippets])
    }
  })

  it('give the heights the snippets and the custom element reserve', () => {
    const readme = text('README.md')
    for (const mode of ['none', 'minimal', 'full'] as const) {
      const row = `| \`${mode}\``.padEnd(12)
      expect(readme).toContain(
        `${row} | ${WIDE_HEIGHT_PX[mode]} px          | ${RESERVED_HEIGHT_PX[mode]} px        |`,
      )
    }
    // Each preset's measured heights, as embedHeights.ts has them.
    const cells = (id: string) =>
      readme
        // The heights table's row (the presets table above it has a row per preset too).
        .match(new RegExp(`^\\| \`${id}\` +\\|((?: \\d+ / \\d+ +\\|){3})$`, 'm'))?.[1]
        ?.split('|')
        .slice(0, 3)
        .map((cell) => cell.trim())
    for (const id of PRESET_IDS) {
      const heights = EMBED_HEIGHTS[id]
      expect(cells(id), id).toEqual(
        (['none', 'minimal', 'full'] as const).map(
          (mode) => `${heights[mode].anyPx} / ${heights[mode].widePx}`,
        ),
      )
    }
    // The stylesheet examples, for the iframe and for the element (controls=minimal).
    const cssBlocks = [...readme.matchAll(/```css\n([\s\S]*?)```/g)].map((m) => m[1] ?? '')
    for (const selector of ["iframe[src*='/embed.html']", 'fencing-lab:not(:defined)']) {
      const block = cssBlocks.find((css) => css.startsWith(selector))
      expect(block, selector).toBeDefined()
      const heights = [...(block ?? '').matchAll(/(?:min-)?height: (\d+)px/g)].map((m) => m[1])
      expect(heights, selector).toEqual([
        String(WIDE_HEIGHT_PX.minimal),
        String(RESERVED_HEIGHT_PX.minimal),
      ])
    }
  })

  it('ship the Hugo shortcode and the Astro component the dialog offers', () => {
    expect(text('publishing/hugo/layouts/shortcodes/fencing-lab.html')).toBe(snippets.hugoShortcode)
    expect(text('publishing/astro/FencingLab.astro')).toBe(snippets.astroComponent)
    expect(snippets.astroComponent).toContain(`const LAB = "${README_LAB}"`)
  })
})

describe('presetFigure', () => {
  it('renders every preset in both themes, with words for what happens', () => {
    for (const preset of PRESETS) {
      const figure = presetFigure(preset)
      expect(figure.widthPx).toBe(FIGURE_WIDTH_PX)
      expect(figure.heightPx).toBeGreaterThan(100)
      expect(figure.light).toContain('data-theme="light"')
      expect(figure.dark).toContain('data-theme="dark"')
      expect(figure.alt).toContain(figure.title)
      expect(figure.alt).toMatch(/Verdict: /)
    }
  })
})
