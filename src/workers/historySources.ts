/**
 * A history's inputs as the page hands them to the history worker: text (pasted, an example) or
 * the picked or dropped file itself. The worker reads files, so the page never holds (or copies
 * across) a large history's megabytes of text, and the reading overlaps the worker's start. The
 * page reads them itself only where no worker can run (the same function, on its own thread).
 */
import type { HistoryInput } from '../history'
import { decodeText } from '../history'

export type HistorySource = HistoryInput | (Omit<HistoryInput, 'text'> & { file: Blob })

/** Why a history was not opened when a file cannot be read (moved, deleted, no permission). */
export const UNREADABLE = 'the files could not be read from the disk'

/** The inputs with every file read to its text, or null when one could not be read. */
export async function readSources(
  sources: readonly HistorySource[],
): Promise<HistoryInput[] | null> {
  try {
    return await Promise.all(
      sources.map(async (source) => {
        if (!('file' in source)) return source
        const { file, ...rest } = source
        return { ...rest, text: decodeText(new Uint8Array(await file.arrayBuffer())) }
      }),
    )
  } catch {
    return null
  }
}
