/**
 * The preset catalogue. Ids are stable — blog posts link to them (`/?scenario=gc-pause`) — and
 * each preset declares the outcome the checker must report (a test runs every one).
 */
import { bestEffort } from './bestEffort'
import { checkThenWrite } from './checkThenWrite'
import { clockJump } from './clockJump'
import { delayedWrite, lateWriteGap } from './delayedWrite'
import { failoverVolatile } from './failoverVolatile'
import { gcPause, gcPauseUnfenced } from './gcPause'
import { leaderElection } from './leaderElection'
import { lockDelay } from './lockDelay'
import { releaseNotOwner } from './releaseNotOwner'
import { redlockClockJump, redlockPause, redlockRestart } from './redlock'
import { renewalRace } from './renewalRace'
import type { Preset } from './types'
import { unfencedSideEffect } from './unfencedSideEffect'

export type { ExpectedOutcome, Preset, SeedQuestion } from './types'
export { SEED_QUESTIONS } from './types'

export const PRESET_IDS = [
  'gc-pause',
  'gc-pause-unfenced',
  'delayed-write',
  'late-write-gap',
  'check-then-write',
  'lock-delay',
  'clock-jump',
  'renewal-race',
  'leader-election',
  'best-effort',
  'failover-volatile',
  'unfenced-side-effect',
  'release-not-owner',
  'redlock-clock-jump',
  'redlock-restart',
  'redlock-pause',
] as const

export type PresetId = (typeof PRESET_IDS)[number]

export const DEFAULT_PRESET_ID: PresetId = 'gc-pause'

export const PRESETS: readonly Preset[] = [
  gcPause,
  gcPauseUnfenced,
  delayedWrite,
  lateWriteGap,
  checkThenWrite,
  lockDelay,
  clockJump,
  renewalRace,
  leaderElection,
  bestEffort,
  failoverVolatile,
  unfencedSideEffect,
  releaseNotOwner,
  redlockClockJump,
  redlockRestart,
  redlockPause,
]

export function isPresetId(id: string): id is PresetId {
  return (PRESET_IDS as readonly string[]).includes(id)
}

export function findPreset(id: string): Preset | undefined {
  return PRESETS.find((p) => p.id === id)
}
