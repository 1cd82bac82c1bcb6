/**
 * A ResizeObserver for jsdom (which has none): installed on the global for a test, it records what
 * is observed, and `report` delivers a content width to an element's observers, as the browser
 * does after a frame's layout.
 */
import { vi } from 'vitest'

export interface FakeResizeObservers {
  /** Delivers `widthPx` to every observer of `element` (none: nothing happens). */
  report(element: Element, widthPx: number): void
  /** The elements observed now. */
  observed(): Element[]
}

/** Installs the fake on the global; vi.unstubAllGlobals() (or restoring mocks) removes it. */
export function installFakeResizeObserver(): FakeResizeObservers {
  const live = new Set<{ callback: ResizeObserverCallback; targets: Set<Element> }>()
  class FakeResizeObserver {
    readonly #entry: { callback: ResizeObserverCallback; targets: Set<Element> }
    constructor(callback: ResizeObserverCallback) {
      this.#entry = { callback, targets: new Set() }
      live.add(this.#entry)
    }
    observe(target: Element) {
      this.#entry.targets.add(target)
    }
    unobserve(target: Element) {
      this.#entry.targets.delete(target)
    }
    disconnect() {
      this.#entry.targets.clear()
      live.delete(this.#entry)
    }
  }
  vi.stubGlobal('ResizeObserver', FakeResizeObserver)
  return {
    report(element, widthPx) {
      for (const entry of [...live]) {
        if (!entry.targets.has(element)) continue
        const contentRect = { width: widthPx } as DOMRectReadOnly
        entry.callback(
          [{ target: element, contentRect } as ResizeObserverEntry],
          entry as unknown as ResizeObserver,
        )
      }
    },
    observed: () => [...live].flatMap((entry) => [...entry.targets]),
  }
}
