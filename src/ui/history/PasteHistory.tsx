/**
 * Paste a history: a dialog with a text area. The text is read in this page only (history
 * format v1, a Kubernetes Lease watch, client-go log lines, the lab's report…): the same road as
 * a file, so a bad line is named and the rest still opens.
 */
import { useId, useState } from 'react'
import { useLabStore } from '../../store'
import { Dialog } from '../share/Dialog'
import { openPastedHistory } from './open'
import './history.css'

export default function PasteHistory({ onClose }: { onClose: () => void }) {
  const store = useLabStore()
  const [text, setText] = useState('')
  const ids = useId()
  const open = () => {
    if (text.trim() === '') return
    onClose()
    void openPastedHistory(store, text)
  }
  return (
    <Dialog title="Paste a history" onClose={onClose} className="fl-paste-dialog">
      <label htmlFor={`${ids}-text`}>
        History (one event a line, a Lease watch, client-go log lines, or the lab’s report)
      </label>
      <textarea
        id={`${ids}-text`}
        className="fl-input fl-mono fl-paste-text"
        rows={12}
        spellCheck={false}
        data-autofocus
        value={text}
        onChange={(e) => setText(e.currentTarget.value)}
      />
      <p className="fl-hint">It is read in this page only; nothing is sent anywhere.</p>
      <div className="fl-paste-actions">
        <button
          type="button"
          className="fl-button fl-button--primary"
          disabled={text.trim() === ''}
          onClick={open}
        >
          Open the history
        </button>
        <button type="button" className="fl-button fl-button--quiet" onClick={onClose}>
          Cancel
        </button>
      </div>
    </Dialog>
  )
}
