import { act } from 'react'
import { createRoot } from 'react-dom/client'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { createLabStore, LabProvider, storyEventAtCursor } from '../store'
import { DiagramPanel } from './DiagramPanel'

// React's act() environment flag, so state updates flush inside act().
;(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true

beforeEach(() => {
  // jsdom lays nothing out: give the diagram's frame a width so the diagram is drawn.
  vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(900)
})

afterEach(() => {
  document.body.innerHTML = ''
  vi.restoreAllMocks()
})

function mount(store: ReturnType<typeof createLabStore>) {
  const host = document.body.appendChild(document.createElement('div'))
  const root = createRoot(host)
  act(() =>
    root.render(
      <LabProvider store={store}>
        <DiagramPanel />
      </LabProvider>,
    ),
  )
  return { host, root }
}

describe('DiagramPanel: the story line’s marks', () => {
  it('highlights nothing before the story starts, then the marks of the line’s event', () => {
    const store = createLabStore({ preset: 'gc-pause' })
    const { host, root } = mount(store)
    expect(host.querySelector('.fl-focus')).toBeNull()

    // Walk to the first line tied to a message's event (a send, a delivery, a decision).
    const { lab } = store.getState()
    let line = -1
    for (let i = 0; i < lab.captions.length && line < 0; i++) {
      act(() => store.getState().nextStory())
      const event = lab.run.events[storyEventAtCursor(store.getState())]
      if (event !== undefined && 'msg' in event) line = i
    }
    expect(line).toBeGreaterThanOrEqual(0)
    const halos = host.querySelectorAll('.fl-focus .fl-halo')
    expect(halos.length).toBeGreaterThan(0)

    // Back before the first line: the highlight goes.
    act(() => store.getState().setCursor(0))
    expect(storyEventAtCursor(store.getState())).toBe(-1)
    expect(host.querySelector('.fl-focus')).toBeNull()
    act(() => root.unmount())
  })
})
