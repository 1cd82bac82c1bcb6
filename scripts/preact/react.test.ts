// @vitest-environment jsdom
/**
 * `react` in the pages' preact/compat build: an SVG element's tabIndex must become the
 * `tabindex` attribute (the diagram's marks are focusable <g role="button"> elements), and
 * useSyncExternalStore must not keep a component's first selected value alive.
 */
import { setFlagsFromString } from 'node:v8'
import { runInNewContext } from 'node:vm'
import {
  createElement,
  render,
  useSyncExternalStore as compatUseSyncExternalStore,
} from 'preact/compat'
import { act } from 'preact/test-utils'
import { describe, expect, it } from 'vitest'
import { useSyncExternalStore } from './react.js'

describe('scripts/preact/react.js', () => {
  it('writes tabIndex as the tabindex attribute on SVG and HTML elements', () => {
    const host = document.createElement('div')
    render(
      createElement(
        'div',
        {},
        createElement('svg', {}, createElement('g', { role: 'button', tabIndex: 0 })),
        createElement('span', { tabIndex: -1 }),
      ),
      host,
    )
    const g = host.querySelector('g')
    expect(g?.getAttribute('tabindex')).toBe('0')
    expect(g?.hasAttribute('tabIndex') && g.getAttributeNames().includes('tabIndex')).toBe(false)
    expect(host.querySelector('span')?.tabIndex).toBe(-1)
  })
})

describe('useSyncExternalStore of scripts/preact/react.js', () => {
  /** A minimal external store, as zustand's. */
  function storeOf<T>(initial: T) {
    let state = initial
    const listeners = new Set<() => void>()
    return {
      get: () => state,
      set: (next: T) => {
        state = next
        for (const l of listeners) l()
      },
      subscribe: (l: () => void) => {
        listeners.add(l)
        return () => listeners.delete(l)
      },
      listeners,
    }
  }

  it('follows the store, and stops listening when unmounted', () => {
    const store = storeOf({ n: 1 })
    const host = document.createElement('div')
    const Show = () =>
      createElement('p', {}, String(useSyncExternalStore(store.subscribe, store.get).n))
    void act(() => {
      render(createElement(Show, {}), host)
    })
    expect(host.textContent).toBe('1')
    expect(store.listeners.size).toBe(1)
    void act(() => {
      store.set({ n: 2 })
    })
    expect(host.textContent).toBe('2')
    void act(() => {
      render(null, host)
    })
    expect(store.listeners.size).toBe(0)
  })

  /**
   * Whether the store's first value is still reachable after `draw` has been rendered and the
   * store has moved on (two collections apart, as a page's would).
   */
  async function keepsFirstValue<T extends object>(
    // Made here, not passed in: a parameter would keep it alive itself.
    first: () => T,
    next: T | null,
    draw: (store: ReturnType<typeof storeOf<T | null>>) => Parameters<typeof render>[0],
  ): Promise<boolean> {
    setFlagsFromString('--expose-gc')
    const gc = runInNewContext('gc') as () => void
    const store = storeOf<T | null>(first())
    const kept = new WeakRef(store.get() as T)
    const host = document.createElement('div')
    void act(() => {
      render(draw(store), host)
    })
    void act(() => {
      store.set(next)
    })
    gc()
    await new Promise((resolve) => setTimeout(resolve, 0))
    gc()
    const alive = kept.deref() !== undefined
    void act(() => {
      render(null, host)
    })
    return alive
  }

  it('does not keep the value of the first render alive once the store has moved on', async () => {
    const retains = (hook: typeof useSyncExternalStore) =>
      keepsFirstValue(
        () => ({ payload: [1, 2, 3] }),
        null,
        (store) => {
          const Show = () =>
            createElement('p', {}, String(hook(store.subscribe, store.get) !== null))
          return createElement(Show, {})
        },
      )
    expect(await retains(useSyncExternalStore)).toBe(false)
    // Why the fix exists: preact/compat's own keeps it (if this fails, preact fixed it upstream
    // and fix 2 in react.js can go).
    expect(await retains(compatUseSyncExternalStore)).toBe(true)
  })

  it('lets a component that re-rendered on its own drop what it drew before (fix 3)', async () => {
    // The row draws a button whose handler captures the value it drew; the frame around it is
    // rendered once, so its children stay the element vnode the row was first drawn from.
    const kept = await keepsFirstValue(
      () => ({ payload: [1, 2, 3] }),
      { payload: [4] },
      (store) => {
        const Row = () => {
          const value = useSyncExternalStore(store.subscribe, store.get)
          const onClick = () => value?.payload.length
          return createElement('button', { onClick }, String(value?.payload.length))
        }
        const Frame = ({ children }: { children?: unknown }) =>
          createElement('section', {}, children as never)
        return createElement(Frame, {}, createElement(Row, {}))
      },
    )
    expect(kept).toBe(false)
  })
})
