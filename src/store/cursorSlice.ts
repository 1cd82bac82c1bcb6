/**
 * The cursor and playback: where the reader is in the run, steps between moments, jumps to the
 * problems, play and pause, speed, and an embed's range and loop. The requestAnimationFrame loop
 * lives outside (playback.ts): it only ever sets `cursorMs`.
 */
import {
  captionIndexAt,
  nextCaptionIndex,
  nextProblemMs,
  nextStopMs,
  previousCaptionIndex,
  previousProblemMs,
  previousStopMs,
} from '../timeline'
import type { Caption } from '../timeline'
import { momentAnnouncement } from './moment'
import type { CursorRange } from './selectors'
import { actionMsOf, clampCursor, cursorBoundsOf, navTimelines } from './selectors'
import type { LabSlice } from './slice'

export const SPEEDS: readonly number[] = [0.25, 0.5, 1, 2, 4, 8]
export const MIN_SPEED = 0.25
export const MAX_SPEED = 8

/**
 * How Play moves: 'story' holds at each narration line long enough to read it and shortens idle
 * stretches; 'wait' stops at each line until the reader goes on; 'time' plays true time.
 */
export type PlayMode = 'story' | 'wait' | 'time'

export interface CursorSlice {
  cursorMs: number
  /**
   * The story line the reader went to with Next or Previous (an index into lab.captions). It is
   * shown while the cursor stays at its moment, so lines sharing a millisecond are each shown.
   */
  storyLine: number | null
  playMode: PlayMode
  /** A step in progress (animated by the playback loop unless motion is reduced). */
  glide: { fromMs: number; toMs: number } | null
  playing: boolean
  speed: number
  /** The stretch the cursor stays inside, or null for the whole run (see cursorBoundsOf). */
  range: CursorRange | null
  loop: boolean

  setCursor: (ms: number, options?: { announce?: boolean }) => void
  stepForward: () => void
  stepBack: () => void
  /** The story's next or previous narration line (by line, not by time). */
  nextStory: () => void
  previousStory: () => void
  setPlayMode: (mode: PlayMode) => void
  jumpStart: () => void
  jumpEnd: () => void
  nextProblem: () => void
  previousProblem: () => void
  endGlide: () => void
  play: () => void
  pause: (options?: { announce?: boolean }) => void
  togglePlay: () => void
  setSpeed: (speed: number) => void
  setRange: (range: CursorRange | null) => void
  setLoop: (loop: boolean) => void
}

export function clampSpeed(speed: number): number {
  if (!Number.isFinite(speed)) return 1
  return Math.min(Math.max(speed, MIN_SPEED), MAX_SPEED)
}

function minOf(values: Array<number | null>): number | null {
  const present = values.filter((v): v is number => v !== null)
  return present.length === 0 ? null : Math.min(...present)
}

function maxOf(values: Array<number | null>): number | null {
  const present = values.filter((v): v is number => v !== null)
  return present.length === 0 ? null : Math.max(...present)
}

