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
/** A warning triangle with a chevron: "jump to the next problem". */
export const NextProblemIcon = () => (
  <Icon>
    <path
      d="M6.5 3.8 11.6 13H1.4z"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.6"
      strokeLinejoin="round"
    />
    <path
      d="M6.5 7.4v2.4M6.5 11.2v.1"
      stroke="currentColor"
      strokeWidth="1.6"
      strokeLinecap="round"
    />
    <path
      d="m13.5 5.5 4 4.5-4 4.5"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.8"
      strokeLinecap="round"
      strokeLinejoin="round"
    />
  </Icon>
)
export const PreviousProblemIcon = () => (
  <Icon>
    <path
      d="M13.5 3.8 18.6 13H8.4z"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.6"
      strokeLinejoin="round"
    />
    <path
      d="M13.5 7.4v2.4M13.5 11.2v.1"
      stroke="currentColor"
      strokeWidth="1.6"
      strokeLinecap="round"
    />
    <path
      d="m6.5 5.5-4 4.5 4 4.5"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.8"
      strokeLinecap="round"
      strokeLinejoin="round"
    />
  </Icon>
)
export const UndoIcon = () => (
  <Icon>
    <path
      d="M7 6 3.5 9.5 7 13M4 9.5h7.5a4.5 4.5 0 0 1 0 9H9"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.7"
      strokeLinecap="round"
      strokeLinejoin="round"
    />
  </Icon>
)
export const RedoIcon = () => (
  <Icon>
    <path
      d="m13 6 3.5 3.5L13 13m3-3.5H8.5a4.5 4.5 0 0 0 0 9H11"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.7"
      strokeLinecap="round"
      strokeLinejoin="round"
    />
  </Icon>
)
export const CloseIcon = () => (
  <Icon>
    <path d="m5.5 5.5 9 9m0-9-9 9" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" />
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
