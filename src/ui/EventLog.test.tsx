/**
 * The event log's entries move the cursor when activated. One handler on the list serves every
 * row (a row's own handler kept its run alive after edits), so this checks the list still tells
 * which entry was clicked, and that a click beside an entry does nothing.
 */
import { act } from 'react'
import { createRoot } from 'react-dom/client'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { createLabStore, LabProvider } from '../store'
import { EventLog } from './EventLog'

;(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true

afterEach(() => document.body.replaceChildren())

function mount() {
  const store = createLabStore({ preset: 'gc-pause', reducedMotion: true })
  const host = document.body.appendChild(document.createElement('div'))
  act(() =>
    createRoot(host).render(
      <LabProvider store={store}>
        <EventLog headingId="log" />
      </LabProvider>,
    ),
  )
  return { store, host }
}

describe('EventLog', () => {
  it('moves the cursor to the entry clicked, by its place in the list', () => {
    const { store, host } = mount()
    const events = store.getState().lab.run.events
    const entries = [...host.querySelectorAll<HTMLButtonElement>('button.fl-log-entry')]
    expect(entries).toHaveLength(events.length)
    for (const index of [3, events.length - 1, 0]) {
      const text = entries[index]?.querySelector('.fl-log-text')
      act(() => {
        text?.dispatchEvent(new MouseEvent('click', { bubbles: true }))
      })
      expect(store.getState().cursorMs).toBe(events[index]?.atMs)
    }
  })

  it('a click on a finding under an entry, or on the list itself, moves nothing', () => {
    const { store, host } = mount()
    const finding = host.querySelector<HTMLElement>('.fl-log-finding')
    expect(finding).not.toBeNull()
    const before = store.getState().cursorMs
    act(() => finding?.click())
    act(() => host.querySelector<HTMLElement>('ol.fl-log')?.click())
    expect(store.getState().cursorMs).toBe(before)
  })

  it('reads no layout to open a run it renders whole (every preset)', () => {
    // Reading a size forces a layout of the whole page; in the page's first task that was a
    // layout (and a second render) for heights a log rendered whole never uses.
    const reads: string[] = []
    const names = ['clientHeight', 'clientWidth', 'offsetHeight', 'offsetTop'] as const
    const spies = names.map((name) => {
      // offset* live on HTMLElement, client* on Element.
      const owner = Object.hasOwn(HTMLElement.prototype, name)
        ? HTMLElement.prototype
        : Element.prototype
      return vi.spyOn(owner as HTMLElement, name, 'get').mockImplementation(() => {
        reads.push(name)
        return 100
      })
    })
    try {
      const { store, host } = mount()
      expect(host.querySelectorAll('button.fl-log-entry')).toHaveLength(
        store.getState().lab.run.events.length,
      )
      expect(reads).toEqual([])
    } finally {
      for (const spy of spies) spy.mockRestore()
    }
  })
})
