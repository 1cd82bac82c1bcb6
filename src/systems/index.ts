/**
 * Real lock systems with their real defaults ("model my setup"): profiles, and the one way to
 * turn a profile and parameters into a scenario with its danger windows. Pure and deterministic.
 */
import { chubby } from './chubby'
import { clientGo } from './clientGo'
import { consul } from './consul'
import { dynamodb } from './dynamodb'
import { etcd } from './etcd'
import { jobQueue } from './jobQueue'
import { resolveParams } from './params'
import { redis } from './redis'
import { redlock } from './redlock'
import { storage } from './storage'
import { clip } from '../sim'
import type { BuildResult, BuiltSystem, DangerWindow, SystemProfile } from './types'
import { zookeeper } from './zookeeper'

export type {
  BuildResult,
  BuiltSystem,
  ChoiceParam,
  DangerWindow,
  NumberParam,
  ParamValues,
  Source,
  SystemParam,
  SystemProfile,
} from './types'
export { defaultParams, resolveParams } from './params'

export const SYSTEMS: readonly SystemProfile[] = [
  clientGo,
  etcd,
  zookeeper,
  consul,
  chubby,
  redis,
  redlock,
  dynamodb,
  storage,
  jobQueue,
]

export const SYSTEM_IDS: readonly string[] = SYSTEMS.map((s) => s.id)

export function findSystem(id: string): SystemProfile | undefined {
  return SYSTEMS.find((s) => s.id === id)
}

/** A system id and parameter values from people → a scenario and its danger windows. */
export function buildSystem(
  id: string,
  given: Readonly<Record<string, unknown>> = {},
): BuildResult {
  const profile = findSystem(id)
  if (profile === undefined) {
    return { ok: false, message: `unknown system "${id}". Systems: ${SYSTEM_IDS.join(', ')}` }
  }
  const params = resolveParams(profile, given)
  if (!params.ok) return params
  const result = profile.build(params.values)
  return result.ok ? { ok: true, built: withWindowCaptions(result.built) } : result
}

/** Narration text is at most 400 characters (scenario format v1). */
const MAX_NARRATION_CHARS = 400

/** A danger window that opens and closes at times in the run. */
export type TimedDangerWindow = DangerWindow & { fromMs: number; toMs: number }

/**
 * The windows that open in the run (a stretch of time, not an instant): the ones the timeline
 * shows, as a caption at their start and as a band (the lab and the CLI's SVG draw these).
 * Windows of the system as a whole, with no time in this run, stay in words.
 */
export function timedWindows(windows: readonly DangerWindow[]): TimedDangerWindow[] {
  return windows.filter(
    (w): w is TimedDangerWindow => w.fromMs !== null && w.toMs !== null && w.toMs > w.fromMs,
  )
}

/** Each danger window that opens in the run also opens on the timeline: a caption at its start. */
function withWindowCaptions(built: BuiltSystem): BuiltSystem {
  const lines = timedWindows(built.windows).map((w) => ({
    atMs: w.fromMs,
    text: clip(`Danger window: ${w.words}`, MAX_NARRATION_CHARS - 1),
  }))
  if (lines.length === 0) return built
  const narration = [...(built.scenario.narration ?? []), ...lines]
  return { ...built, scenario: { ...built.scenario, narration } }
}
