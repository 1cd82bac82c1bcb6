/**
 * Every preset, in the catalogue's order (the picker lists them so). The embed's page build
 * answers this module with presetList.onDemand.ts instead, which holds only the default preset
 * and loads another when a link asks for it (vite.embed.config.ts).
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

/**
 * Makes the preset `id` findable (findPreset). Here every preset is: nothing to load. Callers
 * that open a preset by id await it all the same, so that the embed's build can load it then.
 */
export function ensurePreset(_id: string): Promise<void> {
  return Promise.resolve()
}

/** Makes every preset findable (a tour walks through many). */
export function ensureAllPresets(): Promise<void> {
  return Promise.resolve()
}
