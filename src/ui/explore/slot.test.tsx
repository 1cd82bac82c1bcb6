import { act } from 'react'
import { createRoot } from 'react-dom/client'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { LabStore } from '../../store'
import { createLabStore, LabProvider } from '../../store'
import { useExploreStore } from './context'
import type { ExploreStore } from './exploreStore'
import type { ExploreSlot } from './slot'
import { createExploreSlot, ExploreSlotProvider } from './slot'

// React's act() environment flag, so state updates flush inside act().
;(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true

const seen: ExploreStore[] = []

function Probe() {
  seen.push(useExploreStore())
  return null
}

function lab(store: LabStore, slot: ExploreSlot) {
  return (
    <LabProvider store={store}>
      <ExploreSlotProvider slot={slot}>
        <Probe />
      </ExploreSlotProvider>
    </LabProvider>
  )
}

afterEach(() => {
  document.body.innerHTML = ''
  seen.length = 0
  vi.restoreAllMocks()
})

describe('the explorer’s store', () => {
  it('is made once per lab, in the slot made with it, on first use', () => {
    const one = { store: createLabStore(), slot: createExploreSlot() }
    const two = { store: createLabStore(), slot: createExploreSlot() }
    expect(one.slot.store).toBeNull()
    const root = createRoot(document.body.appendChild(document.createElement('div')))
    const page = () => (
      <>
        {lab(one.store, one.slot)}
        {lab(two.store, two.slot)}
      </>
    )
    act(() => root.render(page()))
    act(() => root.render(page()))
    expect(one.slot.store).not.toBeNull()
    expect(two.slot.store).not.toBeNull()
    expect(one.slot.store).not.toBe(two.slot.store)
    // Each lab's panel sees its own store, the same one on every render.
    expect(seen).toEqual([one.slot.store, two.slot.store, one.slot.store, two.slot.store])
    // And it acts on its own lab.
    one.slot.store?.getState().setMode('chaos')
    expect(two.slot.store?.getState().mode).toBe('search')
    act(() => root.unmount())
  })

  it('throws outside a slot provider', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {})
    const root = createRoot(document.body.appendChild(document.createElement('div')))
    expect(() =>
      act(() =>
        root.render(
          <LabProvider store={createLabStore()}>
            <Probe />
          </LabProvider>,
        ),
      ),
    ).toThrow('the explorer must be inside an <ExploreSlotProvider>')
  })
})
