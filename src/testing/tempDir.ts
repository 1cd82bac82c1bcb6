/**
 * A temporary directory for one test file, removed once the file's tests are done: the command
 * line's tests write scenarios, histories and a packed install (about 40 MB) there, and left
 * them behind in the system's temporary directory on every run.
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll } from 'vitest'

export function tempDir(prefix: string): string {
  const dir = mkdtempSync(join(tmpdir(), `${prefix}-`))
  afterAll(() => rmSync(dir, { recursive: true, force: true }))
  return dir
}
