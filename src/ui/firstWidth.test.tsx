/**
 * The static first screen's diagram width, handed to the app's first diagram (firstWidth.ts), and
 * useElementWidth's start width: the takeover draws the diagram in its first render and reads no
 * layout from the new page.
 */
import { act } from 'react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { createLabStore, LabProvider } from '../store'
import { testRoots } from '../testing/reactRoots'
import { installFakeResizeObserver } from '../testing/resizeObserver'
import { DiagramPanel } from './DiagramPanel'
import { FirstWidthContext, firstWidthOf } from './firstWidth'
import type { FirstWidth } from './firstWidth'

;(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true

const roots = testRoots()

afterEach(() => {
  roots.unmountAll()
  vi.restoreAllMocks()
  vi.unstubAllGlobals()
})

/** A static page's root as prerender writes it: the frame, the drawing inside. */
function staticRoot(frameWidthPx: number): HTMLElement {
  const root = document.createElement('div')
  root.innerHTML =
    '<main data-prerendered=""><div class="fl-diagram-frame"><div class="fl-first-paint">' +
    '<svg class="fl-diagram"></svg></div></div></main>'
  const frame = root.querySelector('.fl-diagram-frame')
  if (frame === null) throw new Error('no frame')
  vi.spyOn(frame, 'getBoundingClientRect').mockReturnValue({ width: frameWidthPx } as DOMRect)
  return root
}

describe('firstWidthOf', () => {
  it('gives the static frame’s width in whole px, once', () => {
    const first = firstWidthOf(staticRoot(1190.6), true)
    expect(first.take()).toBe(1190)
    expect(first.take()).toBeNull()
  })

  it('gives none where the page does not show its drawing, without reading any layout', () => {
    const root = staticRoot(1190)
    const read = vi.spyOn(Element.prototype, 'getBoundingClientRect')
    expect(firstWidthOf(root, false).take()).toBeNull()
    expect(read).not.toHaveBeenCalled()
  })

  it('gives none for a page without a static drawing, or one not laid out', () => {
    expect(firstWidthOf(document.createElement('div'), true).take()).toBeNull()
    expect(firstWidthOf(staticRoot(0), true).take()).toBeNull()
  })
})

describe('the first diagram with the static page’s width', () => {
  function mount(firstWidth: FirstWidth | null) {
    const store = createLabStore({ preset: 'gc-pause' })
    const { host, root } = roots.mount(
      <FirstWidthContext.Provider value={firstWidth}>
        <LabProvider store={store}>
          <DiagramPanel />
        </LabProvider>
      </FirstWidthContext.Provider>,
    )
    const diagramWidth = () =>
      host.querySelector('svg.fl-marks-layer')?.getAttribute('width') ?? null
    return { host, root, diagramWidth }
  }

  it('is drawn in the first render at that width, reading no layout, and follows the observer', () => {
    const observers = installFakeResizeObserver()
    const clientWidth = vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(900)
    const first = firstWidthOf(staticRoot(1190), true)
    const { host, diagramWidth } = mount(first)
    expect(diagramWidth()).toBe('1190')
    expect(clientWidth).not.toHaveBeenCalled()
    // After the next frame's layout the observer reports the frame: a different width redraws.
    const frame = host.querySelector('.fl-diagram-frame')
    if (frame === null) throw new Error('no frame')
    expect(observers.observed()).toContain(frame)
    act(() => observers.report(frame, 1000))
    expect(diagramWidth()).toBe('1000')
  })

  it('goes to the first diagram only: another mounted later measures its frame', () => {
    installFakeResizeObserver()
    vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(900)
    const first = firstWidthOf(staticRoot(1190), true)
    mount(first)
    expect(mount(first).diagramWidth()).toBe('900')
  })

  it('without one, the frame is measured in the first render, as before', () => {
    installFakeResizeObserver()
    vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(900)
    expect(mount(null).diagramWidth()).toBe('900')
  })
})
