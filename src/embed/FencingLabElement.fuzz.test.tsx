/**
 * Fuzz test of <fencing-lab>'s attributes: random names and values, set, changed and removed in
 * random order while the element is on the page (a `link` with garbage or a cut-short lab link,
 * nonsense `from`/`to`, `theme` toggling). Nothing throws, and after every change the element
 * shows the lab, with a message in it for anything wrong; it never stays blank.
 * Replay a failure with the command in its message.
 */
import fc from 'fast-check'
import { act } from 'react'
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { PRESETS } from '../sim'
import { PROPERTY_SEEDS, assertAsyncProperty } from '../testing/property'
import { unicodeArb } from '../testing/hostile'
import { FencingLabElement } from './FencingLabElement'
import { ELEMENT_ATTRIBUTES } from './options'
import { encodeScenario } from '../link/encode'

;(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true

const LINK = `https://lab.example/#s=${encodeScenario(PRESETS[1]!.scenario)}&t=9000`

beforeAll(() => {
  if (customElements.get('fencing-lab') === undefined) {
    customElements.define('fencing-lab', FencingLabElement)
  }
})

afterEach(() => {
  act(() => {
    document.body.innerHTML = ''
  })
})

async function settle(): Promise<void> {
  for (let i = 0; i < 5; i++) await new Promise((resolve) => setTimeout(resolve, 0))
}

type Op = { name: string; value: string | null }

const nameArb = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...ELEMENT_ATTRIBUTES) },
  fc.constantFrom('id', 'class', 'style', 'hidden', 'dir', 'lang', 'data-x', 'aria-label'),
  fc.stringMatching(/^[a-z][a-z0-9-]{0,10}$/),
)
const valueArb = fc.oneof(
  fc.string({ maxLength: 20 }),
  unicodeArb,
  fc.constantFrom(
    '',
    'dark',
    'light',
    'auto',
    'full',
    'none',
    'gc-pause',
    'step:3',
    'step:999999',
    '-5',
    '1e9',
    '9000',
    '0',
    '#s=',
    '#s=AAAA',
    '?scenario=',
    LINK,
  ),
  fc.nat(LINK.length).map((cut) => LINK.slice(0, cut)),
)
const opArb: fc.Arbitrary<Op> = fc.record({
  name: nameArb,
  value: fc.option(valueArb, { freq: 5 }),
})

/**
 * How long to wait for the lab to open: the on-demand import takes well over vi.waitFor's default
 * second when the machine is busy (seen failing that way at a load average of 17 on two cores).
 */
const WAIT_FOR_LAB = { timeout: 15_000, interval: 20 }

describe.each(PROPERTY_SEEDS)('<fencing-lab> attribute fuzz, seed %i', (seed) => {
  it('any attributes in any order: the lab, with a message for anything wrong', async () => {
    await assertAsyncProperty(
      fc.asyncProperty(fc.array(opArb, { minLength: 1, maxLength: 5 }), async (ops) => {
        const element = document.createElement('fencing-lab')
        await act(async () => {
          document.body.append(element)
          await settle()
        })
        for (const op of ops) {
          await act(async () => {
            if (op.value === null) element.removeAttribute(op.name)
            else element.setAttribute(op.name, op.value)
            await settle()
          })
          // A custom scenario's decoder is imported on demand: wait for the lab.
          await vi.waitFor(async () => {
            await act(settle)
            const root = element.shadowRoot
            if (root?.querySelector('.fl-embed-title')?.textContent == null) {
              throw new Error(`blank after ${JSON.stringify(op)}`)
            }
          }, WAIT_FOR_LAB)
          const alert = element.shadowRoot?.querySelector('[role="alert"]')
          if (alert != null) expect(alert.textContent).toMatch(/\.$/)
          expect(element.shadowRoot?.querySelector('img, script, iframe')).toBeNull()
        }
        act(() => element.remove())
      }),
      { seed, numRuns: 6 },
    )
  })
})
