/**
 * The host page's theme, for an iframe embed: a blog's own dark-mode toggle cannot reach into a
 * cross-origin frame, and `prefers-color-scheme` is the reader's system, not the blog's. The host
 * posts `{ type: 'fencing-lab:theme', theme: 'light' | 'dark' | 'auto' }` to the frame's window;
 * the embed switches in place (the reader's place in the story is kept). Only the parent window
 * is heard, and only those three values: a theme is no secret, so any host origin may set it.
 */
import type { Theme } from '../store'
import { typeOf } from './resize'

export const THEME_TYPE = 'fencing-lab:theme'

const THEMES: readonly Theme[] = ['auto', 'light', 'dark']

type MessageWindow = Pick<Window, 'parent' | 'addEventListener' | 'removeEventListener'>

/** Calls `apply` with each theme the parent posts; returns the stop. Not framed: does nothing. */
export function followHostTheme(win: MessageWindow, apply: (theme: Theme) => void): () => void {
  if (win.parent === win) return () => {}
  const onMessage = (event: MessageEvent) => {
    if (event.source !== win.parent || typeOf(event.data) !== THEME_TYPE) return
    const theme = themeOf(event.data)
    if (theme !== null) apply(theme)
  }
  win.addEventListener('message', onMessage)
  return () => win.removeEventListener('message', onMessage)
}

function themeOf(data: unknown): Theme | null {
  try {
    const theme = (data as { theme?: unknown }).theme
    return THEMES.find((t) => t === theme) ?? null
  } catch {
    return null
  }
}
