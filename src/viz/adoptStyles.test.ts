// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest'
import { adoptDiagramStyles } from './adoptStyles'

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

afterEach(() => {
  document.head.replaceChildren()
  document.body.replaceChildren()
})

describe('adoptDiagramStyles', () => {
  it('gives a page without the built stylesheet the diagram rules once', () => {
    adoptDiagramStyles(mountedNode())
    adoptDiagramStyles(mountedNode())
    expect(ownRules()).toBe(1)
  })

  it('adds nothing where the built page linked the rules and they loaded', () => {
    builtLink(true)
    adoptDiagramStyles(mountedNode())
    expect(ownRules()).toBe(0)
  })

  it('still styles the diagram when the built stylesheet failed to load', () => {
    builtLink(false)
    adoptDiagramStyles(mountedNode())
    expect(ownRules()).toBe(1)
  })

  it('gives a shadow root its own rules whatever the document links', () => {
    builtLink(true)
    const host = mountedNode()
    const shadow = host.attachShadow({ mode: 'open' })
    const node = document.createElement('div')
    shadow.appendChild(node)
    adoptDiagramStyles(node)
    expect(shadow.querySelectorAll('style[data-fl-diagram]').length).toBe(1)
    expect(ownRules()).toBe(0)
  })
})
