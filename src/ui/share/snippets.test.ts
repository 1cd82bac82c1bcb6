// @vitest-environment jsdom
import { describe, expect, it } from 'vitest'
import { readLabAddress } from '../../link/lab'
import { decodeScenario } from '../../link/decode'
import type { Scenario } from '../../sim'
import { findPreset, parseScenario } from '../../sim'
import type { EmbedOptions, EmbedSource } from './snippets'
import { EMBED_HEIGHTS } from './embedHeights'
import {
  buildSnippets,
  embedParams,
  HUGO_SHORTCODE,
  RESERVED_HEIGHT_PX,
  reservedHeightPx,
  WIDE_HEIGHT_PX,
} from './snippets'

const HOSTILE = `"><script>alert(1)</script><img src=x onerror=alert(1)> O'Brien & “Co” \\ {{ x }} ]( [!`
const FLAT = HOSTILE // no control characters in it
const WITH_NEWLINE = `line one\nline "two"\\`

function presetScenario(id: string): Scenario {
  const parsed = parseScenario(findPreset(id)?.scenario)
  if (!parsed.ok) throw new Error(parsed.message)
  return parsed.scenario
}

const OPTIONS: EmbedOptions = {
  controls: 'minimal',
  theme: 'dark',
  autoplay: true,
  loop: true,
  cursorMs: 16005,
  range: { fromMs: 9000, toMs: 16010 },
  name: 'story-1',
  heightPx: 480,
}

function source(title: string, target: EmbedSource['target'] = { kind: 'preset', id: 'gc-pause' }) {
  return {
    baseUrl: 'https://blog.example/tools/fencing/',
    pageUrl: 'https://blog.example/tools/fencing/index.html',
    target,
    title,
    figure: {
      lightFile: 'gc-pause.svg',
      darkFile: 'gc-pause-dark.svg',
      widthPx: 960,
      heightPx: 420,
      alt: `Space-time diagram: ${title}`,
    },
  } satisfies EmbedSource
}

function parse(html: string): Document {
  return new DOMParser().parseFromString(`<!doctype html><body>${html}</body>`, 'text/html')
}

/** Every element in the parsed snippet, by tag name (what an injection would add to). */
function tags(doc: Document): string[] {
  return [...doc.body.querySelectorAll('*')].map((el) => el.tagName.toLowerCase())
}

