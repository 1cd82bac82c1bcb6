/**
 * "Model my setup": choosing a system and its parameters shows the danger windows they open, and
 * the scenario opens in the lab through the store's one road (openScenario), or in the explorer.
 */
import { act } from 'react'
import { createRoot } from 'react-dom/client'
import { afterEach, describe, expect, it } from 'vitest'
import { createLabStore, LabProvider } from '../../store'
import type { LabStore } from '../../store'
import SystemPicker from './SystemPicker'

;(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true

afterEach(() => document.body.replaceChildren())

function mount(): { host: HTMLElement; store: LabStore } {
  const store = createLabStore()
  const host = document.body.appendChild(document.createElement('div'))
  act(() =>
    createRoot(host).render(
      <LabProvider store={store}>
        <SystemPicker />
      </LabProvider>,
    ),
  )
  return { host, store }
}

function field(host: HTMLElement, label: string): HTMLInputElement | HTMLSelectElement {
  const found = [...host.querySelectorAll('label')].find((l) => l.textContent?.startsWith(label))
  const id = found?.htmlFor
  const control = id === undefined ? null : host.querySelector<HTMLInputElement>(`[id="${id}"]`)
  if (control === null) throw new Error(`no field ${label}`)
  return control
}

function change(control: HTMLInputElement | HTMLSelectElement, value: string) {
  // React listens for the native input event; set the value through the prototype's setter.
  const proto = control instanceof HTMLSelectElement ? HTMLSelectElement : HTMLInputElement
  Object.getOwnPropertyDescriptor(proto.prototype, 'value')?.set?.call(control, value)
  const type = control instanceof HTMLSelectElement ? 'change' : 'input'
  act(() => {
    control.dispatchEvent(new Event(type, { bubbles: true }))
  })
}

function windows(host: HTMLElement): string[] {
  return [...host.querySelectorAll('[aria-label="Danger windows"] li')].map(
    (li) => li.textContent ?? '',
  )
}

function button(host: HTMLElement, text: string): HTMLButtonElement {
  const found = [...host.querySelectorAll('button')].find((b) => b.textContent === text)
  if (found === undefined) throw new Error(`no button ${text}`)
  return found
}

describe('Model my setup', () => {
  it('starts with client-go’s real defaults and the split brain they allow', () => {
    const { host } = mount()
    expect(field(host, 'System').value).toBe('client-go')
    expect(field(host, 'LeaseDuration').value).toBe('15')
    expect(field(host, 'RenewDeadline').value).toBe('10')
    expect(field(host, 'RetryPeriod').value).toBe('2')
    expect(windows(host)[0]).toContain('keeps acting for up to RenewDeadline (10 s)')
  })

  it('recomputes the windows from the parameters, and names a bad one', () => {
    const { host } = mount()
    change(field(host, 'RenewDeadline'), '12')
    expect(windows(host)[0]).toContain('up to RenewDeadline (12 s)')
    change(field(host, 'RenewDeadline'), '15')
    expect(host.querySelector('[role="alert"]')?.textContent).toBe(
      'client-go: LeaseDuration must be greater than RenewDeadline',
    )
    expect(button(host, 'Open this scenario').disabled).toBe(true)
  })

  it('opens the scenario in the lab as an undoable step, then undo goes back', () => {
    const { host, store } = mount()
    const before = store.getState().lab.scenario.id
    act(() => button(host, 'Open this scenario').click())
    expect(store.getState().lab.scenario.id).toBe('system-client-go')
    expect(store.getState().lab.run.events.length).toBeGreaterThan(0)
    act(() => store.getState().undo())
    expect(store.getState().lab.scenario.id).toBe(before)
  })

  it('hands the scenario to "Find a counterexample"', () => {
    const { host, store } = mount()
    change(field(host, 'System'), 'etcd')
    expect(field(host, 'session TTL').value).toBe('60')
    act(() => button(host, 'Find a counterexample on it').click())
    expect(store.getState().lab.scenario.id).toBe('system-etcd')
    expect(store.getState().tab).toBe('explore')
  })
})
