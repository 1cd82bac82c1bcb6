/**
 * The lab page keeps the reader's history (undo and redo, with the scenarios they opened) across a
 * reload of the same tab, in sessionStorage. Only the lab page does: embeds and the custom
 * element store nothing. Storage that is full, disabled or refused never breaks the page: the
 * history is then kept shorter, or only in memory.
 */
import type { LabHistory, LabStore, LabStoreState } from '../store'
import { historyRecord, readHistoryRecord } from '../store'
import { whenIdle } from './whenIdle'

export const HISTORY_KEY = 'fencing-lab:history'
/**
 * Writes wait this long after a change (a burst of edits is written once), then for an idle
 * moment; or for pagehide.
 */
export const HISTORY_WRITE_MS = 300

/** The tab's session storage, or null where the browser refuses it (it may throw on access). */
export function sessionStorageOrNull(): Storage | null {
  try {
    return typeof sessionStorage === 'undefined' ? null : sessionStorage
  } catch {
    return null
  }
}

/** The history this tab kept, or null (none, unreadable, or from another version). */
export function readSessionHistory(storage = sessionStorageOrNull()): LabHistory | null {
  try {
    const text = storage?.getItem(HISTORY_KEY) ?? null
    return text === null ? null : readHistoryRecord(JSON.parse(text))
  } catch {
    return null
  }
}

/**
 * Writes `history`; when the storage is full, keeps fewer undo steps (the newest), down to none.
 * Returns false when nothing could be written.
 */
export function writeSessionHistory(storage: Storage, history: LabHistory): boolean {
  for (let keep = history.undoStack.length; ; keep = Math.floor(keep / 2)) {
    try {
      storage.setItem(HISTORY_KEY, JSON.stringify(historyRecord(history, keep)))
      return true
    } catch {
      if (keep === 0) break
    }
  }
  try {
    storage.removeItem(HISTORY_KEY)
  } catch {
    // Nothing more to do: the history stays in memory.
  }
  return false
}

function historyOf(s: LabStoreState): LabHistory {
  return { base: s.base, edits: s.edits, undoStack: s.undoStack, redoStack: s.redoStack }
}

/** Keeps the store's history in `storage` while it runs; returns the function that stops it. */
export function keepSessionHistory(
  store: LabStore,
  storage: Storage | null = sessionStorageOrNull(),
): () => void {
  if (storage === null) return () => {}
  // Cancels the write that waits (for the debounce, then an idle moment), if one does.
  let pending: (() => void) | null = null
  const flush = () => {
    pending?.()
    pending = null
    writeSessionHistory(storage, historyOf(store.getState()))
  }
  const unsubscribe = store.subscribe((s, previous) => {
    const changed =
      s.base !== previous.base ||
      s.edits !== previous.edits ||
      s.undoStack !== previous.undoStack ||
      s.redoStack !== previous.redoStack
    // Written when the page is idle, never while the reader's next click waits for its frame.
    if (changed && pending === null) pending = whenIdle(flush, HISTORY_WRITE_MS)
  })
  // A reload right after an edit must not lose it.
  addEventListener('pagehide', flush)
  flush()
  return () => {
    unsubscribe()
    removeEventListener('pagehide', flush)
    if (pending !== null) flush()
  }
}
