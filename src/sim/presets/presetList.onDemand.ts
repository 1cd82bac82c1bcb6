/**
 * The embed page's preset list (vite.embed.config.ts answers presetList.ts with this file): the
 * default preset and its unfenced twin (one module) come with the page; any other preset is
 * loaded when a link asks for it. The other fifteen are about 7 kB of the embed's first load
 * (gzipped), which a reader of the default scenario, the common case, never needs.
 *
 * The one-file builds (the custom element, the classic fallback) keep presetList.ts: a dynamic
 * import there is inlined anyway.
 */
import { gcPause, gcPauseUnfenced } from './gcPause'
import type { PresetId } from './ids'
import type { Preset } from './types'

const loaded: Preset[] = [gcPause, gcPauseUnfenced]

/** The presets loaded so far (findPreset looks here). */
export const PRESETS: readonly Preset[] = loaded

/** Each preset not shipped with the page, by id, as the module that holds it. */
const LOADERS: Record<
  Exclude<PresetId, 'gc-pause' | 'gc-pause-unfenced'>,
  () => Promise<Preset>
> = {
  'delayed-write': () => import('./delayedWrite').then((m) => m.delayedWrite),
  'late-write-gap': () => import('./delayedWrite').then((m) => m.lateWriteGap),
  'check-then-write': () => import('./checkThenWrite').then((m) => m.checkThenWrite),
  'lock-delay': () => import('./lockDelay').then((m) => m.lockDelay),
  'clock-jump': () => import('./clockJump').then((m) => m.clockJump),
  'renewal-race': () => import('./renewalRace').then((m) => m.renewalRace),
  'leader-election': () => import('./leaderElection').then((m) => m.leaderElection),
  'best-effort': () => import('./bestEffort').then((m) => m.bestEffort),
  'failover-volatile': () => import('./failoverVolatile').then((m) => m.failoverVolatile),
  'unfenced-side-effect': () => import('./unfencedSideEffect').then((m) => m.unfencedSideEffect),
  'release-not-owner': () => import('./releaseNotOwner').then((m) => m.releaseNotOwner),
  'redlock-clock-jump': () => import('./redlock').then((m) => m.redlockClockJump),
  'redlock-restart': () => import('./redlock').then((m) => m.redlockRestart),
  'redlock-pause': () => import('./redlock').then((m) => m.redlockPause),
}

/**
 * Makes the preset `id` findable, loading its module if it is not yet. Any other id (not a
 * preset's) is let be: the caller falls back as it would for an unknown preset.
 */
export async function ensurePreset(id: string): Promise<void> {
  if (loaded.some((p) => p.id === id) || !Object.hasOwn(LOADERS, id)) return
  const preset = await LOADERS[id as keyof typeof LOADERS]()
  if (!loaded.includes(preset)) loaded.push(preset)
}

/** Makes every preset findable (a tour walks through many). */
export async function ensureAllPresets(): Promise<void> {
  await Promise.all(Object.keys(LOADERS).map(ensurePreset))
}
