/**
 * Zoom in the diagram panel: the lab page's controls (buttons, overview strip), the embeds' Fit
 * (shown only while zoomed), and the wheel: Ctrl/⌘ + wheel zooms, a sideways wheel pans while
 * zoomed, a plain vertical wheel is left to the page.
 */
import { act } from 'react'
import type { ComponentType } from 'react'
import { createRoot } from 'react-dom/client'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { createLabStore, LabProvider } from '../store'
import { DiagramPanel } from './DiagramPanel'
import { ZoomControls } from './ZoomControls'

;(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true

beforeEach(() => {
  // jsdom lays nothing out: give the diagram's frame a width so the diagram is drawn.
  vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(900)
})

afterEach(() => {
  document.body.innerHTML = ''
  vi.restoreAllMocks()
})

function mount(zoomControls?: ComponentType) {
  const store = createLabStore({ preset: 'gc-pause' })
  const host = document.body.appendChild(document.createElement('div'))
  const root = createRoot(host)
  act(() =>
    root.render(
      <LabProvider store={store}>
        {zoomControls === undefined ? (
          <DiagramPanel />
        ) : (
          <DiagramPanel ZoomControls={zoomControls} />
        )}
      </LabProvider>,
    ),
  )
  const button = (name: string) =>
    [...host.querySelectorAll('button')].find(
      (b) => (b.getAttribute('aria-label') ?? b.textContent) === name,
    )
  const range = () => host.querySelector('[data-zoom-range]')?.textContent ?? null
  return { store, host, root, button, range }
}

function wheel(target: Element, init: WheelEventInit): WheelEvent {
  const event = new WheelEvent('wheel', { bubbles: true, cancelable: true, ...init })
  act(() => {
    target.dispatchEvent(event)
  })
  return event
}

describe('the lab page’s zoom controls', () => {
  it('zoom in, out and fit from the buttons; the strip and the range say what is shown', () => {
    const { store, host, root, button, range } = mount(ZoomControls)
    expect(range()).toBe('whole run')
    expect(button('Zoom out')?.disabled).toBe(true)
    expect(host.querySelector('.fl-zoom-overview')?.getAttribute('aria-label')).toMatch(
      /^Showing the whole run/,
    )
    act(() => button('Zoom in')?.click())
    expect(store.getState().timeView).not.toBeNull()
    expect(range()).not.toBe('whole run')
    expect(host.querySelector('.fl-zoom-overview')?.getAttribute('aria-label')).toMatch(
      /^Showing .+ to .+ of /,
    )
    act(() => button('Fit')?.click())
    expect(store.getState().timeView).toBeNull()
    expect(range()).toBe('whole run')
    act(() => root.unmount())
  })
})

describe('the embeds’ zoom (no controls given)', () => {
  it('shows nothing until zoomed, then the range and Fit, which shows the whole run again', () => {
    const { store, host, root, button, range } = mount()
    expect(host.querySelector('.fl-zoom')).toBeNull()
    expect(button('Zoom in')).toBeUndefined()
    act(() => store.getState().zoomIn())
    expect(range()).toMatch(/ – /)
    expect(host.querySelector('.fl-zoom-overview')).toBeNull()
    act(() => button('Fit')?.click())
    expect(store.getState().timeView).toBeNull()
    expect(host.querySelector('.fl-zoom')).toBeNull()
    act(() => root.unmount())
  })

  it('Ctrl + wheel zooms, a sideways wheel pans while zoomed, a plain wheel scrolls the page', () => {
    const { store, host, root } = mount()
    const panel = host.querySelector('.fl-diagram-panel')
    if (panel === null) throw new Error('no panel')

    const plain = wheel(panel, { deltaY: 100 })
    expect(plain.defaultPrevented).toBe(false)
    expect(store.getState().timeView).toBeNull()
    // Sideways, unzoomed: nothing to pan, the page keeps it.
    expect(wheel(panel, { deltaX: 100 }).defaultPrevented).toBe(false)

    const pinch = wheel(panel, { deltaY: -200, ctrlKey: true })
    expect(pinch.defaultPrevented).toBe(true)
    const zoomed = store.getState().timeView
    expect(zoomed).not.toBeNull()
    if (zoomed === null) return

    // A swipe to the left shows later time, by its share of the panel's width.
    const swipe = wheel(panel, { deltaX: 90 })
    expect(swipe.defaultPrevented).toBe(true)
    const panned = store.getState().timeView
    const spanMs = zoomed.toMs - zoomed.fromMs
    expect((panned?.toMs ?? 0) - (panned?.fromMs ?? 0)).toBe(spanMs)
    expect(panned?.fromMs).toBeGreaterThan(zoomed.fromMs)
    expect(panned?.fromMs).toBe(Math.round(zoomed.fromMs + (90 / 900) * spanMs))
    // Still a plain vertical wheel scrolls the page while zoomed.
    expect(wheel(panel, { deltaY: 100 }).defaultPrevented).toBe(false)
    act(() => root.unmount())
  })
})
