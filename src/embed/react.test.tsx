/**
 * The React component as a React/MDX site uses it: mounted by a page, gone when a client-side
 * router shows another page, back when the reader returns — sizing itself from its own frame's
 * height messages each time, with no script on the page.
 */
import { act, useEffect, useState } from 'react'
import { afterEach, describe, expect, expectTypeOf, it } from 'vitest'
import type { EmbedControls, EmbedTheme } from '../link/embed'
import type { FencingLabControls, FencingLabProps, FencingLabTheme } from './react'
import { FencingLab, fencingLabSrc } from './react'
import { RESIZE_TYPE } from './resize'
import { findPreset, parseScenario } from '../sim'
import { testRoots } from '../testing/reactRoots'
import { EMBED_HEIGHTS } from '../ui/share/embedHeights'
import { buildSnippets, RESERVED_HEIGHT_PX } from '../ui/share/snippets'
import type { EmbedOptions, EmbedSource } from '../ui/share/snippets'

;(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true

const LAB = 'https://lab.example/fencing/'
const roots = testRoots()
let host: HTMLElement | null = null

afterEach(() => {
  roots.unmountAll()
  host = null
})

/** A site with two pages and an in-site link, as a client-side router swaps them. */
const router: { go: (page: 'post' | 'about') => void } = { go: () => {} }
function Site() {
  const [page, setPage] = useState<'post' | 'about'>('post')
  useEffect(() => {
    router.go = setPage
  }, [])
  return page === 'post' ? (
    <article>
      <p>Why fencing tokens matter.</p>
      <FencingLab lab={LAB} scenario="gc-pause" title="GC pause" />
    </article>
  ) : (
    <p>About this blog.</p>
  )
}

function mount() {
  host = roots.mount(<Site />).host
}

function frame(): HTMLIFrameElement {
  const found = host?.querySelector('iframe')
  if (found == null) throw new Error('no iframe')
  return found
}

function lockDelay() {
  const parsed = parseScenario(findPreset('lock-delay')?.scenario)
  if (!parsed.ok) throw new Error(parsed.message)
  return parsed.scenario
}

/** A one-line JSX element's props: `name={"string"}`, `name={123}`, bare `name` (true). */
function jsxProps(element: string): Record<string, string | number | boolean> {
  const inner = /^<FencingLab ((?:.|\n)*) \/>$/.exec(element)?.[1]
  if (inner === undefined) throw new Error(`not a <FencingLab … /> element: ${element}`)
  const props: Record<string, string | number | boolean> = {}
  const prop = /(\w+)(?:=\{("(?:\\.|[^"\\])*"|\d+)\})?(?: |$)/gy
  let match: RegExpExecArray | null
  while ((match = prop.exec(inner)) !== null) {
    const [, name = '', value] = match
    props[name] = value === undefined ? true : (JSON.parse(value) as string | number)
    if (prop.lastIndex >= inner.length) break
  }
  if (prop.lastIndex !== inner.length) throw new Error(`unreadable props: ${inner}`)
  return props
}

function postHeight(from: Window | null, height: number) {
  act(() => {
    window.dispatchEvent(
      new MessageEvent('message', { data: { type: RESIZE_TYPE, height, id: null }, source: from }),
    )
  })
}

describe('<FencingLab> (fencing-lab/react)', () => {
  it('takes exactly the embed’s controls and themes (its published types stand alone)', () => {
    expectTypeOf<FencingLabControls>().toEqualTypeOf<EmbedControls>()
    expectTypeOf<FencingLabTheme>().toEqualTypeOf<EmbedTheme>()
  })

  it('writes the iframe’s address from the same options as the snippets', () => {
    expect(fencingLabSrc({ lab: LAB, scenario: 'gc-pause' })).toBe(
      `${LAB}embed.html?scenario=gc-pause&controls=minimal&theme=auto`,
    )
    expect(
      fencingLabSrc({
        lab: 'https://lab.example',
        scenario: 'gc-pause',
        controls: 'full',
        theme: 'dark',
        autoplay: true,
        loop: true,
        from: 9000,
        to: 16010,
        t: 10000,
      }),
    ).toBe(
      'https://lab.example/embed.html?scenario=gc-pause&controls=full&theme=dark&autoplay=1&loop=1&from=9000&to=16010&t=10000',
    )
    expect(fencingLabSrc({ lab: LAB, s: 'abc' })).toMatch(
      /^https:\/\/lab\.example\/fencing\/embed\.html\?controls=minimal&theme=auto#s=abc$/,
    )
    expect(() => fencingLabSrc({ lab: LAB })).toThrow(/give `scenario`/)
  })

  it('the Embed dialog’s React snippet opens what its iframe snippet opens', () => {
    const everything: EmbedOptions = {
      controls: 'full',
      theme: 'dark',
      autoplay: true,
      loop: true,
      cursorMs: 16005,
      range: { fromMs: 9000, toMs: 16010 },
      name: 'story-1',
      heightPx: 480,
    }
    const plain: EmbedOptions = { ...everything, autoplay: false, loop: false, cursorMs: null }
    const targets: Array<EmbedSource['target']> = [
      { kind: 'preset', id: 'gc-pause' },
      { kind: 'custom', scenario: lockDelay() },
    ]
    for (const target of targets) {
      for (const options of [everything, { ...plain, range: null, name: '' }]) {
        const source: EmbedSource = {
          baseUrl: LAB,
          pageUrl: `${LAB}index.html`,
          target,
          title: 'A “quoted” title',
          figure: { lightFile: 'a.svg', darkFile: 'b.svg', widthPx: 1, heightPx: 1, alt: 'x' },
        }
        const snippets = buildSnippets(source, options)
        const [importLine, blank, usage, ...rest] = snippets.react.split('\n')
        expect(importLine).toBe(`import { FencingLab } from 'fencing-lab/react'`)
        expect([blank, rest]).toEqual(['', []])
        const props = jsxProps(usage ?? '')
        expect(fencingLabSrc(props as unknown as FencingLabProps)).toBe(snippets.embedUrl)
        expect(props.title).toBe('Fencing Lab: A “quoted” title')
      }
    }
  })

  it('sizes itself from its own frame, again after a client-side navigation away and back', () => {
    mount()
    expect(frame().getAttribute('src')).toBe(
      `${LAB}embed.html?scenario=gc-pause&controls=minimal&theme=auto`,
    )
    expect(frame().getAttribute('width')).toBe('100%')
    expect(frame().getAttribute('height')).toBe(String(EMBED_HEIGHTS['gc-pause'].minimal.anyPx))
    postHeight(frame().contentWindow, 655)
    expect(frame().getAttribute('height')).toBe('655')
    // Another window's message (another embed, an ad) is not this frame's height.
    postHeight(window, 90)
    postHeight(null, 90)
    expect(frame().getAttribute('height')).toBe('655')

    act(() => router.go('about'))
    expect(host?.querySelector('iframe')).toBeNull()
    // The listener left with the page: a late message changes nothing and warns of nothing.
    postHeight(window, 300)

    act(() => router.go('post'))
    expect(frame().getAttribute('height')).toBe(String(EMBED_HEIGHTS['gc-pause'].minimal.anyPx))
    postHeight(frame().contentWindow, 702)
    expect(frame().getAttribute('height')).toBe('702')
  })

  it('a fixed height wins over messages; nonsense heights are ignored', () => {
    const mounted = roots.mount(<FencingLab lab={LAB} scenario="gc-pause" height={500} />)
    host = mounted.host
    postHeight(frame().contentWindow, 655)
    expect(frame().getAttribute('height')).toBe('500')
    mounted.render(<FencingLab lab={LAB} scenario="gc-pause" controls="full" />)
    expect(frame().getAttribute('height')).toBe(String(EMBED_HEIGHTS['gc-pause'].full.anyPx))
    postHeight(frame().contentWindow, Number.NaN)
    postHeight(frame().contentWindow, -4)
    postHeight(frame().contentWindow, 1e9)
    expect(frame().getAttribute('height')).toBe(String(EMBED_HEIGHTS['gc-pause'].full.anyPx))
  })

  it('reserves a preset’s own measured height, and for a custom scenario the generic one', () => {
    const mounted = roots.mount(<FencingLab lab={LAB} scenario="redlock-clock-jump" />)
    host = mounted.host
    expect(EMBED_HEIGHTS['redlock-clock-jump'].minimal.anyPx).toBeGreaterThan(
      RESERVED_HEIGHT_PX.minimal,
    )
    expect(frame().getAttribute('height')).toBe(
      String(EMBED_HEIGHTS['redlock-clock-jump'].minimal.anyPx),
    )
    // `s` wins over `scenario` in the address, and so in the height.
    mounted.render(<FencingLab lab={LAB} scenario="redlock-clock-jump" s="eJyrVkrOzytJzSvRUcrJ" />)
    expect(frame().getAttribute('height')).toBe(String(RESERVED_HEIGHT_PX.minimal))
  })
})
