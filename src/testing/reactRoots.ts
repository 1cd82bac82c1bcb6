/**
 * React roots for jsdom tests: each rendered into its own element on the page, and all of them
 * unmounted and removed by `unmountAll` (call it in afterEach); and a wait on real timers.
 */
import type { ReactNode } from 'react'
import { act } from 'react'
import type { Root } from 'react-dom/client'
import { createRoot } from 'react-dom/client'

export interface TestRoot {
  host: HTMLElement
  root: Root
  /** Renders `node` into this root, inside act. */
  render: (node: ReactNode) => void
}

export function testRoots(): { mount(node: ReactNode): TestRoot; unmountAll(): void } {
  const mounted: TestRoot[] = []
  return {
    mount(node) {
      const host = document.createElement('div')
      document.body.append(host)
      const root = createRoot(host)
      const mountedRoot: TestRoot = { host, root, render: (next) => act(() => root.render(next)) }
      mounted.push(mountedRoot)
      mountedRoot.render(node)
      return mountedRoot
    },
    unmountAll() {
      for (const { host, root } of mounted.splice(0)) {
        act(() => root.unmount())
        host.remove()
      }
    },
  }
}

/**
 * Waits on real timers, letting React commit in between, until `ready`; throws after `limitMs`
 * (for work that waits for timers or idle moments, such as a layout laid out ahead).
 */
export async function waitUntil(ready: () => boolean, limitMs = 5000): Promise<void> {
  const start = performance.now()
  while (!ready()) {
    if (performance.now() - start > limitMs) throw new Error(`not ready after ${limitMs} ms`)
    await act(() => new Promise((resolve) => setTimeout(resolve, 20)))
  }
}
