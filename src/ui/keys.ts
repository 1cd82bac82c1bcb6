/**
 * Keyboard shortcuts while the lab has focus (bound on the lab's root element, never on window,
 * so a blog post hosting the lab keeps its own keys — WCAG 2.1.4). Keys that a focused control
 * needs for itself (typing in a field, arrows in a select, a radio group or a tab list, Space on
 * a button) stay with that control.
 */
export type KeyAction =
  | 'toggle-play'
  | 'step-forward'
  | 'step-back'
  | 'jump-start'
  | 'jump-end'
  | 'next-problem'
  | 'previous-problem'
  | 'undo'
  | 'redo'
  | 'zoom-in'
  | 'zoom-out'

export interface KeyInput {
  key: string
  ctrlKey: boolean
  metaKey: boolean
  shiftKey: boolean
  altKey: boolean
}

/** Elements that own the keys they receive (text entry, selects). */
function isTextEntry(target: Element | null): boolean {
  if (target === null) return false
  if (target instanceof HTMLElement && target.isContentEditable) return true
  if (target.tagName === 'TEXTAREA' || target.tagName === 'SELECT') return true
  if (target.tagName !== 'INPUT') return false
  const type = (target as HTMLInputElement).type
  return !['button', 'checkbox', 'radio', 'range', 'submit', 'reset'].includes(type)
}

/** Controls whose arrow keys mean something of their own. */
function ownsArrows(target: Element | null): boolean {
  if (target === null) return false
  const role = target.getAttribute('role')
  if (role === 'tab' || role === 'radio' || role === 'slider') return !isScrubber(target)
  if (target.tagName !== 'INPUT') return false
  const type = (target as HTMLInputElement).type
  if (type === 'radio') return true
  return type === 'range' && !isScrubber(target)
}

/** Controls that Space activates. */
function ownsSpace(target: Element | null): boolean {
  if (target === null) return false
  if (target.tagName === 'BUTTON' || target.tagName === 'SUMMARY' || target.tagName === 'A') {
    return true
  }
  const role = target.getAttribute('role')
  if (role === 'button' || role === 'tab' || role === 'radio' || role === 'checkbox') return true
  if (target.tagName !== 'INPUT') return false
  const type = (target as HTMLInputElement).type
  return type === 'checkbox' || type === 'radio' || type === 'button' || type === 'submit'
}

function isScrubber(target: Element): boolean {
  return target instanceof HTMLElement && target.dataset.scrubber !== undefined
}

export function keyAction(e: KeyInput, target: Element | null): KeyAction | null {
  const mod = e.ctrlKey || e.metaKey
  // A text field undoes its own typing; a select has no undo, so Ctrl+Z right after picking a
  // scenario undoes the pick.
  if (isTextEntry(target) && !(mod && target?.tagName === 'SELECT')) return null
  const key = e.key.length === 1 ? e.key.toLowerCase() : e.key
  if (mod && !e.altKey) {
    if (key === 'z') return e.shiftKey ? 'redo' : 'undo'
    if (key === 'y' && !e.shiftKey) return 'redo'
    return null
  }
  if (mod || e.altKey) return null
  switch (key) {
    case ' ':
      return ownsSpace(target) ? null : 'toggle-play'
    case 'ArrowRight':
      return ownsArrows(target) ? null : 'step-forward'
    case 'ArrowLeft':
      return ownsArrows(target) ? null : 'step-back'
    case 'Home':
      return ownsArrows(target) ? null : 'jump-start'
    case 'End':
      return ownsArrows(target) ? null : 'jump-end'
    case 'ArrowUp':
      return target !== null && isScrubber(target) ? 'step-forward' : null
    case 'ArrowDown':
      return target !== null && isScrubber(target) ? 'step-back' : null
    case 'PageDown':
      return ownsArrows(target) ? null : 'next-problem'
    case 'PageUp':
      return ownsArrows(target) ? null : 'previous-problem'
    // '=' is '+' without Shift on most layouts.
    case '+':
    case '=':
      return 'zoom-in'
    case '-':
    case '_':
      return 'zoom-out'
    default:
      return null
  }
}
