/**
 * Opens an embed's lab from its options: one new store (an embed never shares state with another
 * on the page), the custom scenario decoded only when the link carries one (the decoder is loaded
 * on demand), the range resolved against the run, and every problem with the options gathered
 * into one notice next to the default scenario.
 */
import { DEFAULT_PRESET_ID } from '../sim'
import type { LabInit, LabStore } from '../store'
import { createLabStore } from '../store'
import type { EmbedOptions } from './options'
import { resolveRange } from './range'

export async function openEmbed(
  options: EmbedOptions,
  env: { reducedMotion: boolean },
): Promise<LabStore> {
  const problems: string[] = []
  const init: LabInit = {
    reducedMotion: env.reducedMotion,
    theme: options.theme,
    loop: options.loop,
    // An embed plays true time, as its author timed it (autoplay, a range, a loop); the reader
    // of the full controls can switch to the story.
    playMode: 'time',
  }
  let cursorMs = options.cursorMs
  let fellBack = options.unknownScenario
  if (options.scenario.kind === 'preset') init.preset = options.scenario.id
  if (options.scenario.kind === 'encoded') {
    const { decodeScenario } = await import('./decodeLink')
    const decoded = decodeScenario(options.scenario.encoded)
    if (decoded.ok) init.scenario = decoded.scenario
    else {
      problems.push(`This link’s scenario could not be opened: ${decoded.message}.`)
      // A time chosen for a scenario we could not open means nothing in the default one.
      cursorMs = null
      fellBack = true
    }
  }
  problems.push(...options.problems)
  if (cursorMs !== null) init.cursorMs = cursorMs

  const store = createLabStore(init)
  const resolved = resolveRange(options.from, options.to, store.getState().lab.timeline)
  problems.push(...resolved.problems)
  if (resolved.range !== null) store.getState().setRange(resolved.range)
  // The full controls open on the reader's tools first.
  if (options.controls === 'full') store.getState().setTab('break')

  if (problems.length > 0) {
    const title = store.getState().lab.scenario.title ?? DEFAULT_PRESET_ID
    const fallback = fellBack ? ` Showing the default scenario, “${title}”.` : ''
    store.setState({ notice: `${problems.join(' ')}${fallback}` })
  }
  return store
}

/**
 * The full lab's address for what the embed opened: `?scenario=<id>` for a preset, the link's
 * own `#s=` payload for a custom scenario (so nothing is re-encoded), relative to `labUrl` (the
 * directory that holds index.html). Null when `labUrl` is not a usable address.
 */
export function labHrefFor(store: LabStore, options: EmbedOptions, labUrl: string): string | null {
  let url: URL
  try {
    url = new URL(labUrl)
  } catch {
    return null
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null
  const base = store.getState().base
  url.hash = ''
  url.search = ''
  if (base.kind === 'custom' && options.scenario.kind === 'encoded') {
    url.hash = `s=${options.scenario.encoded}`
  } else if (base.kind === 'preset') {
    url.search = `scenario=${encodeURIComponent(base.preset.id)}`
  }
  return url.href
}
