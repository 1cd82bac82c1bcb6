/**
 * The pages are built on preact/compat (vite.config.ts): renderStatic must serialise its elements
 * too — its memo() components and its `class` alias of `className` — for the SVG and PNG
 * downloads of the lab page.
 */
import { createElement, memo } from 'preact/compat'
import type { ReactNode } from 'react'
import { describe, expect, it, vi } from 'vitest'
import { renderStatic } from './staticMarkup'

// As in the pages' build: `react` is preact/compat (its isValidElement, its Fragment).
vi.mock('react', async () => await import('preact/compat'))

describe('renderStatic on preact/compat elements', () => {
  it('renders a memo component and writes each attribute once', () => {
    const Mark = memo(({ label }: { label: string }) =>
      createElement('text', { className: 'fl-label', strokeWidth: 2 }, label),
    )
    const tree = createElement('g', { className: 'fl-lane' }, createElement(Mark, { label: 'A' }))
    const markup = renderStatic(tree as unknown as ReactNode)
    expect(markup).toBe('<g class="fl-lane"><text stroke-width="2" class="fl-label">A</text></g>')
  })
})
