import { describe, expect, it } from 'vitest'
import { check, parseScenario, PRESET_IDS, run } from '../sim'
import { renderDiagramSvg } from './index'
import { StandaloneSvg, standaloneModel } from './standalone'
import { renderStatic } from './staticMarkup'
import { presetRun } from '../testing/presetRuns'

/** Parses as XML (not HTML): a malformed document fails the test with the parser's message. */
function parseSvg(svg: string): Document {
  const doc = new DOMParser().parseFromString(svg, 'image/svg+xml')
  const error = doc.querySelector('parsererror')
  if (error !== null) throw new Error(`not well-formed XML: ${error.textContent}`)
  return doc
}

describe('renderDiagramSvg', () => {
  it('produces a well-formed standalone SVG for every preset in both themes', () => {
    for (const id of PRESET_IDS) {
      const { run, findings } = presetRun(id)
      for (const theme of ['light', 'dark'] as const) {
        const svg = renderDiagramSvg(run, findings, { theme })
        expect(svg.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n<svg')).toBe(true)
        const doc = parseSvg(svg)
        const root = doc.documentElement
        expect(root.namespaceURI, id).toBe('http://www.w3.org/2000/svg')
        expect(root.localName).toBe('svg')
        expect(root.getAttribute('data-theme')).toBe(theme)
        expect(root.getAttribute('viewBox')).toMatch(/^0 0 960 \d+$/)
        expect(root.getAttribute('role')).toBe('img')
        // Self-contained: its styles are inside, no scripts, no external references.
        expect(root.querySelector('style')?.textContent).toContain('.fl-diagram')
        expect(root.querySelector('script')).toBeNull()
        expect(svg).not.toMatch(/href="(?!#)|url\((?!#)/)
        expect(root.querySelector('title')?.textContent).toBeTruthy()
        // Ids are unique and every url(#id) reference resolves.
        const ids = [...root.querySelectorAll('[id]')].map((e) => e.id)
        expect(new Set(ids).size).toBe(ids.length)
        for (const [, ref] of svg.matchAll(/url\(#([^)]+)\)/g)) expect(ids).toContain(ref)
        // Inert: no focusable marks in a static figure.
        expect(root.querySelector('[tabindex]')).toBeNull()
      }
    }
    // 26 figures parsed by jsdom: seconds on a busy shared machine.
  }, 30_000)

  it('draws gc-pause with its story: 41 rejected after 42, with a heading and verdict', () => {
    const { run, findings } = presetRun('gc-pause')
    const doc = parseSvg(renderDiagramSvg(run, findings, { widthPx: 1280 }))
    const text = (selector: string) => [...doc.querySelectorAll(selector)].map((e) => e.textContent)
    expect(text('.fl-header-title')).toEqual(['GC pause: token 41 vs 42'])
    expect(text('.fl-header-subtitle')).toEqual(['Safe · no violations · 1 warning'])
    expect(text('.fl-badge-text-rejected')).toEqual(['41 < 42'])
    expect(text('.fl-block-label')).toEqual(['paused 15 s'])
    expect(text('.fl-stale-label')).toEqual(['believes after expiry'])
    expect(doc.querySelector('.fl-playhead')).toBeNull()
  })

  it('honours width, title and a cursor', () => {
    const { run, findings } = presetRun('gc-pause')
    const doc = parseSvg(
      renderDiagramSvg(run, findings, { widthPx: 375, title: 'My figure', cursorMs: 10500 }),
    )
    expect(doc.documentElement.getAttribute('width')).toBe('375')
    expect(doc.documentElement.getAttribute('class')).toContain('fl-compact')
    expect(doc.querySelector('title')?.textContent).toBe('My figure')
    expect(doc.querySelector('.fl-playhead-text')?.textContent).toBe('10.5 s')
    expect(doc.querySelector('.fl-future-fade')).not.toBeNull()
  })

  it('stays well-formed and isolated whatever text the scenario carries', () => {
    const scenario = parseScenario({
      title: 'Crafted \u0001\u001b[2J\ud800 title',
      resources: [{ id: 'storage', initialValue: '\u0000' }],
      clients: [
        { id: 'A', script: [{ do: 'acquire' }, { do: 'write', value: '\u202e41 nekot\u0008' }] },
        { id: 'B', script: [{ do: 'write', value: 'x'.repeat(200) }] },
      ],
    })
    if (!scenario.ok) throw new Error(scenario.message)
    const result = run(scenario.scenario)
    const svg = renderDiagramSvg(result, check(result), { widthPx: 700 })
    // A control character or half a surrogate pair made the file unreadable and the PNG
    // export fail with "URI malformed".
    const doc = parseSvg(svg)
    expect(() => encodeURIComponent(svg)).not.toThrow()
    const labels = [...doc.querySelectorAll('text')].map((e) => e.textContent ?? '')
    const reversed = labels.find((t) => t.includes('\u202e'))
    expect(reversed).toBeDefined()
    // The override sits inside an isolate that closes before the token.
    expect(reversed).toMatch(/"\u2068\u202e41 nekot\u2408\u2069"/)
    // A 200-character value is clipped in every label, so the figure keeps its width.
    expect(doc.documentElement.getAttribute('width')).toBe('700')
    for (const label of labels) expect(label).not.toContain('x'.repeat(40))
  })
})

describe('renderStatic', () => {
  it('writes exactly what react-dom/server writes, for every preset', async () => {
    const { renderToStaticMarkup } = await import('react-dom/server')
    for (const id of PRESET_IDS) {
      const { run, findings } = presetRun(id)
      for (const widthPx of [375, 1280]) {
        const options = { widthPx, cursorMs: run.endMs / 2 }
        const { model, title } = standaloneModel(run, findings, options)
        const element = (
          <StandaloneSvg model={model} title={title} theme="dark" cursorMs={options.cursorMs} />
        )
        expect(renderStatic(element), `${id}@${widthPx}`).toBe(renderToStaticMarkup(element))
      }
    }
  }, 30_000)
})
