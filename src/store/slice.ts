/**
 * What every slice of a lab's store shares (zustand's slices pattern): the state creator's
 * signature, and the one door through which an action changes the lab's inputs.
 */
import type { StateCreator } from 'zustand/vanilla'
import type { Inputs } from './derivation'
import type { LabStoreState } from './labStore'

export interface LabKit {
  /**
   * Changes some of the lab's inputs (base, edits, compare mode, range, cursor), derives the run,
   * the comparison and the clamped cursor from them, and sets all that plus `also` at once (a
   * glide in progress ends unless `also` says otherwise). Returns false, with a notice and
   * nothing changed, when the edited scenario would be invalid.
   */
  update: (change: Partial<Inputs>, also?: Partial<LabStoreState>) => boolean
  /** Says `text` in the lab's live region. */
  announce: (text: string) => void
}

/** A slice of a lab's store: its part of the state and the actions on it. */
export type LabSlice<T> = (kit: LabKit) => StateCreator<LabStoreState, [], [], T>
