import { describe, expect, it } from 'vitest'
import { cursorBoundsOf } from '../store'
import { labHrefFor, openEmbed } from './openEmbed'
import { readElementAttributes, readEmbedParams } from './options'
import { encodeScenario } from '../link/encode'
import { RENEWING_ALL_DAY } from '../testing/largeRun'

const env = { reducedMotion: true }

describe('openEmbed', () => {
  it('opens a preset at the link’s time, with the range and loop it asks for', async () => {
    const store = await openEmbed(
      readEmbedParams('?scenario=lock-delay&from=step:1&to=8000&loop=1&t=5000&theme=dark', ''),
      env,
    )
    const s = store.getState()
    expect(s.lab.scenario.id).toBe('lock-delay')
    expect(s.cursorMs).toBe(5000)
    expect(s.loop).toBe(true)
    expect(s.theme).toBe('dark')
    expect(s.range?.toMs).toBe(8000)
    expect(s.notice).toBeNull()
  })

  it('without t, starts at the start of the range', async () => {
    const store = await openEmbed(readEmbedParams('?from=3000&to=9000', ''), env)
    expect(store.getState().cursorMs).toBe(3000)
    expect(cursorBoundsOf(store.getState())).toEqual({ startMs: 3000, endMs: 9000 })
  })

  it('opens a custom scenario from #s= (the decoder is loaded on demand)', async () => {
    const encoded = encodeScenario({
      title: 'One client',
      clients: [
        { id: 'A', script: [{ do: 'acquire' }, { do: 'write', resource: 'storage', value: 'A' }] },
      ],
    })
    const store = await openEmbed(readEmbedParams('', `#s=${encoded}`), env)
    expect(store.getState().base.kind).toBe('custom')
    expect(store.getState().lab.scenario.title).toBe('One client')
    expect(store.getState().notice).toBeNull()
  })

  it('refuses a run above the page budget: the default scenario, the size, the lab link', async () => {
    const encoded = encodeScenario(RENEWING_ALL_DAY)
    const options = readEmbedParams('', `#s=${encoded}&t=5000`)
    const store = await openEmbed(options, env)
    const s = store.getState()
    expect(s.lab.scenario.id).toBe('gc-pause')
    expect(s.cursorMs).toBe(0)
    expect(s.notice).toMatch(
      /^“Renewing all day” is too large for an embedded lab: 2,000,000 events or more \(an embed runs at most 250,000\)\. Open it in Fencing Lab to run it there\. Showing the default scenario, “.+”\.$/,
    )
    // The lab link carries the large scenario: the lab asks its reader first.
    expect(labHrefFor(store, options, 'https://example.org/lab/')).toBe(
      `https://example.org/lab/#s=${encoded}`,
    )
  })

  it('a broken link: the message, the default scenario, and the time dropped', async () => {
    const store = await openEmbed(readEmbedParams('', '#s=AAAA-not-a-scenario&t=5000'), env)
    const s = store.getState()
    expect(s.lab.scenario.id).toBe('gc-pause')
    expect(s.cursorMs).toBe(0)
    expect(s.notice).toMatch(
      /^This link’s scenario could not be opened: .+\. Showing the default scenario, “.+”\.$/,
    )
  })

  it('an unknown preset and a bad option: one notice with both sentences', async () => {
    const store = await openEmbed(readEmbedParams('?scenario=gc-paws&controls=lots', ''), env)
    expect(store.getState().notice).toBe(
      'There is no scenario called “gc-paws”. controls=lots is not one of full, minimal or none; using minimal. ' +
        `Showing the default scenario, “${store.getState().lab.scenario.title}”.`,
    )
  })

  it('a bad option alone keeps the scenario asked for (no fallback sentence)', async () => {
    const store = await openEmbed(readEmbedParams('?scenario=lock-delay&theme=neon', ''), env)
    expect(store.getState().lab.scenario.id).toBe('lock-delay')
    expect(store.getState().notice).toBe(
      'theme=neon is not one of auto, light or dark; using auto.',
    )
  })

  it('a range past the run is reported, never thrown', async () => {
    const store = await openEmbed(
      readElementAttributes((n) => (n === 'from' ? 'step:999' : null)),
      env,
    )
    expect(store.getState().range).toBeNull()
    expect(store.getState().notice).toMatch(/^from=step:999 is past the last step/)
  })

  it('a link problem and a range problem: one notice, set when the store is made', async () => {
    const store = await openEmbed(readEmbedParams('?scenario=gc-paws&from=step:999', ''), env)
    const s = store.getState()
    expect(s.range).toBeNull()
    expect(s.notice).toMatch(
      /^There is no scenario called “gc-paws”\. Showing the default scenario, “.+”\. from=step:999 is past the last step of this run \(step:\d+\); the range is ignored\.$/,
    )
  })

  it('full controls open on the break-things tab', async () => {
    const store = await openEmbed(readEmbedParams('?controls=full', ''), env)
    expect(store.getState().tab).toBe('break')
  })

  it('every embed gets a store of its own', async () => {
    const options = readEmbedParams('?scenario=gc-pause', '')
    const one = await openEmbed(options, env)
    const two = await openEmbed(options, env)
    one.getState().setCursor(9000)
    expect(two.getState().cursorMs).toBe(0)
  })
})

describe('labHrefFor', () => {
  it('links a preset by id and a custom scenario by its own payload', async () => {
    const preset = readEmbedParams('?scenario=lock-delay&t=5', '')
    expect(labHrefFor(await openEmbed(preset, env), preset, 'https://lab.example/fl/')).toBe(
      'https://lab.example/fl/?scenario=lock-delay',
    )
    const encoded = encodeScenario({ clients: [{ id: 'A', script: [{ do: 'acquire' }] }] })
    const custom = readEmbedParams('', `#s=${encoded}`)
    expect(labHrefFor(await openEmbed(custom, env), custom, 'https://lab.example/')).toBe(
      `https://lab.example/#s=${encoded}`,
    )
  })

  it('no link for an address that is not http(s)', async () => {
    const options = readEmbedParams('', '')
    const store = await openEmbed(options, env)
    expect(labHrefFor(store, options, 'javascript:alert(1)//')).toBeNull()
    expect(labHrefFor(store, options, 'not a url')).toBeNull()
  })
})
