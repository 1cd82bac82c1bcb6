import { describe, expect, it, vi } from 'vitest'
import { createStore } from 'zustand/vanilla'
import { spreadSet } from './spreadSet'

interface Counter {
  count: number
  label: string
  nested: { deep: number }
  bump: () => void
}

function counter() {
  return createStore<Counter>()(
    spreadSet((set) => ({
      count: 0,
      label: 'a',
      nested: { deep: 1 },
      bump: () => set((s) => ({ count: s.count + 1 })),
    })),
  )
}

describe('spreadSet', () => {
  it('merges a change into a new state and keeps every other key as it was', () => {
    const store = counter()
    const before = store.getState()
    store.setState({ label: 'b' })
    const after = store.getState()
    expect(after).not.toBe(before)
    expect(after).toEqual({ ...before, label: 'b' })
    expect(after.nested).toBe(before.nested)
    expect(after.bump).toBe(before.bump)
    expect(before.label).toBe('a')
  })

  it('gives a function change the state now, through the creator’s set as through setState', () => {
    const store = counter()
    store.getState().bump()
    store.getState().bump()
    store.setState((s) => ({ count: s.count * 10 }))
    expect(store.getState().count).toBe(20)
  })

  it('tells listeners the new and the previous state, once per change', () => {
    const store = counter()
    const heard = vi.fn()
    store.subscribe(heard)
    const before = store.getState()
    store.setState({ count: 5 })
    expect(heard).toHaveBeenCalledTimes(1)
    expect(heard).toHaveBeenCalledWith(store.getState(), before)
  })

  it('changes nothing when handed the state itself, as zustand does', () => {
    const store = counter()
    const heard = vi.fn()
    store.subscribe(heard)
    const before = store.getState()
    store.setState((s) => s)
    expect(store.getState()).toBe(before)
    expect(heard).not.toHaveBeenCalled()
  })

  it('replaces the state when asked to', () => {
    const store = counter()
    const next = { ...store.getState(), count: 7, label: 'z' }
    store.setState(next, true)
    expect(store.getState()).toBe(next)
  })

  it('merges an empty change into an equal new state (listeners hear it, as with zustand)', () => {
    const store = counter()
    const heard = vi.fn()
    store.subscribe(heard)
    const before = store.getState()
    store.setState({})
    expect(store.getState()).toEqual(before)
    expect(heard).toHaveBeenCalledTimes(1)
  })
})
