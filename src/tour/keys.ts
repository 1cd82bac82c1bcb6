/**
 * Tour keys: → or J next, ← or K back, Home and End the chapter's first step and its end (J/K as
 * in most readers: J moves on). A key a focused control needs for itself stays with it: typing
 * in a field, arrows in a radio group (the theme switch), a slider or a tab list. Modified keys
 * (Ctrl, ⌘, Alt, Shift) are the browser's.
 */
export type TourKeyAction = 'next' | 'back' | 'first' | 'last'

export interface TourKeyInput {
  key: string
  ctrlKey: boolean
  metaKey: boolean
  altKey: boolean
  shiftKey: boolean
}

/** What a focused element tells us about the keys it owns; `null` when nothing is focused. */
export interface FocusedControl {
  tagName: string
  type?: string
  role?: string | null
  editable?: boolean
}

const TEXT_INPUTS = ['button', 'checkbox', 'radio', 'range', 'submit', 'reset', 'color', 'file']

function isTextEntry(target: FocusedControl | null): boolean {
  if (target === null) return false
  if (target.editable === true) return true
  const tag = target.tagName.toUpperCase()
  if (tag === 'TEXTAREA' || tag === 'SELECT') return true
  return tag === 'INPUT' && !TEXT_INPUTS.includes((target.type ?? 'text').toLowerCase())
}

function ownsArrows(target: FocusedControl | null): boolean {
  if (target === null) return false
  const role = target.role ?? null
  if (role === 'radio' || role === 'slider' || role === 'tab' || role === 'spinbutton') return true
  if (target.tagName.toUpperCase() !== 'INPUT') return false
  const type = (target.type ?? '').toLowerCase()
  return type === 'radio' || type === 'range'
}

export function tourKeyAction(
  e: TourKeyInput,
  target: FocusedControl | null,
): TourKeyAction | null {
  if (e.ctrlKey || e.metaKey || e.altKey || e.shiftKey) return null
  if (isTextEntry(target)) return null
  switch (e.key) {
    case 'ArrowRight':
      return ownsArrows(target) ? null : 'next'
    case 'ArrowLeft':
      return ownsArrows(target) ? null : 'back'
    case 'Home':
      return ownsArrows(target) ? null : 'first'
    case 'End':
      return ownsArrows(target) ? null : 'last'
    case 'j':
    case 'J':
      return 'next'
    case 'k':
    case 'K':
      return 'back'
    default:
      return null
  }
}

/** The facts `tourKeyAction` needs about a DOM element. */
export function focusedControl(target: EventTarget | null): FocusedControl | null {
  if (typeof Element === 'undefined' || !(target instanceof Element)) return null
  return {
    tagName: target.tagName,
    type: target.getAttribute('type') ?? '',
    role: target.getAttribute('role'),
    editable: target instanceof HTMLElement && target.isContentEditable,
  }
}
