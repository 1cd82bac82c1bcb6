/**
 * Parameter values from people (the picker, the command line): checked against a profile's
 * declared parameters, defaults filled in. A bad value gets a message naming the parameter.
 */
import type { NumberParam, ParamValues, SystemParam, SystemProfile } from './types'

export type ResolvedParams =
  { ok: true; values: Record<string, number | string> } | { ok: false; message: string }

export function defaultParams(profile: SystemProfile): Record<string, number | string> {
  return Object.fromEntries(profile.params.map((p) => [p.key, p.defaultValue]))
}

/** Checks `given` (numbers may come as text from a command line) and fills in defaults. */
export function resolveParams(
  profile: SystemProfile,
  given: Readonly<Record<string, unknown>>,
): ResolvedParams {
  const values = defaultParams(profile)
  for (const [key, raw] of Object.entries(given)) {
    const param = profile.params.find((p) => p.key === key)
    if (param === undefined) {
      const known = profile.params.map((p) => p.key).join(', ')
      return { ok: false, message: `${profile.id}: unknown parameter "${key}" (known: ${known})` }
    }
    const checked = checkValue(profile, param, raw)
    if (!checked.ok) return checked
    values[key] = checked.value
  }
  return { ok: true, values }
}

type Checked = { ok: true; value: number | string } | { ok: false; message: string }

function checkValue(profile: SystemProfile, param: SystemParam, raw: unknown): Checked {
  const where = `${profile.id}.${param.key}`
  if (param.kind === 'choice') {
    const allowed = param.choices.map((c) => c.value)
    if (typeof raw === 'string' && allowed.includes(raw)) return { ok: true, value: raw }
    return {
      ok: false,
      message: `${where} must be one of ${allowed.map((a) => `"${a}"`).join(' | ')}, not ${JSON.stringify(raw)}`,
    }
  }
  const value = typeof raw === 'string' && raw.trim() !== '' ? Number(raw) : raw
  if (typeof value !== 'number' || !Number.isFinite(value)) {
    return {
      ok: false,
      message: `${where} must be a number (${param.unit}), not ${JSON.stringify(raw)}`,
    }
  }
  if (value < param.min || value > param.max) {
    return {
      ok: false,
      message: `${where} must be from ${param.min} to ${param.max} ${param.unit}, not ${value}`,
    }
  }
  // Steps are whole numbers or decimal fractions; compare in steps to dodge 0.1 + 0.2 noise.
  const steps = value / param.step
  if (Math.abs(steps - Math.round(steps)) > 1e-9) {
    return {
      ok: false,
      message: `${where} must be a multiple of ${param.step} ${param.unit}, not ${value}`,
    }
  }
  return { ok: true, value }
}

export function num(values: ParamValues, key: string): number {
  const v = values[key]
  if (typeof v !== 'number') throw new Error(`parameter ${key} is not a number`)
  return v
}

export function choice(values: ParamValues, key: string): string {
  const v = values[key]
  if (typeof v !== 'string') throw new Error(`parameter ${key} is not a choice`)
  return v
}

/**
 * The freeze every system's story turns on: the holder (leader, worker, writer) stops at 1 s for
 * `pauseS` seconds, from none to an hour.
 */
export function freezeParam(
  label: string,
  defaultS: number,
  why: string = `A freeze of the ${label.replace(/ .*/, '').toLowerCase()} at 1 s.`,
): NumberParam {
  return {
    kind: 'number',
    key: 'pauseS',
    label,
    unit: 's',
    defaultValue: defaultS,
    min: 0,
    max: 3600,
    step: 1,
    why,
  }
}
