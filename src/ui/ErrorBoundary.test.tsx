import { act, useState } from 'react'
import { createRoot } from 'react-dom/client'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { ErrorBoundary } from './ErrorBoundary'

;(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true

function Boom({ when }: { when: boolean }) {
  if (when) throw new Error('the engine lost its place')
  return <p>lab is fine</p>
}

afterEach(() => {
  document.body.replaceChildren()
  vi.restoreAllMocks()
})

describe('ErrorBoundary', () => {
  it('shows the error, the scenario for a bug report, and resets to the default scenario', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {})
    const host = document.createElement('div')
    document.body.append(host)
    const root = createRoot(host)
    const onReset = vi.fn()
    function Page() {
      const [broken, setBroken] = useState(true)
      return (
        <ErrorBoundary
          scenarioJson={() => '{"id":"gc-pause"}'}
          onReset={() => {
            onReset()
            setBroken(false)
          }}
        >
          <Boom when={broken} />
        </ErrorBoundary>
      )
    }
    act(() => root.render(<Page />))
    expect(host.querySelector('[role=alert] h2')?.textContent).toBe(
      'Something went wrong in the lab',
    )
    expect(host.textContent).toContain('the engine lost its place')
    expect(host.querySelector('textarea')?.value).toContain('{"id":"gc-pause"}')
    const reset = [...host.querySelectorAll('button')].find((b) =>
      b.textContent?.startsWith('Reset'),
    )
    act(() => reset?.click())
    expect(onReset).toHaveBeenCalledOnce()
    expect(host.textContent).toContain('lab is fine')
    act(() => root.unmount())
  })

  it('still shows a report when the scenario cannot be serialised', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {})
    const host = document.createElement('div')
    const root = createRoot(host)
    act(() =>
      root.render(
        <ErrorBoundary
          scenarioJson={() => {
            throw new Error('cyclic')
          }}
          onReset={() => {}}
        >
          <Boom when />
        </ErrorBoundary>,
      ),
    )
    expect(host.querySelector('textarea')?.value).toContain('could not be serialised')
    act(() => root.unmount())
  })
})
