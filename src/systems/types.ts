/**
 * A real lock system as the lab models it: the parameters its users actually set (with the
 * system's own defaults and where they are documented), a function from those parameters to a
 * scenario (format v1), and the danger windows that follow from them, in words and in true time.
 */
import type { ScenarioInput } from '../sim'

/** A parameter as the system names it, in the unit its users set it in. */
export interface NumberParam {
  kind: 'number'
  key: string
  /** The system's own name for it (`LeaseDuration`, `session TTL`). */
  label: string
  /** Shown after the value: `s`, `ms`, `×`. */
  unit: string
  defaultValue: number
  min: number
  max: number
  /** Smallest step (1 for whole seconds). */
  step: number
  /** What it does and why it matters, one sentence. */
  why: string
}

export interface ChoiceParam {
  kind: 'choice'
  key: string
  label: string
  defaultValue: string
  choices: ReadonlyArray<{ value: string; label: string }>
  why: string
}

export type SystemParam = NumberParam | ChoiceParam
export type ParamValues = Readonly<Record<string, number | string>>

/** A document or incident that shows a default or a failure, summarised in the lab's words. */
export interface Source {
  label: string
  url: string
}

/**
 * A stretch of a run in which the system's guarantee does not hold, derived from the
 * parameters. `fromMs`/`toMs` are true times in the built scenario (null when the chosen
 * parameters close the window in this story); `words` says it for people.
 */
export interface DangerWindow {
  id: string
  /** A few words for its band on the timeline (`split brain`); the layout adds its length. */
  label: string
  words: string
  fromMs: number | null
  toMs: number | null
}

export interface BuiltSystem {
  scenario: ScenarioInput & { id: string; title: string; description: string }
  windows: DangerWindow[]
}

export type BuildResult = { ok: true; built: BuiltSystem } | { ok: false; message: string }

export interface SystemProfile {
  /** Stable id (`fencing-lab run --system client-go`). */
  id: string
  name: string
  /** One line for the picker. */
  summary: string
  /** What the lab simulates for it, and what it leaves out. */
  protocol: string
  /** Where it stands on fencing: the token it offers (if any) and where it must be checked. */
  fencing: string
  params: readonly SystemParam[]
  sources: readonly Source[]
  /** Related preset ids (linked by id only). */
  presets: readonly string[]
  /** Parameters already checked against `params` (see `resolveParams`). */
  build: (values: ParamValues) => BuildResult
}
