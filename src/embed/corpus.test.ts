/**
 * Embed links in the wild keep working: every address and element of src/link/corpus.json opens
 * the same scenario at the same time, with the same range, options, notice and lab link as before
 * the link module existed, except the deliberate changes src/testing/linkCorpus.ts explains.
 */
import { describe, expect, it } from 'vitest'
import corpus from '../link/corpus.json'
import { expectedNotice } from '../testing/linkCorpus'
import { splitAddress } from '../link/params'
import type { LabStore } from '../store'
import { digest } from '../testing/digest'
import { labHrefFor, openEmbed } from './openEmbed'
import type { EmbedOptions } from './options'
import { readElementAttributes, readEmbedParams } from './options'

async function opened(options: EmbedOptions) {
  const store: LabStore = await openEmbed(options, { reducedMotion: true })
  const s = store.getState()
  return {
    scenario:
      s.base.kind === 'preset' ? `preset:${s.base.preset.id}` : `custom:${digest(s.base.scenario)}`,
    cursorMs: s.cursorMs,
    range: s.range,
    tab: s.tab,
    controls: options.controls,
    theme: options.theme,
    autoplay: options.autoplay,
    loop: options.loop,
    id: options.id,
    notice: s.notice,
    labHref: labHrefFor(store, options, 'https://example.org/lab/'),
  }
}

describe('the link corpus: embed addresses', () => {
  it.each(corpus.embed.map((entry) => [entry.address.slice(0, 80), entry] as const))(
    '%s',
    async (_, entry) => {
      const { search, hash } = splitAddress(entry.address)
      const { address, ...recorded } = entry
      expect(await opened(readEmbedParams(search, hash))).toEqual({
        ...recorded,
        notice: expectedNotice(address, recorded.notice),
      })
    },
  )
})

describe('the link corpus: custom elements', () => {
  it.each(
    corpus.element.map((entry) => [JSON.stringify(entry.attributes).slice(0, 80), entry] as const),
  )('%s', async (_, entry) => {
    const { attributes, ...recorded } = entry
    const get = (name: string) => (attributes as Record<string, string>)[name] ?? null
    const notice = recorded.notice
      ?.replace(
        /(t="-\d+") is not a whole number of milliseconds/,
        '$1 is negative: a time counts milliseconds from the start of the run',
      )
      .replace(
        /(t="\d{9,}") is not a whole number of milliseconds/,
        '$1 is later than any run lasts (at most 86400000 ms, one day)',
      )
    expect(await opened(readElementAttributes(get))).toEqual({
      ...recorded,
      notice: notice ?? null,
    })
  })
})
