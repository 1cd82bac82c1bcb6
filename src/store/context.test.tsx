import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { act } from 'react'
import { createRoot } from 'react-dom/client'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { LabProvider, useLab, useLabAction } from './context'
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

/** The store's functions, by name. */
function actionsOf(state: object): Map<string, unknown> {
  return new Map(Object.entries(state).filter(([, value]) => typeof value === 'function'))
}

/** Every source file under `dir` that is not a test. */
function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && /\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name))
    .map((e) => join(e.parentPath, e.name))
}

describe('useLabAction', () => {
  it('is an action that never changes, whatever the lab goes through', () => {
    const store = createLabStore()
    const before = actionsOf(store.getState())
    expect(before.size).toBeGreaterThan(40)
    const s = () => store.getState()
    s().loadPreset('gc-pause-unfenced')
    s().setCursor(12_000)
    s().togglePlay()
    s().togglePlay()
    s().pauseClient('A', 3000)
    s().undo()
    s().redo()
    s().setTab('break')
    s().zoomIn()
    s().setFutureMode('hide')
    s().loadPreset('redlock-pause')
    const after = actionsOf(store.getState())
    expect([...after.keys()]).toEqual([...before.keys()])
    for (const [name, action] of after) expect(action, name).toBe(before.get(name))
  })

  it("gives the store's own action, and re-renders for nothing", () => {
    const store = createLabStore()
    // What each render got.
    const seen: unknown[] = []
    function Pause() {
      seen.push(useLabAction('pause'))
      return null
    }
    const root = createRoot(document.body.appendChild(document.createElement('div')))
    act(() =>
      root.render(
        <LabProvider store={store}>
          <Pause />
        </LabProvider>,
      ),
    )
    act(() => store.getState().setCursor(5000))
    act(() => store.getState().loadPreset('lock-delay'))
    expect(seen).toEqual([store.getState().pause])
    act(() => root.unmount())
  })

  it('is how every component reaches an action: none subscribes to one with useLab', () => {
    const actions = actionsOf(createLabStore().getState())
    const misused: string[] = []
    for (const file of sources(join(__dirname, '..'))) {
      for (const m of readFileSync(file, 'utf8').matchAll(/useLab\(\(\w+\) => \w+\.(\w+)\)/g)) {
        if (actions.has(m[1] ?? '')) misused.push(`${file}: ${m[0]}`)
      }
    }
    expect(misused).toEqual([])
  })
})
