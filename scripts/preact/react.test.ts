// @vitest-environment jsdom
/**
 * `react` in the pages' preact/compat build: an SVG element's tabIndex must become the
 * `tabindex` attribute (the diagram's marks are focusable <g role="button"> elements).
 */
import { createElement, render } from 'preact/compat'
import { describe, expect, it } from 'vitest'
import './react.js'

describe('scripts/preact/react.js', () => {
  it('writes tabIndex as the tabindex attribute on SVG and HTML elements', () => {
    const host = document.createElement('div')
    render(
      createElement(
        'div',
        {},
        createElement('svg', {}, createElement('g', { role: 'button', tabIndex: 0 })),
        createElement('span', { tabIndex: -1 }),
      ),
      host,
    )
    const g = host.querySelector('g')
    expect(g?.getAttribute('tabindex')).toBe('0')
    expect(g?.hasAttribute('tabIndex') && g.getAttributeNames().includes('tabIndex')).toBe(false)
    expect(host.querySelector('span')?.tabIndex).toBe(-1)
  })
})
