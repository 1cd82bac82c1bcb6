/**
 * Files picked or dropped reach the judge as files (the worker reads them; where no worker runs,
 * as here, the page does): they open as one history, and a file that cannot be read says so.
 */
import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { createLabStore } from '../../store'
import { readSources, UNREADABLE } from '../../workers/historySources'
import { openHistoryFiles } from './open'

const KUBE = ['kubernetes-lease-watch.json', 'kubernetes-app-writes.ndjson']
const file = (name: string) =>
  new File([readFileSync(`examples/histories/${name}`, 'utf8')], name, { type: 'text/plain' })

/** A file whose bytes are gone (as a picked file deleted from the disk before it is read). */
function unreadable(name: string): File {
  const gone = new File(['x'], name)
  for (const read of ['text', 'arrayBuffer']) {
    Object.defineProperty(gone, read, {
      value: () => Promise.reject(new Error('NotReadableError')),
    })
  }
  return gone
}

describe('readSources', () => {
  it('reads files to text and keeps text inputs, names and mappings as they are', async () => {
    const mapping = { pattern: '(?<client>\\w+)', kinds: {} }
    const read = await readSources([
      { name: 'a.log', file: new File(['one\ntwo'], 'a.log') },
      { name: null, text: 'pasted', mapping } as never,
    ])
    expect(read).toEqual([
      { name: 'a.log', text: 'one\ntwo' },
      { name: null, text: 'pasted', mapping },
    ])
  })

  it('answers null when a file cannot be read', async () => {
    expect(await readSources([{ name: 'a.log', file: unreadable('a.log') }])).toBeNull()
  })
})

describe('openHistoryFiles', () => {
  it('opens picked files as one history, judged from the files themselves', async () => {
    const store = createLabStore({ preset: 'gc-pause', reducedMotion: true })
    expect(await openHistoryFiles(store, KUBE.map(file))).toBe(true)
    const s = store.getState()
    expect(s.base.kind).toBe('history')
    expect(s.lab.findings.verdict).toBe('unsafe')
    expect(s.historyStatus).toBeNull()
  })

  it('opens files saved as UTF-16 (Windows PowerShell 5) as it opens them in UTF-8', async () => {
    const utf16 = (name: string) => {
      const text = readFileSync(`examples/histories/${name}`, 'utf8')
      const bytes = new Uint8Array(2 + text.length * 2)
      const view = new DataView(bytes.buffer)
      view.setUint16(0, 0xfeff, true)
      for (let i = 0; i < text.length; i++) view.setUint16(2 + i * 2, text.charCodeAt(i), true)
      return new File([bytes], name)
    }
    const plain = createLabStore({ preset: 'gc-pause', reducedMotion: true })
    const wide = createLabStore({ preset: 'gc-pause', reducedMotion: true })
    expect(await openHistoryFiles(plain, KUBE.map(file))).toBe(true)
    expect(await openHistoryFiles(wide, KUBE.map(utf16))).toBe(true)
    expect(wide.getState().lab.findings).toEqual(plain.getState().lab.findings)
    expect(wide.getState().lab.run.events.length).toBe(plain.getState().lab.run.events.length)
  })

  it('says the files could not be read, and leaves the lab as it was', async () => {
    const store = createLabStore({ preset: 'gc-pause', reducedMotion: true })
    const before = store.getState().lab
    expect(
      await openHistoryFiles(store, [file(KUBE[0] as string), unreadable('gone.ndjson')]),
    ).toBe(false)
    const s = store.getState()
    expect(s.lab).toBe(before)
    expect(s.historyStatus).toEqual({
      kind: 'failed',
      names: ['kubernetes-lease-watch.json', 'gone.ndjson'],
      message: UNREADABLE,
      errors: [],
    })
  })
})
