/**
 * The presets' ids. Ids are stable — blog posts link to them (`/?scenario=gc-pause`) — so they are
 * known without loading the presets themselves (an embed loads only the one it shows).
 */
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

export function isPresetId(id: string): id is PresetId {
  return (PRESET_IDS as readonly string[]).includes(id)
}
