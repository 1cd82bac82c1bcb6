/**
 * Every way a history reaches the lab (files picked or dropped, pasted text, a shipped example)
 * ends here: read the inputs, judge them off the page's thread, and hand the judgement to the
 * lab's one action for it (`openHistory`). While it reads, and when it cannot be opened, the
 * store's `historyStatus` says so; the lab is left as it was. Nothing is sent anywhere.
 */
import type { HistoryInput, LineMapping } from '../../history'
import { where } from '../../history'
import type { LabStore } from '../../store'
import { afterNextPaint } from '../../viz/afterPaint'
import type { HistorySource } from '../../workers/historySources'
import type { HistoryExampleId } from './exampleList'
import { judgeOffThread } from './judge'

export { warmHistoryWorker } from './judge'

/** The most text read from the files of one history (the core's own limits apply after). */
export const MAX_HISTORY_BYTES = 200_000_000
/** The most line errors the page lists (the report says how many more). */
const LISTED_ERRORS = 20

export async function openHistoryInputs(
  store: LabStore,
  inputs: HistorySource[],
  names: readonly string[],
): Promise<boolean> {
  const { setHistoryStatus, announce } = store.getState()
  setHistoryStatus({ kind: 'reading', names, done: null })
  let failure: { message: string; errors: string[] }
  try {
    const outcome = await judgeOffThread(inputs, (done) =>
      setHistoryStatus({ kind: 'reading', names, done }),
    )
    if (outcome.ok) {
      // Drawing a large history holds the page for a moment: say so on screen first.
      setHistoryStatus({ kind: 'reading', names, done: 1 })
      await nextPaint()
      store.getState().openHistory({ names, judgement: outcome.judgement })
      return true
    }
    failure = {
      message: outcome.message,
      errors: outcome.errors.slice(0, LISTED_ERRORS).map(where),
    }
  } catch (problem) {
    const detail = problem instanceof Error ? problem.message : String(problem)
    failure = { message: `it could not be read (${detail})`, errors: [] }
  }
  setHistoryStatus({ kind: 'failed', names, ...failure })
  announce(`${names.join(' + ')} was not opened: ${failure.message}.`)
  return false
}

/** Resolves once the page has painted what was just rendered (at once where nothing paints). */
function nextPaint(): Promise<void> {
  if (typeof requestAnimationFrame !== 'function') return Promise.resolve()
  return new Promise((resolve) => afterNextPaint(resolve))
}

/** Opens files as one history (a Lease watch and an application's write log merge). */
export async function openHistoryFiles(store: LabStore, files: readonly File[]): Promise<boolean> {
  const names = files.map((f) => f.name)
  const bytes = files.reduce((sum, f) => sum + f.size, 0)
  if (bytes > MAX_HISTORY_BYTES) {
    const message = `${(bytes / 1e6).toFixed(0)} MB is more than the ${MAX_HISTORY_BYTES / 1e6} MB the page reads at once: split the history`
    store.getState().setHistoryStatus({ kind: 'failed', names, message, errors: [] })
    return false
  }
  // The worker reads the files (historySources.ts): their text never passes through the page.
  const inputs = files.map((file) => ({ name: file.name, file }))
  return openHistoryInputs(store, inputs, names)
}

/** Opens pasted text (or a file's text, `name`) as a history, read by `mapping` when given. */
export function openPastedHistory(
  store: LabStore,
  text: string,
  mapping?: LineMapping,
  name: string | null = null,
): Promise<boolean> {
  const input: HistoryInput = { name, text, ...(mapping === undefined ? {} : { mapping }) }
  return openHistoryInputs(store, [input], [name ?? 'pasted text'])
}

/** Dropped files: one scenario file opens as a scenario (`openScenario`); else they are a history. */
export async function openDropped(
  store: LabStore,
  files: File[],
  openScenario: (file: File) => Promise<void>,
): Promise<void> {
  const first = files[0]
  if (first !== undefined && files.length === 1 && (await isScenarioFile(first))) {
    store.getState().setHistoryStatus(null)
    await openScenario(first)
  } else await openHistoryFiles(store, files)
}

/** True when a file is a scenario (JSON with `clients`), which opens as a scenario, not a history. */
export async function isScenarioFile(file: File): Promise<boolean> {
  if (file.size > 4_000_000) return false
  try {
    const value: unknown = JSON.parse(await file.text())
    return typeof value === 'object' && value !== null && 'clients' in value
  } catch {
    return false
  }
}

/** Opens one of the shipped examples (its files load with this chunk's examples). */
export async function openHistoryExample(store: LabStore, id: HistoryExampleId): Promise<boolean> {
  const { EXAMPLE_FILES } = await import('./examples')
  const inputs = EXAMPLE_FILES[id]
  return openHistoryInputs(
    store,
    inputs,
    inputs.map((input) => input.name ?? id),
  )
}
