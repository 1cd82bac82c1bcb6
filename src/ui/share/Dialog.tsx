/**
 * An accessible modal dialog on the native <dialog> element: showModal() makes the rest of the
 * page inert and puts the dialog in the top layer; Tab and Shift+Tab wrap inside it; Esc closes
 * it; focus returns to the control that opened it. Keys pressed inside never reach the lab's
 * shortcuts (Space would otherwise play the run behind the dialog).
 */
import { useEffect, useId, useRef } from 'react'
import type { KeyboardEvent, ReactNode } from 'react'
import { CloseIcon } from '../icons'

const FOCUSABLE =
  'a[href], button:not(:disabled), input:not(:disabled), select:not(:disabled), textarea:not(:disabled), summary, [tabindex]:not([tabindex="-1"])'

export function Dialog({
  title,
  onClose,
  className,
  children,
}: {
  title: string
  onClose: () => void
  className?: string
  children: ReactNode
}) {
  const ref = useRef<HTMLDialogElement | null>(null)
  const headingId = useId()
  // Read in the effect's cleanup: the latest onClose, without re-running the effect.
  const onCloseRef = useRef(onClose)
  useEffect(() => {
    onCloseRef.current = onClose
  })

  useEffect(() => {
    const dialog = ref.current
    if (dialog === null) return
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null
    if (!dialog.open) {
      if (typeof dialog.showModal === 'function') dialog.showModal()
      else dialog.setAttribute('open', '')
    }
    // Where the dialog asks for focus (data-autofocus), else its first control.
    const target = dialog.querySelector<HTMLElement>('[data-autofocus]') ?? tabbables(dialog)[0]
    target?.focus()
    const onNativeClose = () => onCloseRef.current()
    dialog.addEventListener('close', onNativeClose)
    return () => {
      dialog.removeEventListener('close', onNativeClose)
      if (dialog.open) dialog.close()
      // Back to where the reader was, if that control is still there.
      if (opener !== null && opener.isConnected) opener.focus()
    }
  }, [])

  const onKeyDown = (e: KeyboardEvent<HTMLDialogElement>) => {
    e.stopPropagation()
    if (e.key !== 'Tab') return
    const dialog = ref.current
    if (dialog === null) return
    const items = tabbables(dialog)
    const first = items[0]
    const last = items[items.length - 1]
    if (first === undefined || last === undefined) return
    const active = document.activeElement
    if (e.shiftKey && (active === first || !dialog.contains(active))) {
      e.preventDefault()
      last.focus()
    } else if (!e.shiftKey && (active === last || !dialog.contains(active))) {
      e.preventDefault()
      first.focus()
    }
  }

  return (
    <dialog
      ref={ref}
      className={`fl-dialog${className === undefined ? '' : ` ${className}`}`}
      aria-labelledby={headingId}
      onKeyDown={onKeyDown}
    >
      <header className="fl-dialog-header">
        <h2 id={headingId}>{title}</h2>
        <button
          type="button"
          className="fl-button fl-icon-button fl-button--quiet"
          aria-label="Close"
          onClick={() => onCloseRef.current()}
        >
          <CloseIcon />
        </button>
      </header>
      <div className="fl-dialog-body">{children}</div>
    </dialog>
  )
}

/** The controls Tab stops at, in order (of a radio group, only the checked one). */
function tabbables(root: HTMLElement): HTMLElement[] {
  return [...root.querySelectorAll<HTMLElement>(FOCUSABLE)].filter((el) => {
    if (el.tabIndex < 0) return false
    if (el instanceof HTMLInputElement && el.type === 'radio' && !el.checked) return false
    return typeof el.checkVisibility !== 'function' || el.checkVisibility()
  })
}
