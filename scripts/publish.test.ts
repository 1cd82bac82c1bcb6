import { describe, expect, it } from 'vitest'
import { findPreset, PRESETS } from '../src/sim'
import { EMBED_HEIGHTS } from '../src/ui/share/embedHeights'
import { publishedFiles } from './publish'

function onlyPreset(id: string) {
  const preset = findPreset(id)
  if (preset === undefined) throw new Error(`no preset ${id}`)
  return [preset]
}

describe('publishedFiles', () => {
  it('publishes both figures, a page and an oEmbed answer per preset, and an index', () => {
    const paths = publishedFiles(PRESETS, null).map((f) => f.path)
    for (const { id } of PRESETS) {
      expect(paths).toContain(`figures/${id}.svg`)
      expect(paths).toContain(`figures/${id}-dark.svg`)
      expect(paths).toContain(`presets/${id}.html`)
      expect(paths).toContain(`oembed/${id}.json`)
    }
    expect(paths).toContain('presets/index.html')
    expect(new Set(paths).size).toBe(paths.length)
  })

  it('uses absolute addresses for oEmbed and the social card when the lab’s address is known', () => {
    const files = publishedFiles(onlyPreset('gc-pause'), 'https://lab.example/fencing/')
    const page = files.find((f) => f.path === 'presets/gc-pause.html')?.text ?? ''
    expect(page).toContain(
      '<link rel="alternate" type="application/json+oembed" href="https://lab.example/fencing/oembed/gc-pause.json" title="GC pause: token 41 vs 42">',
    )
    expect(page).toContain(
      '<meta property="og:image" content="https://lab.example/fencing/figures/gc-pause.png">',
    )
    // The words say what happens, from the checker's findings.
    expect(page).toContain('Storage rejected A&#39;s token 41 after accepting B&#39;s token 42')
    const json = JSON.parse(files.find((f) => f.path === 'oembed/gc-pause.json')?.text ?? '{}') as {
      html: string
    }
    expect(json).toMatchObject({
      version: '1.0',
      type: 'rich',
      provider_name: 'Fencing Lab',
      provider_url: 'https://lab.example/fencing/',
      title: 'GC pause: token 41 vs 42',
      width: 960,
      height: EMBED_HEIGHTS['gc-pause'].minimal.anyPx,
      thumbnail_url: 'https://lab.example/fencing/figures/gc-pause.png',
    })
    expect(json.html).toContain(
      '<iframe src="https://lab.example/fencing/embed.html?scenario=gc-pause&amp;controls=minimal&amp;theme=auto"',
    )
    expect(json.html).toContain('<script src="https://lab.example/fencing/embed-host.js" defer>')
  })

  it('without the lab’s address, stays relative and leaves out the social card image', () => {
    const files = publishedFiles(onlyPreset('lock-delay'), null)
    const page = files.find((f) => f.path === 'presets/lock-delay.html')?.text ?? ''
    expect(page).toContain('href="../oembed/lock-delay.json"')
    expect(page).not.toContain('og:image')
    expect(page).toContain('<img src="../figures/lock-delay.svg"')
    expect(page).toContain('<a href="../?scenario=lock-delay">')
  })
})
