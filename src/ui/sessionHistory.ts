/**
 * The lab page keeps the reader's history (undo and redo, with the scenarios they opened) across a
 * reload of the same tab, in sessionStorage. Only the lab page does: embeds and the custom
 * element store nothing. Storage that is full, disabled or refused never breaks the page: the
 * history is then kept shorter, or only in memory. Reading is here (the page reads it as it
 * opens); writing is sessionHistoryWrite.ts, loaded after the first screen.
 */
import type { LabHistory } from '../store'
import { readHistoryRecord } from '../store'

export const HISTORY_KEY = 'fencing-lab:history'
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
