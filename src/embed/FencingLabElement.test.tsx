import fc from 'fast-check'
import { assertAsyncProperty } from '../testing/property'
import { act } from 'react'
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { FencingLabElement } from './FencingLabElement'
import { ELEMENT_ATTRIBUTES } from './options'
import { encodeScenario } from '../link/encode'
import { findPreset } from '../sim'
import { BEFORE_STORY } from '../ui/Caption'
import { RESERVED_HEIGHT_PX, WIDE_HEIGHT_PX } from '../ui/share/snippets'

;(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true

const MARKUP = '<img src=x onerror="globalThis.__flPwned = 1">'
const SCRIPT = '<script>globalThis.__flPwned = 2</script>'

beforeAll(() => {
  if (customElements.get('fencing-lab') === undefined) {
    customElements.define('fencing-lab', FencingLabElement)
  }
})

afterEach(() => {
  act(() => {
    document.body.innerHTML = ''
  })
  delete (globalThis as { __flPwned?: number }).__flPwned
})

/**
 * How long to wait for the lab to open: the on-demand import takes well over vi.waitFor's default
 * second when the machine is busy (the attribute fuzz suite failed that way at a load of 17 on 2 cores).
 */
const WAIT_FOR_LAB = { timeout: 15_000, interval: 20 }

/** Adds an element with these attributes and waits until it has opened its lab. */
async function mount(attributes: Record<string, string>): Promise<HTMLElement> {
  const element = document.createElement('fencing-lab')
  for (const [name, value] of Object.entries(attributes)) element.setAttribute(name, value)
  await act(async () => {
    document.body.append(element)
    await settle()
  })
  // A custom scenario's decoder is imported on demand: wait for the lab, not a fixed time.
  await vi.waitFor(async () => {
    await act(settle)
    if (element.shadowRoot?.querySelector('.fl-embed') == null) throw new Error('not open yet')
  }, WAIT_FOR_LAB)
  return element
}

/** Lets the element's microtask and its (possibly dynamic-import) open finish. */
async function settle(): Promise<void> {
  for (let i = 0; i < 5; i++) await new Promise((resolve) => setTimeout(resolve, 0))
}

function shadow(element: HTMLElement): ShadowRoot {
  const root = element.shadowRoot
  if (root === null) throw new Error('no open shadow root')
  return root
}

function text(element: HTMLElement): string {
  return shadow(element).textContent ?? ''
}

describe('<fencing-lab>', () => {
  it('renders the preset it names inside an open shadow root, with its styles', async () => {
    const element = await mount({ scenario: 'lock-delay', controls: 'minimal' })
    const root = shadow(element)
    expect(root.querySelector('.fl-embed-title')?.textContent).toBe(
      'Lock-delay covers a bounded pause',
    )
    expect(root.querySelector('[aria-label="Step forward"]')).not.toBeNull()
    expect(root.querySelector('input[type="range"]')).not.toBeNull()
    // jsdom cannot construct stylesheets: the fallback <style> holds the adapted CSS.
    const css = [...root.querySelectorAll('style')].map((s) => s.textContent).join('')
    expect(css).toContain(':host')
    expect(css).not.toMatch(/\d rem\b|\drem\b/)
    // Nothing leaks into the host document.
    expect(document.head.querySelector('style')).toBeNull()
  })

  it('links to the lab its `lab` attribute names, else to the script’s directory', async () => {
    const saved = FencingLabElement.labUrl
    try {
      FencingLabElement.labUrl = 'https://blog.example/static/'
      const open = (element: HTMLElement) =>
        shadow(element).querySelector<HTMLAnchorElement>('.fl-embed-open')?.href ?? null
      const own = await mount({ scenario: 'gc-pause', lab: 'https://lab.example/fencing' })
      expect(open(own)).toMatch(/^https:\/\/lab\.example\/fencing\/\?scenario=gc-pause/)
      const beside = await mount({ scenario: 'gc-pause' })
      expect(open(beside)).toMatch(/^https:\/\/blog\.example\/static\/\?scenario=gc-pause/)
      const bad = await mount({ scenario: 'gc-pause', lab: 'javascript:alert(1)' })
      expect(text(bad)).toContain('lab="javascript:alert(1)" is not the lab\'s address')
      expect(open(bad)).toMatch(/^https:\/\/blog\.example\/static\//)
    } finally {
      FencingLabElement.labUrl = saved
    }
  })

  it('keeps the height the README reserves for its controls, wide and in a phone column', async () => {
    const full = await mount({ scenario: 'gc-pause', 'data-controls': 'full' })
    const none = await mount({ scenario: 'gc-pause', controls: 'none' })
    const lab = (element: HTMLElement) => shadow(element).querySelector('.fl-element-lab')
    expect(lab(full)?.getAttribute('data-controls')).toBe('full')
    expect(lab(none)?.getAttribute('data-controls')).toBe('none')
    const css = [...shadow(full).querySelectorAll('style')].map((s) => s.textContent).join('')
    for (const mode of ['none', 'minimal', 'full'] as const) {
      const selector = `.fl-element-lab[data-controls='${mode}']`
      expect(css).toContain(`${selector}{min-height:${WIDE_HEIGHT_PX[mode]}px}`)
      expect(css).toContain(
        `@container (max-width:639px){${selector}{min-height:${RESERVED_HEIGHT_PX[mode]}px}}`,
      )
    }
  })

  it('holds its caption at the story’s longest line: every line laid out, unseen, in its cell', async () => {
    const minimal = await mount({ scenario: 'gc-pause', 'data-controls': 'minimal' })
    const root = shadow(minimal)
    const sizers = root.querySelector('.fl-caption-steady > .fl-caption-sizers')
    expect(sizers?.getAttribute('aria-hidden')).toBe('true')
    const story = findPreset('gc-pause')?.scenario.narration?.length ?? 0
    expect(story).toBeGreaterThan(1)
    const lines = [...(sizers?.querySelectorAll('.fl-caption-text') ?? [])].map(
      (p) => p.textContent,
    )
    // The story's lines, and the line shown before its first.
    expect(lines).toHaveLength(story + 1)
    expect(lines[0]).toBe(BEFORE_STORY)
    expect(new Set(lines).size).toBe(story + 1)
    // The caption shown is the one before them in the cell, and the only one outside them.
    const shown = [...root.querySelectorAll('.fl-caption-text')].filter((p) => !sizers?.contains(p))
    expect(shown).toHaveLength(1)
    expect(sizers?.querySelector('button')).toBeNull()
    // With the full controls the caption has Previous and Next: each held line has them too,
    // unseen and out of the tab order, so it wraps where the shown line does.
    const full = shadow(await mount({ scenario: 'gc-pause', 'data-controls': 'full' }))
    const fullSizers = full.querySelector('.fl-caption-steady > .fl-caption-sizers')
    expect(fullSizers?.getAttribute('aria-hidden')).toBe('true')
    expect(fullSizers?.querySelectorAll('.fl-caption-text')).toHaveLength(story + 1)
    const unseen = [...(fullSizers?.querySelectorAll('button') ?? [])]
    expect(unseen.map((b) => b.textContent)).toEqual(
      Array.from({ length: story + 1 }, () => ['‹ Previous', 'Next ›']).flat(),
    )
    expect(unseen.every((b) => b.tabIndex === -1)).toBe(true)
    expect(full.querySelectorAll('[aria-label="Next moment"]')).toHaveLength(1)
  })

  it('several elements, each with its own lab', async () => {
    const one = await mount({ scenario: 'gc-pause', controls: 'none' })
    const two = await mount({ scenario: 'lock-delay', controls: 'full' })
    expect(shadow(one).querySelector('.fl-embed-title')?.textContent).toMatch(/^GC pause/)
    expect(shadow(two).querySelector('.fl-embed-title')?.textContent).toMatch(/^Lock-delay/)
    expect(shadow(one).querySelector('input[type="range"]')).toBeNull()
    expect(shadow(two).querySelector('summary')?.textContent).toBe(
      'Break things, state and event log',
    )
  })

  it('a bad attribute is a message inside the element, next to the default scenario', async () => {
    const element = await mount({ scenario: 'gc-paws', theme: 'sepia' })
    const alert = shadow(element).querySelector('[role="alert"]')
    expect(alert?.textContent).toContain('There is no scenario called “gc-paws”.')
    expect(alert?.textContent).toContain('theme="sepia" is not one of auto, light or dark')
    expect(shadow(element).querySelector('.fl-embed-title')?.textContent).toMatch(/^GC pause/)
  })

  it('re-opens when an attribute changes; a theme change keeps the reader’s place', async () => {
    const element = await mount({ scenario: 'gc-pause' })
    const root = shadow(element)
    await act(async () => {
      element.setAttribute('theme', 'dark')
      await settle()
    })
    expect(root.querySelector('.fl-embed')?.getAttribute('data-theme')).toBe('dark')
    await act(async () => {
      element.setAttribute('scenario', 'lock-delay')
      await settle()
    })
    expect(root.querySelector('.fl-embed-title')?.textContent).toMatch(/^Lock-delay/)
    await act(async () => {
      element.remove()
      await settle()
    })
    expect(root.querySelector('.fl-embed')).toBeNull()
  })

  it('scenario text is text: markup in a title, description or narration creates nothing', async () => {
    const encoded = encodeScenario({
      title: MARKUP,
      description: SCRIPT,
      clients: [
        { id: 'A', script: [{ do: 'acquire' }, { do: 'write', resource: 'storage', value: 'x' }] },
      ],
      narration: [{ atMs: 0, text: MARKUP }],
    })
    const element = await mount({ link: `#s=${encoded}`, controls: 'full' })
    const root = shadow(element)
    expect(root.querySelector('.fl-embed-title')?.textContent).toBe(MARKUP)
    expect(text(element)).toContain(MARKUP)
    expect(root.querySelector('img, script, iframe, object')).toBeNull()
    expect(document.querySelector('img, script')).toBeNull()
    expect((globalThis as { __flPwned?: number }).__flPwned).toBeUndefined()
  })

  it('markup in a bad attribute is quoted as text', async () => {
    const element = await mount({ scenario: MARKUP, controls: SCRIPT })
    const alert = shadow(element).querySelector('[role="alert"]')
    expect(alert?.textContent).toContain('There is no scenario called “<img src=x')
    expect(shadow(element).querySelector('img, script')).toBeNull()
  })

  it('never throws and always shows a lab, whatever the attributes (property)', async () => {
    const value = fc.oneof(
      fc.string(),
      fc.constantFrom('', 'full', 'none', 'dark', 'step:2', '5000', '#s=AAAA', 'gc-pause'),
    )
    await assertAsyncProperty(
      fc.asyncProperty(
        fc.dictionary(fc.constantFrom(...ELEMENT_ATTRIBUTES), value, { maxKeys: 5 }),
        async (attributes) => {
          const element = await mount(attributes)
          const root = shadow(element)
          expect(root.querySelector('.fl-embed-title')?.textContent).toBeTruthy()
          const alert = root.querySelector('[role="alert"]')
          if (alert !== null) expect(alert.textContent).toMatch(/\.$/)
          act(() => element.remove())
        },
      ),
      { numRuns: 8 },
    )
  })
})
