/**
 * Which run the parts below the lab's diagram may show: the diagram tells when it has drawn a
 * heavy run (`useMarkDrawn`), and the panels and a history's report wait for that
 * (holdUntilDrawn.ts) so that their work for the new run does not come between the diagram's
 * slices. Only this small piece is in the lab's first load. Outside a `DrawnProvider` (the
 * embed, the tour) nothing is told and nothing waits.
 */
import { createContext, useContext, useState, useSyncExternalStore } from 'react'
import type { ReactNode } from 'react'
import type { Run } from '../sim'
import { useLab } from '../store'
import { SLICED_EVENTS } from '../viz/useDiagramLayout'

/** A heavy run is one whose diagram is laid out in slices: the parts below wait for it. */
export const isHeavy = (run: Run): boolean => run.events.length > SLICED_EVENTS

export interface DrawnSignal {
  /** The last run drawn (or waited for long enough). */
  run: () => Run | null
  mark: (run: Run) => void
  subscribe: (listener: () => void) => () => void
}

export function createDrawnSignal(): DrawnSignal {
  let drawn: Run | null = null
  const listeners = new Set<() => void>()
  return {
    run: () => drawn,
    mark: (run) => {
      if (run === drawn) return
      drawn = run
      for (const listener of listeners) listener()
    },
    subscribe: (listener) => {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
  }
}

const DrawnContext = createContext<DrawnSignal | null>(null)

/** One lab's signal (a heavy run its diagram never draws is given up on: holdUntilDrawn.ts). */
export function DrawnProvider({ children }: { children: ReactNode }) {
  const [signal] = useState(createDrawnSignal)
  return <DrawnContext.Provider value={signal}>{children}</DrawnContext.Provider>
}

/** The lab's signal, or null outside a lab page. */
export function useDrawnSignal(): DrawnSignal | null {
  return useContext(DrawnContext)
}

/** What the diagram calls once it has drawn a run (after the frame that shows it). */
export function useMarkDrawn(): ((run: Run) => void) | undefined {
  return useContext(DrawnContext)?.mark
}

const NOTHING_TO_HEAR = () => () => {}

/** Whether the parts below the diagram may show the lab's run now (always, off a lab page). */
export function useRunDrawn(): boolean {
  const signal = useDrawnSignal()
  const run = useLab((s) => s.lab.run)
  const drawn = useSyncExternalStore(
    signal?.subscribe ?? NOTHING_TO_HEAR,
    () => signal?.run() ?? null,
    () => null,
  )
  return signal === null || !isHeavy(run) || drawn === run
}