export const createCursorSlice =
  (
    initial: Pick<CursorSlice, 'cursorMs' | 'speed' | 'range' | 'loop' | 'playMode'>,
  ): LabSlice<CursorSlice> =>
  (kit) =>
  (set, get) => {
    /** Moves the cursor as a reader's step: pauses, glides unless motion is reduced, announces. */
    const stepTo = (ms: number, glide: boolean) => {
      const s = get()
      const target = clampCursor(s, ms)
      if (glide && !s.reducedMotion && target !== s.cursorMs) {
        set({ playing: false, glide: { fromMs: s.cursorMs, toMs: target } })
      } else {
        kit.update({ cursorMs: target }, { playing: false })
      }
      kit.announce(momentAnnouncement(s.lab, target))
    }

    /** Moves to a story line: pauses, puts the cursor at its moment and says the line. */
    const goToStoryLine = (line: number | null) => {
      const s = get()
      const caption = line === null ? undefined : s.lab.captions[line]
      if (line === null || caption === undefined) return
      const cursorMs = clampCursor(s, caption.atMs)
      kit.update({ cursorMs }, { playing: false, storyLine: line })
      kit.announce(momentAnnouncement(s.lab, cursorMs, line))
    }

    /** The first or last of the timelines' answers, from where the reader is. */
    const seek = (
      find: (timeline: ReturnType<typeof navTimelines>[number], fromMs: number) => number | null,
      pick: typeof minOf,
    ) => pick(navTimelines(get()).map((t) => find(t, actionMsOf(get()))))

    return {
      ...initial,
      glide: null,
      playing: false,
      storyLine: null,

      setCursor: (ms, options) => {
        const s = get()
        const cursorMs = clampCursor(s, ms)
        if (cursorMs === s.cursorMs && s.glide === null) return
        kit.update({ cursorMs })
        if (options?.announce === true) kit.announce(momentAnnouncement(s.lab, cursorMs))
      },
      stepForward: () => {
        const next = seek(nextStopMs, minOf)
        if (next !== null) stepTo(next, true)
      },
      stepBack: () => {
        const previous = seek(previousStopMs, maxOf)
        if (previous !== null) stepTo(previous, true)
      },
      nextStory: () => {
        const s = get()
        goToStoryLine(nextCaptionIndex(s.lab.captions, actionMsOf(s), s.storyLine))
      },
      previousStory: () => {
        const s = get()
        goToStoryLine(previousCaptionIndex(s.lab.captions, actionMsOf(s), s.storyLine))
      },
      setPlayMode: (playMode) => set({ playMode }),
      jumpStart: () => stepTo(cursorBoundsOf(get()).startMs, false),
      jumpEnd: () => stepTo(cursorBoundsOf(get()).endMs, false),
      nextProblem: () => {
        const next = seek(nextProblemMs, minOf)
        if (next === null) kit.announce('No later violation or rejection.')
        else stepTo(next, false)
      },
      previousProblem: () => {
        const previous = seek(previousProblemMs, maxOf)
        if (previous === null) kit.announce('No earlier violation or rejection.')
        else stepTo(previous, false)
      },
      endGlide: () => {
        const glide = get().glide
        if (glide !== null) kit.update({ cursorMs: glide.toMs })
      },
      play: () => {
        const s = get()
        const { startMs, endMs } = cursorBoundsOf(s)
        const from = actionMsOf(s)
        kit.update({ cursorMs: from >= endMs ? startMs : from }, { playing: true })
      },
      pause: (options) => {
        if (!get().playing) return
        set({ playing: false })
        if (options?.announce === true) {
          const s = get()
          kit.announce(`Paused at ${momentAnnouncement(s.lab, s.cursorMs)}`)
        }
      },
      togglePlay: () => {
        if (get().playing) get().pause({ announce: true })
        else get().play()
      },
      setSpeed: (speed) => set({ speed: clampSpeed(speed) }),
      setRange: (range) => kit.update({ range }),
      setLoop: (loop) => set({ loop }),
    }
  }

/** The story line showing at the cursor (an index into lab.captions), or -1 before the first. */
export function storyLineAtCursor(
  s: Pick<CursorSlice, 'cursorMs' | 'storyLine'> & { lab: { captions: Caption[] } },
): number {
  return captionIndexAt(s.lab.captions, s.cursorMs, s.storyLine)
}

/**
 * The event the story line at the cursor talks about (an index into lab.run.events), or -1 when
 * no line shows or the line is tied to a bare time: what the diagram highlights.
 */
export function storyEventAtCursor(
  s: Pick<CursorSlice, 'cursorMs' | 'storyLine'> & { lab: { captions: Caption[] } },
): number {
  return s.lab.captions[storyLineAtCursor(s)]?.eventIndex ?? -1
}
