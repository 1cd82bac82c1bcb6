/**
 * How the lab is shown: future mode, compare mode, the open tab, the selected message, the
 * notice, the live region's announcement, motion and theme.
 */
import type { TimeView } from '../timeline'
import { clampView, isFullView, viewAround, ZOOM_STEP, zoomView } from '../timeline'
import { storyLineAtCursor } from './cursorSlice'
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
  /** The stretch of time the diagram shows (zoom and pan), or null for the whole run. */
  timeView: TimeView | null

  setFutureMode: (mode: FutureMode) => void
  setCompareMode: (on: boolean) => void
  setTab: (tab: LabTab) => void
  selectMessage: (msg: number | null) => void
  dismissNotice: () => void
  setReducedMotion: (reduced: boolean) => void
  setTheme: (theme: Theme) => void
  announce: (text: string) => void
  /** Zoom in or out one step about the cursor (or the middle when the cursor is out of view). */
  zoomIn: () => void
  zoomOut: () => void
  /** Zoom by any factor (> 1 zooms in) about a moment: the wheel, a pinch. */
  zoomBy: (factor: number, atMs?: number) => void
  /** The whole run again. */
  zoomFit: () => void
  /** Frame the current story line: from the line before it to its moment. */
  zoomToStory: () => void
  setTimeView: (view: TimeView | null) => void
}

export const createViewSlice =
  (
    initial: Pick<ViewSlice, 'futureMode' | 'compareMode' | 'notice' | 'reducedMotion' | 'theme'>,
  ): LabSlice<ViewSlice> =>
  (kit) =>
  (set, get) => {
    const endMs = () => Math.max(1, get().lab.run.endMs)
    const setView = (view: TimeView | null) =>
      set({
        timeView: view === null || isFullView(view, endMs()) ? null : clampView(view, endMs()),
      })
    const zoomBy = (factor: number, atMs?: number) => {
      const s = get()
      const view = s.timeView ?? { fromMs: 0, toMs: endMs() }
      const cursorInView = s.cursorMs >= view.fromMs && s.cursorMs <= view.toMs
      setView(zoomView(view, endMs(), factor, atMs ?? (cursorInView ? s.cursorMs : undefined)))
    }
    return {
      ...initial,
      timeView: null,
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
      zoomIn: () => zoomBy(ZOOM_STEP),
      zoomOut: () => zoomBy(1 / ZOOM_STEP),
      zoomBy,
      zoomFit: () => set({ timeView: null }),
      zoomToStory: () => {
        const s = get()
        const line = storyLineAtCursor(s)
        const caption = s.lab.captions[line]
        if (caption === undefined) return
        const before = s.lab.captions[line - 1]?.atMs ?? caption.atMs
        setView(viewAround(before, caption.atMs, endMs()))
      },
      setTimeView: setView,
    }
  }
