/**
 * The React component as a React/MDX site uses it: mounted by a page, gone when a client-side
 * router shows another page, back when the reader returns — sizing itself from its own frame's
 * height messages each time, with no script on the page.
 */
import { act, useEffect, useState } from 'react'
import { createRoot } from 'react-dom/client'
import type { Root } from 'react-dom/client'
import { afterEach, describe, expect, expectTypeOf, it } from 'vitest'
import type { EmbedControls, EmbedTheme } from '../link/embed'
import type { FencingLabControls, FencingLabTheme } from './react'
import { FencingLab, fencingLabSrc } from './react'
import { RESIZE_TYPE } from './resize'

;(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true

const LAB = 'https://lab.example/fencing/'
let root: Root | null = null
let host: HTMLElement | null = null

afterEach(() => {
  act(() => root?.unmount())
  host?.remove()
  root = null
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
  host = document.createElement('div')
  document.body.append(host)
  root = createRoot(host)
  act(() => root?.render(<Site />))
}

function frame(): HTMLIFrameElement {
  const found = host?.querySelector('iframe')
  if (found == null) throw new Error('no iframe')
  return found
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

  it('sizes itself from its own frame, again after a client-side navigation away and back', () => {
    mount()
    expect(frame().getAttribute('src')).toBe(
      `${LAB}embed.html?scenario=gc-pause&controls=minimal&theme=auto`,
    )
    expect(frame().getAttribute('width')).toBe('100%')
    expect(frame().getAttribute('height')).toBe('710')
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
    expect(frame().getAttribute('height')).toBe('710')
    postHeight(frame().contentWindow, 702)
    expect(frame().getAttribute('height')).toBe('702')
  })

  it('a fixed height wins over messages; nonsense heights are ignored', () => {
    host = document.createElement('div')
    document.body.append(host)
    root = createRoot(host)
    act(() => root?.render(<FencingLab lab={LAB} scenario="gc-pause" height={500} />))
    postHeight(frame().contentWindow, 655)
    expect(frame().getAttribute('height')).toBe('500')
    act(() => root?.render(<FencingLab lab={LAB} scenario="gc-pause" controls="full" />))
    expect(frame().getAttribute('height')).toBe('920')
    postHeight(frame().contentWindow, Number.NaN)
    postHeight(frame().contentWindow, -4)
    postHeight(frame().contentWindow, 1e9)
    expect(frame().getAttribute('height')).toBe('920')
  })
})
