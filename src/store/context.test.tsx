import { act } from 'react'
import { createRoot } from 'react-dom/client'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { LabProvider, useLab } from './context'
import { createLabStore } from './labStore'

// React's act() environment flag, so state updates flush inside act().
;(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true

function Cursor() {
  const cursorMs = useLab((s) => s.cursorMs)
  return <output>{cursorMs}</output>
}

afterEach(() => {
  document.body.innerHTML = ''
  vi.restoreAllMocks()
})

describe('useLab', () => {
  it('throws outside a LabProvider', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {})
    const root = createRoot(document.body.appendChild(document.createElement('div')))
    expect(() => act(() => root.render(<Cursor />))).toThrow(
      'useLab must be used inside a <LabProvider>',
    )
  })

  it('gives each provider its own lab', () => {
    const one = createLabStore()
    const two = createLabStore()
    const host = document.body.appendChild(document.createElement('div'))
    const root = createRoot(host)
    act(() =>
      root.render(
        <>
          <LabProvider store={one}>
            <Cursor />
          </LabProvider>
          <LabProvider store={two}>
            <Cursor />
          </LabProvider>
        </>,
      ),
    )
    act(() => one.getState().setCursor(5000))
    expect([...host.querySelectorAll('output')].map((o) => o.textContent)).toEqual(['5000', '0'])
    act(() => root.unmount())
  })
})
