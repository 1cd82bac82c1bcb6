import { describe, expect, it } from 'vitest'
import type { Theme } from '../store'
import { followHostTheme, THEME_TYPE } from './hostTheme'

/** A framed window whose message listener the test calls as the browser would. */
function framedWindow() {
  const parent = { name: 'host' }
  const listeners = new Set<(event: MessageEvent) => void>()
  const win = {
    parent: parent as unknown as Window,
    addEventListener: (type: string, listener: (event: MessageEvent) => void) => {
      if (type === 'message') listeners.add(listener)
    },
    removeEventListener: (type: string, listener: (event: MessageEvent) => void) => {
      if (type === 'message') listeners.delete(listener)
    },
  } as unknown as Window
  const post = (data: unknown, source: unknown = parent) => {
    for (const listener of listeners) listener({ data, source } as unknown as MessageEvent)
  }
  return { win, post, listeners }
}

describe('followHostTheme', () => {
  it('applies each theme the parent posts, in place', () => {
    const { win, post } = framedWindow()
    const seen: Theme[] = []
    followHostTheme(win, (theme) => seen.push(theme))
    post({ type: THEME_TYPE, theme: 'dark' })
    post({ type: THEME_TYPE, theme: 'light' })
    post({ type: THEME_TYPE, theme: 'auto' })
    expect(seen).toEqual(['dark', 'light', 'auto'])
  })

  it('ignores other windows, other messages and other values, and never throws', () => {
    const { win, post } = framedWindow()
    const seen: Theme[] = []
    followHostTheme(win, (theme) => seen.push(theme))
    post({ type: THEME_TYPE, theme: 'dark' }, { name: 'another frame' })
    post({ type: 'fencing-lab:ping' })
    post({ type: THEME_TYPE, theme: 'sepia' })
    post({ type: THEME_TYPE, theme: 'DARK' })
    post(JSON.stringify({ type: THEME_TYPE, theme: 'dark' }))
    post(null)
    post(
      new Proxy(
        {},
        {
          get: () => {
            throw new Error('hostile getter')
          },
        },
      ),
    )
    const tricky = { type: THEME_TYPE }
    Object.defineProperty(tricky, 'theme', {
      get: () => {
        throw new Error('hostile getter')
      },
    })
    post(tricky)
    expect(seen).toEqual([])
  })

  it('does nothing at top level, and stops when asked', () => {
    const top = framedWindow()
    ;(top.win as { parent: unknown }).parent = top.win
    expect(followHostTheme(top.win, () => {})).toBeTypeOf('function')
    expect(top.listeners.size).toBe(0)

    const { win, post, listeners } = framedWindow()
    const seen: Theme[] = []
    const stop = followHostTheme(win, (theme) => seen.push(theme))
    stop()
    post({ type: THEME_TYPE, theme: 'dark' })
    expect(seen).toEqual([])
    expect(listeners.size).toBe(0)
  })
})
