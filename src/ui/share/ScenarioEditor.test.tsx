import { act } from 'react'
import { createRoot } from 'react-dom/client'
import type { Root } from 'react-dom/client'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { LabStore } from '../../store'
import { createLabStore, LabProvider } from '../../store'
import ScenarioEditor from './ScenarioEditor'

;(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true

let root: Root | null = null

beforeEach(() => {
  vi.useFakeTimers()
})

afterEach(() => {
  act(() => root?.unmount())
  root = null
  document.body.innerHTML = ''
  vi.useRealTimers()
})

function open(store: LabStore): HTMLTextAreaElement {
  const host = document.body.appendChild(document.createElement('div'))
  root = createRoot(host)
  act(() =>
    root?.render(
      <LabProvider store={store}>
        <ScenarioEditor id="editor" onClose={() => act(() => root?.unmount())} />
      </LabProvider>,
    ),
  )
  const area = document.querySelector('textarea')
  if (area === null) throw new Error('no textarea')
  return area
}

/** Types into the textarea the way React listens for it, then lets the debounce run. */
function type(area: HTMLTextAreaElement, value: string) {
  act(() => {
    // The prototype's setter, as a browser's typing does: React ignores `area.value = …` itself.
    // eslint-disable-next-line @typescript-eslint/unbound-method
    const setter = Object.getOwnPropertyDescriptor(HTMLTextAreaElement.prototype, 'value')?.set
    setter?.call(area, value)
    area.dispatchEvent(new Event('input', { bubbles: true }))
  })
  act(() => {
    vi.advanceTimersByTime(1000)
  })
}

function status(): string {
  return document.querySelector('.fl-editor-status')?.textContent ?? ''
}

describe('ScenarioEditor', () => {
  it('previews valid drafts as one undo step, and never runs an invalid one', () => {
    const store = createLabStore({ reducedMotion: true })
    const area = open(store)
    const original = area.value
    act(() => {
      vi.advanceTimersByTime(1000)
    })
    expect(status()).toBe('Valid. The lab runs this scenario.')
    expect(store.getState().edited).toBe(false)

    type(area, original.replace('"leaseMs": 10000', '"leaseMs": 12000'))
    type(area, original.replace('"leaseMs": 10000', '"leaseMs": 14000'))
    expect(store.getState().lab.scenario.lockService.leaseMs).toBe(14_000)
    expect(store.getState().undoStack).toHaveLength(1)

    const lab = store.getState().lab
    type(area, original.replace('"firstToken": 41', '"firstToken": "41"'))
    expect(store.getState().lab).toBe(lab)
    expect(area.getAttribute('aria-invalid')).toBe('true')
    const line = original.split('\n').findIndex((l) => l.includes('"firstToken"')) + 1
    expect(document.querySelector('.fl-editor-problems')?.textContent).toBe(
      `Line ${line} lockService.firstToken: firstToken must be a number`,
    )

    type(area, '{"clients": [')
    expect(store.getState().lab).toBe(lab)
    expect(document.querySelector('.fl-editor-problems')?.textContent).toMatch(
      /^Line 1 Not valid JSON: the text ends where a value should be/,
    )

    // Reset: back to the scenario the lab ran before the preview.
    const reset = [...document.querySelectorAll('button')].find((b) => b.textContent === 'Reset')
    act(() => reset?.click())
    expect(store.getState().edited).toBe(false)
    expect(area.value).toBe(original)
  })

  it('follows changes made in the lab while its draft is clean, and keeps a dirty draft', () => {
    const store = createLabStore({ reducedMotion: true })
    const area = open(store)
    act(() => store.getState().setCursor(10_010))
    act(() => store.getState().pauseClient('B', 1000))
    expect(area.value).toContain('"node": "B"')
    expect(document.querySelector('.fl-editor-note')).toBeNull()

    type(area, area.value.replace('"seed": 1', '"seed": -1'))
    act(() => store.getState().undo())
    expect(area.value).toContain('"seed": -1')
    expect(document.querySelector('.fl-editor-note')?.textContent).toContain(
      'The scenario changed in the lab while you were editing.',
    )
  })

  it('keeps an unfinished draft when closed and opened again', () => {
    const store = createLabStore({ reducedMotion: true })
    const area = open(store)
    type(area, '{ "unfinished": ')
    const close = document.querySelector<HTMLButtonElement>(
      'button[aria-label="Close the scenario editor"]',
    )
    act(() => close?.click())
    expect(document.querySelector('textarea')).toBeNull()
    const again = open(store)
    expect(again.value).toBe('{ "unfinished": ')
    expect(store.getState().edited).toBe(false)
  })
})
