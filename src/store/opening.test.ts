/**
 * What opening a lab costs in validation: a base holds a validated scenario, so an unedited run
 * of it is not validated again. The lab page's start parsed its preset four times (each parse a
 * few milliseconds of cold code): twice the preset, and twice its unedited form, once to see
 * whether its run is too heavy for a frame and once to open it. Then twice: the preset, for the
 * heavy-run check's base and again for the opening's. Now once.
 */
import { beforeEach, describe, expect, it, vi } from 'vitest'
import type * as Sim from '../sim'
import type { PresetId } from '../sim'
import { createLabStore } from './labStore'
import { createLargeRuns } from './largeRun'

const parsed = vi.hoisted(() => ({ titles: [] as string[] }))

vi.mock('../sim', async (importOriginal) => {
  const real = await importOriginal<typeof Sim>()
  return {
    ...real,
    parseScenario: (...args: Parameters<typeof real.parseScenario>) => {
      const input = args[0] as { title?: unknown }
      parsed.titles.push(typeof input.title === 'string' ? input.title : '(untitled)')
      return real.parseScenario(...args)
    },
  }
})

function labPage(preset: PresetId) {
  return createLabStore({
    preset,
    reducedMotion: true,
    // As on the lab page, which first asks whether the run is too heavy for a frame; a preset
    // never is, so no worker is ever started.
    background: {
      createLargeRuns,
      runner: () => Promise.reject(new Error('a preset is never run in the background')),
    },
  })
}

describe('opening a lab', () => {
  beforeEach(() => {
    parsed.titles.length = 0
  })

  it('validates only the preset itself when it opens unedited', () => {
    const store = labPage('redlock-pause')
    expect(store.getState().base.preset?.id).toBe('redlock-pause')
    expect(store.getState().edited).toBe(false)
    // The preset as written, once: the heavy-run check and the opening share its base.
    expect(parsed.titles).toEqual(['Redlock: a pause during acquisition'])
  })

  it('validates an edited scenario, once per edit', () => {
    const store = labPage('redlock-pause')
    parsed.titles.length = 0
    store.getState().setFencing('storage', 'atomic')
    expect(store.getState().edited).toBe(true)
    expect(parsed.titles).toHaveLength(1)
  })
})
