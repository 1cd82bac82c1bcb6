/** How a history's events and tokens are named in notes. */
import type { Token } from '../sim'
import type { HistoryEvent } from './format'

/** Where an event came from, in words. */
export function ref(e: HistoryEvent): string {
  return e.file === null ? `line ${e.line}` : `${e.file} line ${e.line}`
}

/** A token as a key that tells 5 from "5" (null: no token). */
export function tokenKey(token: Token): string | null {
  return token === null ? null : `${typeof token}:${String(token)}`
}

export function tokenText(token: Token): string {
  return token === null ? 'no token' : `token ${String(token)}`
}
