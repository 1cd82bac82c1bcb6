/**
 * The transport under the diagram: play/pause, steps, jumps, the scrubber (a native range input,
 * the WAI-ARIA slider pattern with a meaningful aria-valuetext), speed on a log scale, how Play
 * moves (the story, line by line, or true time), the future toggle and compare mode.
 */
import { useId, useLayoutEffect, useMemo, useRef } from 'react'
import type { FutureMode, PlayMode } from '../store'
import { cursorBoundsOf, SPEEDS, useLab, useLabAction, useLabStore } from '../store'
import { clockText, speedText } from './format'
import { useElementWidth } from './hooks'
import type { ScrubberFace } from './scrubberStep'
import { scrubberFaces, scrubberStepMs } from './scrubberStep'
import {
  CompareIcon,
  EndIcon,
  NextProblemIcon,
  PauseIcon,
  PlayIcon,
  PreviousProblemIcon,
  StartIcon,
  StepBackIcon,
  StepForwardIcon,
} from './icons'
import { Segmented } from './Segmented'

export function Controls() {
  return (
    <div className="fl-controls">
      <Transport />
      <Scrubber />
      <div className="fl-controls-options">
        <SpeedControl />
        <PlayModeToggle />
        <FutureToggle />
        <CompareToggle />
      </div>
    </div>
  )
}

function Transport() {
  const stepBack = useLabAction('stepBack')
  const stepForward = useLabAction('stepForward')
  const jumpStart = useLabAction('jumpStart')
  const jumpEnd = useLabAction('jumpEnd')
  const nextProblem = useLabAction('nextProblem')
  const previousProblem = useLabAction('previousProblem')
  const { atStart, atEnd } = useStepEnds()
  return (
    <div className="fl-transport" role="group" aria-label="Playback">
      <IconButton label="Jump to start" onClick={jumpStart}>
        <StartIcon />
      </IconButton>
      <IconButton label="Previous violation or rejection" onClick={previousProblem}>
        <PreviousProblemIcon />
      </IconButton>
      <IconButton label="Step back" onClick={stepBack} disabled={atStart}>
        <StepBackIcon />
      </IconButton>
      <PlayButton />
      <IconButton label="Step forward" onClick={stepForward} disabled={atEnd}>
        <StepForwardIcon />
      </IconButton>
      <IconButton label="Next violation or rejection" onClick={nextProblem}>
        <NextProblemIcon />
      </IconButton>
      <IconButton label="Jump to end" onClick={jumpEnd}>
        <EndIcon />
      </IconButton>
    </div>
  )
}

/** Whether the cursor is at an end of the run (or the embed's range): a step that way goes nowhere. */
export function useStepEnds(): { atStart: boolean; atEnd: boolean } {
  const atStart = useLab((s) => (s.glide?.toMs ?? s.cursorMs) <= cursorBoundsOf(s).startMs)
  const atEnd = useLab((s) => (s.glide?.toMs ?? s.cursorMs) >= cursorBoundsOf(s).endMs)
  return { atStart, atEnd }
}

export function PlayButton() {
  const playing = useLab((s) => s.playing)
  const togglePlay = useLabAction('togglePlay')
  return (
    <button
      type="button"
      className="fl-button fl-play"
      onClick={togglePlay}
      aria-label={playing ? 'Pause' : 'Play'}
      title={playing ? 'Pause (Space)' : 'Play (Space)'}
    >
      {playing ? <PauseIcon /> : <PlayIcon />}
    </button>
  )
}

const SHORTCUTS: Record<string, string> = {
  'Jump to start': 'Home',
  'Jump to end': 'End',
  'Step back': '←',
  'Step forward': '→',
  'Previous violation or rejection': 'Page Up',
  'Next violation or rejection': 'Page Down',
}

export function IconButton({
  label,
  onClick,
  disabled = false,
  children,
}: {
  label: string
  onClick: () => void
  disabled?: boolean
  children: React.ReactNode
}) {
  const key = SHORTCUTS[label]
  return (
    <button
      type="button"
      className="fl-button fl-icon-button"
      // aria-disabled, not disabled: a focused button that reaches the end keeps the focus (an
      // embed's keys only work while focus is inside it).
      onClick={disabled ? undefined : onClick}
      aria-disabled={disabled ? 'true' : undefined}
      aria-label={label}
      title={key === undefined ? label : `${label} (${key})`}
    >
      {children}
    </button>
  )
}

/**
 * The scrubber follows a moving cursor by writes between renders (zustand's "transient updates"),
 * as the diagram's cursor parts do (viz/Cursor.tsx): React renders it when its range or its
 * track's width changes; in between, the store's listener writes the thumb, the clock and the
 * spoken value for the cursor as shown (`scrubberFaces`, the numbers the render uses too). An
 * embed playing on its wide track moves the thumb most frames, and a render of the scrubber each
 * of them was about a fifth of the embed's script time (issue 18).
 */
