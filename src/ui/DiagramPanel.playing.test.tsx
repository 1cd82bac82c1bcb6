/**
 * Playing is cheap (issue 18): a moving cursor moves the playhead, the veil and the pill (by
 * writes between their renders, viz/Cursor.tsx), never renders the diagram around them (its
 * layout, its marks, its handlers) nor the panel.
 */
import { act } from 'react'
import { createRoot } from 'react-dom/client'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { createLabStore, LabProvider, storyEventAtCursor } from '../store'
import type * as Diagram from '../viz/SpaceTimeDiagram'
import { DiagramPanel } from './DiagramPanel'

;(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true

const renders = vi.hoisted(() => ({ diagram: 0 }))

// The real diagram, counted: every render of SpaceTimeDiagram goes through this wrapper.
vi.mock('../viz/SpaceTimeDiagram', async (importOriginal) => {
  const real = await importOriginal<typeof Diagram>()
  return {
    ...real,
    SpaceTimeDiagram: (props: Parameters<typeof real.SpaceTimeDiagram>[0]) => {
      renders.diagram++
      return real.SpaceTimeDiagram(props)
    },
  }
})

beforeEach(() => {
  vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(900)
  renders.diagram = 0
})

afterEach(() => {
  document.body.innerHTML = ''
  vi.restoreAllMocks()
})

describe('DiagramPanel while the cursor moves', () => {
  it('moves the playhead and the pill, rendering the diagram only when the story’s event changes', () => {
    const store = createLabStore({ preset: 'gc-pause', playMode: 'time' })
    const host = document.body.appendChild(document.createElement('div'))
    const root = createRoot(host)
    act(() =>
      root.render(
        <LabProvider store={store}>
          <DiagramPanel />
        </LabProvider>,
      ),
    )
    expect(renders.diagram).toBeGreaterThan(0)
    const before = renders.diagram
    const playhead = () =>
      host.querySelector('.fl-underlay .fl-playhead')?.getAttribute('transform')
    const pill = () => host.querySelector('.fl-overlay .fl-playhead-text')?.textContent
    const marks = host.querySelector('svg.fl-marks-layer')
    const seen = new Set<string | null | undefined>()
    // The event the story is at: when it changes, its marks are highlighted (one render each).
    let storyEvent = storyEventAtCursor(store.getState())
    let storyMoves = 0
    const endMs = store.getState().lab.run.endMs
    // Frames of playback, each a little further, as the playback loop sets them.
    for (let i = 1; i <= 20; i++) {
      act(() => store.getState().setCursor((endMs * i) / 40))
      seen.add(playhead())
      const now = storyEventAtCursor(store.getState())
      if (now !== storyEvent) storyMoves++
      storyEvent = now
    }
    expect(seen.size).toBe(20)
    expect(pill()).not.toBe('0 s')
    expect(storyMoves).toBeLessThan(10)
    expect(renders.diagram - before).toBe(storyMoves)
    // The marks are the same elements, never drawn again.
    expect(host.querySelector('svg.fl-marks-layer')).toBe(marks)
    act(() => root.unmount())
  })
})
