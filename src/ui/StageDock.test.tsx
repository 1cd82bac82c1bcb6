/**
 * The story bar in jsdom: a visual-only copy of the story's transport (never in the tab order or
 * the accessibility tree, a click never takes the focus) that walks and plays the same story,
 * and keeps the page's scroll padding only while the window has room for it.
 */
import { act, createRef } from 'react'
import { createRoot } from 'react-dom/client'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { createLabStore, LabProvider } from '../store'
import { StageDock } from './StageDock'

;(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true

afterEach(() => {
  document.body.innerHTML = ''
  document.documentElement.style.scrollPaddingTop = ''
  vi.restoreAllMocks()
})

function mount() {
  // jsdom lays nothing out: a 70 px bar in an 800 px window, the stage scrolled away above it.
  vi.spyOn(HTMLElement.prototype, 'offsetHeight', 'get').mockReturnValue(70)
  vi.spyOn(window, 'innerHeight', 'get').mockReturnValue(800)
  vi.spyOn(window, 'requestAnimationFrame').mockImplementation((callback) => {
    callback(0)
    return 1
  })
  const store = createLabStore({ preset: 'gc-pause' })
  const host = document.body.appendChild(document.createElement('div'))
  host.className = 'fl-lab'
  const stage = createRef<HTMLElement>()
  const root = createRoot(host)
  act(() =>
    root.render(
      <LabProvider store={store}>
        <section ref={stage} className="fl-stage" tabIndex={-1} />
        <StageDock stage={stage} />
      </LabProvider>,
    ),
  )
  const dock = host.querySelector<HTMLElement>('.fl-dock')
  if (dock === null) throw new Error('no story bar')
  const button = (action: string) => {
    const found = dock.querySelector<HTMLButtonElement>(`[data-dock-action="${action}"]`)
    if (found === null) throw new Error(`no ${action} button`)
    return found
  }
  return { store, dock, button, unmount: () => act(() => root.unmount()) }
}

describe('StageDock', () => {
  it('is out of the tab order and the accessibility tree; a press keeps the focus', () => {
    const { dock, button, unmount } = mount()
    expect(dock.getAttribute('aria-hidden')).toBe('true')
    const buttons = [...dock.querySelectorAll('button')]
    expect(buttons.length).toBeGreaterThanOrEqual(4)
    for (const b of buttons) expect(b.tabIndex).toBe(-1)
    const press = new MouseEvent('mousedown', { bubbles: true, cancelable: true })
    button('Next moment').dispatchEvent(press)
    expect(press.defaultPrevented).toBe(true)
    unmount()
  })

  it('walks and plays the same story as the stage', () => {
    const { store, dock, button, unmount } = mount()
    const text = () => dock.querySelector('.fl-dock-text')
    const first = text()?.textContent
    act(() => button('Next moment').click())
    expect(store.getState().storyLine).toBe(1)
    expect(text()?.textContent).toBe(store.getState().lab.captions[1]?.text)
    expect(text()?.textContent).not.toBe(first)
    act(() => button('Previous moment').click())
    expect(text()?.textContent).toBe(first)
    act(() => button('Play').click())
    expect(store.getState().playing).toBe(true)
    act(() => button('Pause').click())
    expect(store.getState().playing).toBe(false)
    unmount()
  })

  it('hidden (the stage in view), draws nothing that changes with the cursor', () => {
    vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockReturnValue({
      bottom: 500,
    } as DOMRect)
    const { store, dock, unmount } = mount()
    expect(dock.hasAttribute('data-shown')).toBe(false)
    act(() => store.getState().setCursor(3000))
    const observer = new MutationObserver(() => {})
    observer.observe(dock, {
      subtree: true,
      attributes: true,
      childList: true,
      characterData: true,
    })
    // gc-pause is quiet from 3 s to 3.05 s: the same story line, a moving cursor.
    act(() => store.getState().setCursor(3020))
    act(() => store.getState().setCursor(3040))
    expect(observer.takeRecords()).toEqual([])
    expect(dock.querySelector('.fl-dock-progress > span')).toBeNull()
    unmount()
  })

  it('shows once the stage is above it, and keeps room for it in the page’s scroll padding', () => {
    vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockReturnValue({
      bottom: -40,
    } as DOMRect)
    const { store, dock, unmount } = mount()
    expect(dock.hasAttribute('data-shown')).toBe(true)
    expect(document.documentElement.style.scrollPaddingTop).toBe(`${70 + 8}px`)
    // Shown, its progress line follows the cursor.
    const progress = () => dock.querySelector<HTMLElement>('.fl-dock-progress > span')
    act(() => store.getState().setCursor(store.getState().lab.run.endMs / 2))
    expect(progress()?.style.width).toBe('50%')
    unmount()
    // Gone with the lab: the page's padding too.
    expect(document.documentElement.style.scrollPaddingTop).toBe('')
  })
})
