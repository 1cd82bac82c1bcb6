/** Inline icons (decorative: every control that shows one also has an accessible name). */
import type { ReactNode } from 'react'

function Icon({ children }: { children: ReactNode }) {
  return (
    <svg
      className="fl-ui-icon"
      viewBox="0 0 20 20"
      width="20"
      height="20"
      aria-hidden="true"
      focusable="false"
    >
      {children}
    </svg>
  )
}

export const PlayIcon = () => (
  <Icon>
    <path d="M6 4.5v11l9-5.5z" fill="currentColor" />
  </Icon>
)
export const PauseIcon = () => (
  <Icon>
    <rect x="5" y="4.5" width="3.4" height="11" rx="1" fill="currentColor" />
    <rect x="11.6" y="4.5" width="3.4" height="11" rx="1" fill="currentColor" />
  </Icon>
)
export const StepForwardIcon = () => (
  <Icon>
    <path d="M5 5v10l7-5z" fill="currentColor" />
    <rect x="13" y="5" width="2.2" height="10" rx="1" fill="currentColor" />
  </Icon>
)
export const StepBackIcon = () => (
  <Icon>
    <path d="M15 5v10l-7-5z" fill="currentColor" />
    <rect x="4.8" y="5" width="2.2" height="10" rx="1" fill="currentColor" />
  </Icon>
)
export const StartIcon = () => (
  <Icon>
    <path d="M16 5v10l-5-5zM11 5v10l-5-5z" fill="currentColor" />
    <rect x="3.4" y="5" width="2" height="10" rx="1" fill="currentColor" />
  </Icon>
)
export const EndIcon = () => (
  <Icon>
    <path d="M4 5v10l5-5zM9 5v10l5-5z" fill="currentColor" />
    <rect x="14.6" y="5" width="2" height="10" rx="1" fill="currentColor" />
  </Icon>
)
/** A stroked line in the text colour, rounded at its ends and corners. */
function Stroke({ d, width }: { d: string; width: number }) {
  return (
    <path
      d={d}
      fill="none"
      stroke="currentColor"
      strokeWidth={width}
      strokeLinecap="round"
      strokeLinejoin="round"
    />
  )
}

/** A warning triangle with a chevron: "jump to the next problem"; mirrored, the previous one. */
function ProblemJumpIcon({ mirrored }: { mirrored: boolean }) {
  return (
    <Icon>
      <g transform={mirrored ? 'matrix(-1 0 0 1 20 0)' : undefined}>
        <Stroke d="M6.5 3.8 11.6 13H1.4z" width={1.6} />
        <Stroke d="M6.5 7.4v2.4M6.5 11.2v.1" width={1.6} />
        <Stroke d="m13.5 5.5 4 4.5-4 4.5" width={1.8} />
      </g>
    </Icon>
  )
}
export const NextProblemIcon = () => <ProblemJumpIcon mirrored={false} />
export const PreviousProblemIcon = () => <ProblemJumpIcon mirrored />
export const UndoIcon = () => (
  <Icon>
    <Stroke d="M7 6 3.5 9.5 7 13M4 9.5h7.5a4.5 4.5 0 0 1 0 9H9" width={1.7} />
  </Icon>
)
export const RedoIcon = () => (
  <Icon>
    <Stroke d="m13 6 3.5 3.5L13 13m3-3.5H8.5a4.5 4.5 0 0 0 0 9H11" width={1.7} />
  </Icon>
)
export const CloseIcon = () => (
  <Icon>
    <Stroke d="m5.5 5.5 9 9m0-9-9 9" width={1.8} />
  </Icon>
)
export const CompareIcon = () => (
  <Icon>
    <rect
      x="2.5"
      y="4"
      width="6.5"
      height="12"
      rx="1.5"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.6"
    />
    <rect
      x="11"
      y="4"
      width="6.5"
      height="12"
      rx="1.5"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.6"
    />
  </Icon>
)
