/**
 * Fuzz test of public/embed-host.js, the plain script blog pages load: it is run in this jsdom
 * window beside iframes of every kind, then sent messages of any shape, from any of those
 * windows, claiming any origin. It resizes an iframe only for `{ type: 'fencing-lab:resize',
 * height: <finite number> }` from that iframe's own window and origin (clamped to 120–4,000 px),
 * and only an iframe that is ours: embed.html beside the script, or marked `data-fencing-lab` on
 * the lab's origin, or opted in with `data-fencing-lab-any-origin` on any web origin (never a
 * data: or about: frame). It ignores everything else and never throws.
 * Replay a failure with the command in its message.
 */
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import fc from 'fast-check'
import { beforeAll, describe, expect, it } from 'vitest'
import { PROPERTY_SEEDS, assertProperty } from '../testing/property'
import type { Hostile } from '../testing/hostile'
import { hostileArb, makeHostile, messageDataArb } from '../testing/hostile'
import { PING_TYPE, RESIZE_TYPE } from './resize'

const LAB = 'https://lab.example'

/**
 * Our frames (by address, or marked on the lab's origin, or opted in from any web origin) and
 * frames that are not ours; `accepts` lists the origins each may resize itself from.
 */
const FRAMES: {
  src: string
  accepts: string[]
  attributes?: Record<string, string>
}[] = [
  { src: `${LAB}/embed.html?scenario=gc-pause`, accepts: [LAB] },
  { src: `${LAB}/embed.html#s=AAAA`, accepts: [LAB] },
  { src: `${LAB}/posts/figure.html`, accepts: [LAB], attributes: { 'data-fencing-lab': '' } },
  // Sandboxed into an opaque origin: it posts as "null".
  {
    src: `${LAB}/embed.html?scenario=lock-delay`,
    accepts: [LAB, 'null'],
    attributes: { sandbox: 'allow-scripts' },
  },
  {
    src: `${LAB}/embed.html?scenario=redlock`,
    accepts: [LAB],
    attributes: { sandbox: 'allow-scripts allow-same-origin' },
  },
  // Marked, but on another origin: not ours unless the host opts in.
  { src: 'https://elsewhere.example/widget', accepts: [], attributes: { 'data-fencing-lab': '' } },
  {
    src: 'https://mirror.example/embed.html',
    accepts: ['https://mirror.example'],
    attributes: { 'data-fencing-lab-any-origin': '' },
  },
  // Frames with no origin of their own are never ours, opted in or not.
  { src: 'data:text/html,<p>hi</p>', accepts: [], attributes: { 'data-fencing-lab': '' } },
  {
    src: 'data:text/html,<p>hi</p>',
    accepts: [],
    attributes: { 'data-fencing-lab-any-origin': '' },
  },
  {
    src: 'about:blank',
    accepts: [],
    attributes: { 'data-fencing-lab': '', sandbox: 'allow-scripts' },
  },
  { src: `${LAB}/other.html`, accepts: [] },
  { src: 'https://evil.example/embed.html', accepts: [] },
  { src: 'http://[bad', accepts: [], attributes: { 'data-fencing-lab': '' } },
]

const errors: unknown[] = []
let iframes: HTMLIFrameElement[] = []

beforeAll(() => {
  window.addEventListener('error', (event) => errors.push(event.error ?? event.message))
  iframes = FRAMES.map(({ src, attributes = {} }) => {
    const iframe = document.createElement('iframe')
    iframe.setAttribute('src', src)
    for (const [name, value] of Object.entries(attributes)) iframe.setAttribute(name, value)
    document.body.append(iframe)
    return iframe
  })
  // The script reads its own address from document.currentScript while it runs.
  const script = document.createElement('script')
  script.setAttribute('src', `${LAB}/embed-host.js`)
  Object.defineProperty(document, 'currentScript', { configurable: true, get: () => script })
  const source = readFileSync(join(process.cwd(), 'public/embed-host.js'), 'utf8')
  try {
    // A test may evaluate the script it tests; the app itself never evaluates strings.
    // eslint-disable-next-line @typescript-eslint/no-implied-eval
    const run = new Function(source) as () => void
    run()
  } finally {
    Reflect.deleteProperty(document, 'currentScript')
  }
})

describe('embed-host.js, every frame and origin', () => {
  const ORIGINS = [LAB, 'https://elsewhere.example', 'https://mirror.example', 'null', '']
  it.each(FRAMES.map((frame, index) => ({ ...frame, index })))(
    'frame $index ($src) resizes itself from exactly $accepts',
    ({ index, accepts }) => {
      const iframe = iframes[index]!
      for (const [step, origin] of ORIGINS.entries()) {
        iframe.style.height = ''
        const height = 300 + step
        window.dispatchEvent(
          new MessageEvent('message', {
            data: { type: RESIZE_TYPE, height },
            origin,
            source: iframe.contentWindow,
          }),
        )
        expect(iframe.style.height, `from ${origin || '(empty)'}`).toBe(
          accepts.includes(origin) ? `${height}px` : '',
        )
      }
    },
  )
})

describe.each(PROPERTY_SEEDS)('embed-host.js fuzz, seed %i', (seed) => {
  it('resizes only our frame that asked, from its origin, and never throws', () => {
    const data = fc.oneof(messageDataArb([RESIZE_TYPE, PING_TYPE, 'iframe.resize']), hostileArb)
    const origin = fc.oneof(
      fc.constantFrom(
        LAB,
        'https://elsewhere.example',
        'https://mirror.example',
        'https://evil.example',
        'null',
        '',
      ),
      fc.string({ maxLength: 20 }),
    )
    assertProperty(
      fc.property(data, origin, fc.nat(FRAMES.length + 1), (generated, from, pick) => {
        const message = isHostileSpec(generated) ? makeHostile(generated) : generated
        const source =
          pick < iframes.length
            ? iframes[pick]!.contentWindow
            : pick === iframes.length
              ? window
              : null
        const before = iframes.map((f) => f.style.height)
        errors.length = 0
        window.dispatchEvent(new MessageEvent('message', { data: message, origin: from, source }))
        expect(errors).toEqual([])

        const expected = [...before]
        const frame = FRAMES[pick]
        const height = isHostileSpec(generated) ? undefined : readHeight(message)
        if (frame?.accepts.includes(from) === true && height !== undefined) {
          expected[pick] = `${Math.round(Math.min(Math.max(height, 120), 4000))}px`
        }
        expect(iframes.map((f) => f.style.height)).toEqual(expected)
      }),
      { seed, numRuns: 150 },
    )
  })
})

/** The height of a well-formed resize message, else undefined. */
function readHeight(message: unknown): number | undefined {
  if (typeof message !== 'object' || message === null) return undefined
  const { type, height } = message as { type?: unknown; height?: unknown }
  if (type !== RESIZE_TYPE || typeof height !== 'number' || !Number.isFinite(height))
    return undefined
  return height
}

function isHostileSpec(value: unknown): value is Hostile {
  return typeof value === 'object' && value !== null && 'hostile' in value
}