describe('embed snippets', () => {
  it('puts the preset and every option in the iframe’s URL, in the documented names', () => {
    const s = buildSnippets(source('GC pause: token 41 vs 42'), OPTIONS)
    const url = new URL(s.embedUrl)
    expect(`${url.origin}${url.pathname}`).toBe('https://blog.example/tools/fencing/embed.html')
    expect([...url.searchParams]).toEqual([
      ['scenario', 'gc-pause'],
      ['controls', 'minimal'],
      ['theme', 'dark'],
      ['autoplay', '1'],
      ['loop', '1'],
      ['from', '9000'],
      ['to', '16010'],
      ['t', '16005'],
      ['id', 'story-1'],
    ])
    expect(url.hash).toBe('')
    expect(s.labUrl).toBe('https://blog.example/tools/fencing/index.html?scenario=gc-pause&t=16005')
  })

  it('leaves out what is off, and an invalid name', () => {
    const params = embedParams(
      { kind: 'preset', id: 'lock-delay' },
      { ...OPTIONS, autoplay: false, loop: false, range: null, cursorMs: 0, name: '1 bad' },
    )
    expect(params).toEqual([
      ['scenario', 'lock-delay'],
      ['controls', 'minimal'],
      ['theme', 'dark'],
    ])
  })

  it('carries a custom scenario as #s= (the page’s codec), in the URL and the element', () => {
    const scenario = { ...presetScenario('gc-pause'), title: 'Mine' }
    const s = buildSnippets(source('Mine', { kind: 'custom', scenario }), OPTIONS)
    const url = new URL(s.embedUrl)
    expect(url.searchParams.has('scenario')).toBe(false)
    expect(readLabAddress(url.search, url.hash, decodeScenario).source).toEqual({
      kind: 'custom',
      scenario,
    })
    const element = parse(s.element).querySelector('fencing-lab')
    const link = element?.getAttribute('link') ?? ''
    expect(link).toBe(url.hash)
    expect(readLabAddress('', link, decodeScenario).source).toEqual({ kind: 'custom', scenario })
    const fallback = new URL(s.labUrl)
    expect(readLabAddress(fallback.search, fallback.hash, decodeScenario)).toEqual({
      source: { kind: 'custom', scenario },
      cursorMs: 16005,
      view: {},
      notice: null,
    })
  })

  it('builds a well-formed iframe with a title, lazy loading, a full width and a height', () => {
    const s = buildSnippets(source('GC pause: token 41 vs 42'), OPTIONS)
    const doc = parse(s.iframe)
    expect(tags(doc)).toEqual(['iframe', 'script'])
    const iframe = doc.querySelector('iframe')
    expect(iframe?.getAttribute('src')).toBe(s.embedUrl)
    expect(iframe?.getAttribute('title')).toBe('Fencing Lab: GC pause: token 41 vs 42')
    expect(iframe?.getAttribute('loading')).toBe('lazy')
    expect(iframe?.getAttribute('width')).toBe('100%')
    expect(iframe?.getAttribute('height')).toBe('480')
    expect(iframe?.getAttribute('referrerpolicy')).toBe('strict-origin-when-cross-origin')
    expect(iframe?.getAttribute('frameborder')).toBe('0')
    const script = doc.querySelector('script')
    expect(script?.getAttribute('src')).toBe('https://blog.example/tools/fencing/embed-host.js')
    expect(script?.hasAttribute('defer')).toBe(true)
  })

  it('escapes a hostile title everywhere: no markup injected, the text survives', () => {
    const s = buildSnippets(source(HOSTILE), OPTIONS)
    for (const html of [s.iframe, s.element, s.feed, s.vitepress]) {
      const doc = parse(html)
      expect(doc.querySelectorAll('img[onerror], [onerror]')).toHaveLength(0)
      expect([...doc.querySelectorAll('script')].every((el) => el.hasAttribute('src'))).toBe(true)
    }
    const iframeDoc = parse(s.iframe)
    expect(tags(iframeDoc)).toEqual(['iframe', 'script'])
    expect(iframeDoc.querySelector('iframe')?.getAttribute('title')).toBe(`Fencing Lab: ${FLAT}`)

    const elementDoc = parse(s.element)
    expect(tags(elementDoc)).toEqual(['script', 'fencing-lab', 'a', 'img', 'p', 'a'])
    expect(elementDoc.querySelector('fencing-lab p')?.textContent).toBe(
      `${FLAT}: open the live lab`,
    )
    expect(elementDoc.querySelector('fencing-lab img')?.getAttribute('alt')).toBe(
      `Space-time diagram: ${FLAT}`,
    )

    const feedDoc = parse(s.feed)
    expect(feedDoc.querySelector('img')?.getAttribute('alt')).toBe(`Space-time diagram: ${FLAT}`)
    expect(tags(feedDoc)).toEqual(['figure', 'a', 'img', 'figcaption', 'a'])
  })

  it('flattens line breaks, so no snippet line is split', () => {
    const s = buildSnippets(source(WITH_NEWLINE), OPTIONS)
    expect(parse(s.iframe).querySelector('iframe')?.getAttribute('title')).toBe(
      'Fencing Lab: line one line "two"\\',
    )
    expect(s.hugoUsage.split('\n')).toHaveLength(1)
    expect(s.markdown.split('\n')).toHaveLength(1)
  })

  it('escapes the title in Markdown, Hugo and MDX by each one’s rules', () => {
    for (const title of [HOSTILE, WITH_NEWLINE, 'plain']) {
      const s = buildSnippets(source(title), OPTIONS)
      const flat = title.replace(/\n/g, ' ')

      // Markdown: [![alt](<img>)](<link>), the alt with every punctuation mark escaped.
      const md = /^\[!\[((?:\\.|[^\\\][])*)\]\(<([^<>\s]*)>\)\]\(<([^<>\s]*)>\)$/.exec(s.markdown)
      expect(md, s.markdown).not.toBeNull()
      expect(md?.[1]?.replace(/\\(.)/g, '$1')).toBe(`Space-time diagram: ${flat}`)
      expect(md?.[3]).toBe(s.labUrl)

      // Hugo: a quoted parameter where only \" is an escape, with no line break and no
      // backslash right before the closing quote.
      const hugo = /title="((?:\\"|[^"\n])*)" height/.exec(s.hugoUsage)
      expect(hugo, s.hugoUsage).not.toBeNull()
      expect(hugo?.[1]?.endsWith('\\')).toBe(false)
      expect(hugo?.[1]?.replace(/\\"/g, '"')).toBe(`Fencing Lab: ${flat}`.replace(/\\+$/, ''))

      // MDX: {"…"} is a JavaScript string literal.
      const mdx = /title=\{(.*)\}$/m.exec(s.mdx)
      expect(JSON.parse(mdx?.[1] ?? 'null')).toBe(`Fencing Lab: ${flat}`)
      expect(JSON.parse(/src=\{(.*)\}$/m.exec(s.mdx)?.[1] ?? 'null')).toBe(s.embedUrl)
    }
  })

  it('gives Hugo a call whose parameters are the embed URL’s, and the lab’s address once', () => {
    const s = buildSnippets(source('GC pause'), OPTIONS)
    expect(s.hugoConfig).toBe('[params]\n  fencingLab = "https://blog.example/tools/fencing/"')
    const params = [...s.hugoUsage.matchAll(/(\w+)="((?:\\"|[^"])*)"/g)].map((m) => [m[1], m[2]])
    const url = new URL(s.embedUrl)
    expect(params.filter(([name]) => name !== 'title' && name !== 'height')).toEqual([
      ...url.searchParams,
    ])
    expect(s.hugoShortcode).toBe(HUGO_SHORTCODE)
    // The shortcode's query names are the embed page's.
    for (const [name] of url.searchParams) expect(s.hugoShortcode).toContain(`"${name}"`)
  })

  it('gives Astro a component for this lab and a call with the same options', () => {
    const s = buildSnippets(source('GC pause'), OPTIONS)
    expect(s.astroComponent).toContain('const LAB = "https://blog.example/tools/fencing/"')
    expect(s.astroUsage).toBe(
      '<FencingLab scenario={"gc-pause"} controls={"minimal"} theme={"dark"} autoplay loop from={"9000"} to={"16010"} t={"16005"} id={"story-1"} title={"Fencing Lab: GC pause"} height={480} />',
    )
    const custom = buildSnippets(
      source('Mine', { kind: 'custom', scenario: presetScenario('gc-pause') }),
      OPTIONS,
    )
    expect(custom.astroUsage).toMatch(/^<FencingLab link=\{"#s=[\w-]+"\} controls=/)
  })

  it('every snippet survives its engine as pasted', () => {
    for (const target of [
      { kind: 'preset', id: 'gc-pause' } as const,
      { kind: 'custom', scenario: presetScenario('lock-delay') } as const,
    ]) {
      const s = buildSnippets(source(HOSTILE, target), OPTIONS)
      const pasted = [s.iframe, s.element, s.mdx, s.vitepress, s.feed, s.astroUsage, s.hugoUsage]
      for (const text of pasted) {
        // MDX fails on an HTML comment; MDX and a strict CSP refuse a style string.
        expect(text).not.toContain('<!--')
        expect(text).not.toMatch(/\sstyle=/)
        // A blank line ends Markdown's HTML block: the rest would become a paragraph.
        expect(text).not.toMatch(/\n\s*\n/)
        // 4 spaces of indentation would make Markdown show the line as code.
        expect(text).not.toMatch(/\n {4}/)
        // An iframe of fixed width makes a phone page scroll sideways.
        expect(text).not.toMatch(/<iframe[^>]*\swidth="\d+"/)
      }
      // A module script needs CORS headers a static host may not send.
      expect(s.element).not.toContain('type="module"')
      // Astro's JSX turns controls="…" into a bare boolean: the element says data-controls.
      expect(parse(s.element).querySelector('fencing-lab')?.getAttribute('data-controls')).toBe(
        'minimal',
      )
      expect(parse(s.element).querySelector('fencing-lab')?.hasAttribute('controls')).toBe(false)
      // VitePress reads <script> in Markdown as a Vue block.
      expect(s.vitepress).not.toMatch(/^<script/m)
      expect(s.mdx).not.toMatch(/^<script/m)
      // MDX and React: an import, then the element; no comment, style string or script.
      for (const text of [s.react, s.nextScript]) {
        expect(text).toMatch(/^import \{?\s?\w+\s?\}? from '[\w/-]+'\n\n<\w+ [^\n]* \/>$/)
        expect(text).not.toContain('<!--')
        expect(text).not.toMatch(/\sstyle=/)
      }
      expect(s.docusaurusConfig).toMatch(
        /^\/\/ docusaurus\.config\.js: .*\nscripts: \[\{ src: "[^"]+embed-host\.js", defer: true \}\],$/,
      )
    }
  })

  it('reserves more height for fuller controls', () => {
    expect(reservedHeightPx('full', 400)).toBeGreaterThan(reservedHeightPx('minimal', 400))
    expect(reservedHeightPx('minimal', 400)).toBeGreaterThan(reservedHeightPx('none', 400))
    expect(reservedHeightPx('none', 10)).toBeGreaterThanOrEqual(160)
    // A preset-sized diagram gets the documented height; a taller one (more lanes) gets more.
    // The documented phone heights, which hold the default preset in any column of 360 px or
    // more (its measured heights, embedHeights.ts).
    expect(reservedHeightPx('minimal', 398)).toBe(710)
    expect(reservedHeightPx('full', 398)).toBe(960)
    expect(reservedHeightPx('none', 398)).toBe(630)
    for (const mode of ['none', 'minimal', 'full'] as const) {
      expect(RESERVED_HEIGHT_PX[mode]).toBeGreaterThanOrEqual(EMBED_HEIGHTS['gc-pause'][mode].anyPx)
      expect(WIDE_HEIGHT_PX[mode]).toBeGreaterThanOrEqual(EMBED_HEIGHTS['gc-pause'][mode].widePx)
    }
    expect(reservedHeightPx('minimal', 900)).toBe(900 + 232)
  })
})
