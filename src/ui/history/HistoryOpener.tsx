/**
 * The share bar's "Real history" group: open history files (several merge: a Lease watch and the
 * application's write log) or paste one. Dropping files on the lab takes the same road (ShareBar).
 */
import { lazy, Suspense, useId, useRef, useState } from 'react'
import { useLabStore } from '../../store'
import { LoadBoundary } from '../share/LoadBoundary'
import { warmHistoryWorker } from './judge'
import { openHistoryFiles } from './open'

const PasteHistory = lazy(() => import('./PasteHistory'))

export default function HistoryOpener() {
  const store = useLabStore()
  const ids = useId()
  const input = useRef<HTMLInputElement | null>(null)
  const [pasteOpen, setPasteOpen] = useState(false)
  return (
    <div className="fl-share-group" role="group" aria-labelledby={`${ids}-history`}>
      <span id={`${ids}-history`} className="fl-share-label">
        Real history
      </span>
      <button
        type="button"
        className="fl-button fl-button--small"
        onClick={() => {
          // The worker starts while the reader chooses files in the browser's dialog.
          warmHistoryWorker()
          input.current?.click()
        }}
      >
        Open files…
      </button>
      <button
        type="button"
        className="fl-button fl-button--small"
        aria-haspopup="dialog"
        onClick={() => {
          warmHistoryWorker()
          setPasteOpen(true)
        }}
      >
        Paste…
      </button>
      <input
        ref={input}
        type="file"
        multiple
        accept=".json,.ndjson,.jsonl,.log,.txt,.csv,application/json,text/plain"
        hidden
        aria-label="History files to open"
        onChange={(e) => {
          const files = [...(e.currentTarget.files ?? [])]
          e.currentTarget.value = ''
          if (files.length > 0) void openHistoryFiles(store, files)
        }}
      />
      {pasteOpen && (
        <LoadBoundary what="paste dialog">
          <Suspense fallback={null}>
            <PasteHistory onClose={() => setPasteOpen(false)} />
          </Suspense>
        </LoadBoundary>
      )}
    </div>
  )
}