export function Scrubber() {
  const store = useLabStore()
  // Its width draws nothing at once (the step while playing): from the next frame's layout, not
  // by laying the page out in its first render.
  const [trackRef, trackPx] = useElementWidth<HTMLInputElement>(0)
  const clockRef = useRef<HTMLSpanElement>(null)
  const startMs = useLab((s) => cursorBoundsOf(s).startMs)
  const endMs = useLab((s) => cursorBoundsOf(s).endMs)
  // Playing by time, the thumb and the clock follow the cursor a track pixel at a time.
  const stepMs = scrubberStepMs(endMs - startMs, trackPx)
  const setCursor = useLabAction('setCursor')
  const faceOf = useMemo(() => scrubberFaces(), [])
  const face = faceOf(store.getState(), stepMs, startMs)
  useLayoutEffect(() => {
    // Null: the first write puts all three in place, whatever moved since the render.
    let shown: ScrubberFace | null = null
    const write = () => {
      const next = faceOf(store.getState(), stepMs, startMs)
      const input = trackRef.current
      const clock = clockRef.current
      if (input === null || clock === null || next === shown) return
      shown = next
      input.value = String(next.valueMs)
      input.setAttribute('aria-valuetext', next.valueText)
      clock.textContent = next.clock
    }
    const unsubscribe = store.subscribe(write)
    write()
    return unsubscribe
  }, [store, stepMs, startMs, faceOf, trackRef])
  const id = useId()
  return (
    <div className="fl-scrubber">
      <label htmlFor={id} className="fl-visually-hidden">
        Time
      </label>
      <input
        ref={trackRef}
        id={id}
        data-scrubber=""
        className="fl-range fl-scrubber-input"
        type="range"
        min={startMs}
        max={endMs}
        step={1}
        value={face.valueMs}
        aria-valuetext={face.valueText}
        onChange={(e) => setCursor(Number(e.currentTarget.value))}
      />
      {/* The end's text is drawn by the styles twice: after the clock, and unseen under it so
          the clock is as wide at 9.999 s as at 10.000 s and the track beside it never moves. */}
      <output className="fl-clock" htmlFor={id} aria-hidden="true" data-end={clockText(endMs)}>
        <span ref={clockRef}>{face.clock}</span>
      </output>
    </div>
  )
}

function SpeedControl() {
  const speed = useLab((s) => s.speed)
  const setSpeed = useLabAction('setSpeed')
  const id = useId()
  const position = Math.max(
    0,
    SPEEDS.findIndex((v) => v >= speed),
  )
  return (
    <div className="fl-speed">
      <label htmlFor={id}>Speed</label>
      <input
        id={id}
        className="fl-range fl-speed-input"
        type="range"
        min={0}
        max={SPEEDS.length - 1}
        step={1}
        value={position}
        aria-valuetext={speedText(speed)}
        onChange={(e) => setSpeed(SPEEDS[Number(e.currentTarget.value)] ?? 1)}
      />
      <output htmlFor={id} className="fl-speed-value">
        {speedText(speed)}
      </output>
    </div>
  )
}

const PLAY_OPTIONS: ReadonlyArray<{ value: PlayMode; label: string }> = [
  { value: 'story', label: 'Story' },
  { value: 'wait', label: 'Stop at each line' },
  { value: 'time', label: 'Real time' },
]

/** How Play moves: holding at each story line, stopping there, or in true time. */
function PlayModeToggle() {
  const hasStory = useLab((s) => s.lab.captions.length > 0)
  const playMode = useLab((s) => s.playMode)
  const setPlayMode = useLabAction('setPlayMode')
  if (!hasStory) return null
  return <Segmented legend="Play" options={PLAY_OPTIONS} value={playMode} onChange={setPlayMode} />
}

const FUTURE_OPTIONS: ReadonlyArray<{ value: FutureMode; label: string }> = [
  { value: 'show', label: 'Show' },
  { value: 'fade', label: 'Fade' },
  { value: 'hide', label: 'Hide' },
]

function FutureToggle() {
  const futureMode = useLab((s) => s.futureMode)
  const setFutureMode = useLabAction('setFutureMode')
  return (
    <Segmented
      legend="Future"
      options={FUTURE_OPTIONS}
      value={futureMode}
      onChange={setFutureMode}
    />
  )
}

function CompareToggle() {
  const compareMode = useLab((s) => s.compareMode)
  const setCompareMode = useLabAction('setCompareMode')
  // A real history happened once: there is no fenced or unfenced twin of it to compare.
  const isHistory = useLab((s) => s.base.kind === 'history')
  return (
    <button
      type="button"
      className="fl-button fl-toggle"
      aria-pressed={compareMode && !isHistory}
      disabled={isHistory}
      title={isHistory ? 'Off for a real history' : undefined}
      onClick={() => setCompareMode(!compareMode)}
    >
      <CompareIcon />
      Compare fencing on / off
    </button>
  )
}
