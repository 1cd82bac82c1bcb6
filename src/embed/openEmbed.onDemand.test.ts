/**
 * openEmbed with the preset list embed.html's build uses (vite.embed.config.ts aliases it): only
 * the default preset ships with the page, so a link to another must load it before the lab opens
 * (or the reader would get the default scenario instead of the one linked, with no word why).
 */
import { describe, expect, it, vi } from 'vitest'
import { encodeScenario } from '../link/encode'
import { findPreset } from '../sim'
import { openEmbed } from './openEmbed'
import { readEmbedParams } from './options'

vi.mock('../sim/presets/presetList', () => import('../sim/presets/presetList.onDemand'))

const env = { reducedMotion: true }

describe('openEmbed, presets loaded on demand', () => {
  it('opens the preset a link names, loaded first', async () => {
    expect(findPreset('clock-jump')).toBeUndefined()
    const store = await openEmbed(readEmbedParams('?scenario=clock-jump', ''), env)
    expect(store.getState().lab.scenario.id).toBe('clock-jump')
    expect(store.getState().notice).toBeNull()
  })

  it('loads the preset a custom scenario was made from (its story is told against it)', async () => {
    const preset = findPreset('gc-pause')
    if (preset === undefined) throw new Error('the default preset ships with the page')
    expect(findPreset('renewal-race')).toBeUndefined()
    const encoded = encodeScenario({ ...preset.scenario, id: 'renewal-race', title: 'Edited' })
    const store = await openEmbed(readEmbedParams('', `#s=${encoded}`), env)
    expect(store.getState().base.kind).toBe('custom')
    expect(findPreset('renewal-race')?.id).toBe('renewal-race')
  })
})
