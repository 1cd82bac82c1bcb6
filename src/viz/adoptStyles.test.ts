// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type * as AdoptStyles from './adoptStyles'
import { DIAGRAM_CSS } from './diagramStyles'

/** The diagram's rules as this document has them, by either road (a <style> in jsdom). */
const ownRules = () => document.head.querySelectorAll('style[data-fl-diagram]').length

function builtLink(loaded: boolean): HTMLLinkElement {
  const link = document.createElement('link')
  link.rel = 'stylesheet'
  link.href = 'assets/first-paint.css'
  link.dataset.flDiagram = ''
  // jsdom never fetches stylesheets: `sheet` stands for the browser's having loaded it.
  Object.defineProperty(link, 'sheet', { value: loaded ? {} : null })
  document.head.appendChild(link)
  return link
}

function mountedNode(): HTMLElement {
  const node = document.createElement('div')
  document.body.appendChild(node)
  return node
}

// Each test gets the module afresh: whether the rules were provided is module state.
let styles: typeof AdoptStyles
beforeEach(async () => {
  vi.resetModules()
  styles = await import('./adoptStyles')
})

afterEach(() => {
  document.head.replaceChildren()
  document.body.replaceChildren()
})

describe('adoptDiagramStyles', () => {
  it('gives a page without the built stylesheet the diagram rules once, loaded on demand', async () => {
    await styles.adoptDiagramStyles(mountedNode())
    await styles.adoptDiagramStyles(mountedNode())
    expect(ownRules()).toBe(1)
    expect(document.head.querySelector('style[data-fl-diagram]')?.textContent).toBe(DIAGRAM_CSS)
  })

  it('adopts provided rules in the same task, before the first frame', () => {
    styles.provideDiagramCss(DIAGRAM_CSS)
    void styles.adoptDiagramStyles(mountedNode())
    expect(ownRules()).toBe(1)
  })

  it('adds nothing where the built page linked the rules and they loaded', async () => {
    builtLink(true)
    await styles.adoptDiagramStyles(mountedNode())
    expect(ownRules()).toBe(0)
  })

  it('still styles the diagram when the built stylesheet failed to load', async () => {
    builtLink(false)
    await styles.adoptDiagramStyles(mountedNode())
    expect(ownRules()).toBe(1)
  })

  it('gives a shadow root its own rules whatever the document links', async () => {
    builtLink(true)
    const host = mountedNode()
    const shadow = host.attachShadow({ mode: 'open' })
    const node = document.createElement('div')
    shadow.appendChild(node)
    await styles.adoptDiagramStyles(node)
    expect(shadow.querySelectorAll('style[data-fl-diagram]').length).toBe(1)
    expect(ownRules()).toBe(0)
  })
})
