/**
 * How the lab is shown: future mode, compare mode, the open tab, the selected message, the
 * notice, the live region's announcement, motion and theme.
 */
import type { LabSlice } from './slice'

export type FutureMode = 'show' | 'fade' | 'hide'
export type LabTab = 'state' | 'break' | 'explore' | 'about'
export type Theme = 'auto' | 'light' | 'dark'

export interface ViewSlice {
  futureMode: FutureMode
  compareMode: boolean
  tab: LabTab
  /** A message the reader activated in the diagram, to delay or drop. */
  selectedMsg: number | null
  notice: string | null
  /** What the live region says; `serial` changes on every announcement. */
  announcement: { text: string; serial: number }
  reducedMotion: boolean
  theme: Theme

  setFutureMode: (mode: FutureMode) => void
  setCompareMode: (on: boolean) => void
  setTab: (tab: LabTab) => void
  selectMessage: (msg: number | null) => void
  dismissNotice: () => void
  setReducedMotion: (reduced: boolean) => void
  setTheme: (theme: Theme) => void
  announce: (text: string) => void
}

export const createViewSlice =
  (
    initial: Pick<ViewSlice, 'futureMode' | 'compareMode' | 'notice' | 'reducedMotion' | 'theme'>,
  ): LabSlice<ViewSlice> =>
  (kit) =>
  (set) => ({
    ...initial,
    tab: 'state',
    selectedMsg: null,
    announcement: { text: '', serial: 0 },

    setFutureMode: (futureMode) => set({ futureMode }),
    // Compare mode is an input of the derivation: it adds the fenced and unfenced runs.
    setCompareMode: (compareMode) => {
      kit.update({ compareMode })
    },
    setTab: (tab) => set({ tab }),
    selectMessage: (selectedMsg) =>
      set(selectedMsg === null ? { selectedMsg } : { selectedMsg, tab: 'break' }),
    dismissNotice: () => set({ notice: null }),
    setReducedMotion: (reducedMotion) =>
      set(reducedMotion ? { reducedMotion, glide: null } : { reducedMotion }),
    setTheme: (theme) => set({ theme }),
    announce: kit.announce,
  })
