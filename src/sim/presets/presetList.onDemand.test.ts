import { describe, expect, it } from 'vitest'
import { PRESET_IDS } from './ids'
import * as every from './presetList'
import * as onDemand from './presetList.onDemand'

const idsOf = (list: readonly { id: string }[]) => list.map((p) => p.id)

describe("the embed page's preset list (presetList.onDemand.ts)", () => {
  it('starts with the default preset and its unfenced twin only', () => {
    expect(idsOf(onDemand.PRESETS)).toEqual(['gc-pause', 'gc-pause-unfenced'])
  })

  it('loads a preset a link asks for, once, as the same object the full list holds', async () => {
    await onDemand.ensurePreset('redlock-pause')
    await onDemand.ensurePreset('redlock-pause')
    const loaded = onDemand.PRESETS.filter((p) => p.id === 'redlock-pause')
    expect(loaded).toHaveLength(1)
    expect(loaded[0]).toBe(every.PRESETS.find((p) => p.id === 'redlock-pause'))
  })

  it('lets an id that names no preset be (the caller falls back as for an unknown preset)', async () => {
    const before = idsOf(onDemand.PRESETS)
    await onDemand.ensurePreset('nope')
    await onDemand.ensurePreset('__proto__')
    expect(idsOf(onDemand.PRESETS)).toEqual(before)
  })

  it('can load every preset: the same set as the full list, so neither can miss one', async () => {
    await onDemand.ensureAllPresets()
    expect(new Set(idsOf(onDemand.PRESETS))).toEqual(new Set(PRESET_IDS))
    expect(new Set(onDemand.PRESETS)).toEqual(new Set(every.PRESETS))
  })
})
