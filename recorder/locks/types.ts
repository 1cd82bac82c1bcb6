/** What a client process needs from a lock service: take it (waiting in line), give it back. */
import type { Token } from '../history'

export interface Grant {
  /** The fencing token the lock service issued (Redlock: its random value, not orderable). */
  token: Token
  /** How long the client may believe it holds the lock, when the recipe says (Redlock's validity). */
  leaseMs?: number
}

export interface LockClient {
  /** Resolves when this client holds the lock. */
  acquire(): Promise<Grant>
  /** True when the lock service confirmed the release; false when there was nothing to release. */
  release(): Promise<boolean>
  close(): Promise<void>
}
