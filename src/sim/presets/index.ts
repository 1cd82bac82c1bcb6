/**
 * The preset catalogue. Ids are stable — blog posts link to them (`/?scenario=gc-pause`) — and
 * each preset declares the outcome the checker must report (a test runs every one).
 */
import { PRESETS } from './presetList'
import type { Preset } from './types'

export type { PresetId } from './ids'
export { DEFAULT_PRESET_ID, isPresetId, PRESET_IDS } from './ids'
export { ensureAllPresets, ensurePreset, PRESETS } from './presetList'
export type { ExpectedOutcome, Preset, SeedQuestion } from './types'
export { SEED_QUESTIONS } from './types'

/**
 * The preset `id`, if it is loaded: every preset is, except in the embed's page, where a caller
 * opening one by id awaits ensurePreset first (presetList.onDemand.ts).
 */
export function findPreset(id: string): Preset | undefined {
  return PRESETS.find((p) => p.id === id)
}
