import { describe, expect, it } from 'vitest'
import { check } from '../../sim'
import { largeRun } from '../../testing/largeRun'
import { presetRun } from '../../testing/presetRuns'
import {
  barAt,
  BAR_SETS,
  bulkBars,
  bulkMessages,
  bulkPips,
  isMarkedBar,
  isMarkedMessage,
  nearestMessage,
  roundedRectPath,
  SQUARE_CORNER_PX,
} from './bulk'
import { layoutDiagram } from './layoutDiagram'
import type { LeaseBar, MessageArrow } from './types'

const big = (() => {
  const run = largeRun()
  return layoutDiagram({ run, findings: check(run), widthPx: 1280 })
})()

function arrow(over: Partial<MessageArrow>): MessageArrow {
  return {
    msg: 0,
    from: 'A',
    to: 'lock',
    kind: 'acquire',
    token: null,
    hue: 0,
    style: 'normal',
    sentAtMs: 0,
    doneAtMs: 10,
    x0: 0,
    y0: 0,
    x1: 100,
    y1: 0,
    head: null,
    queued: null,
    lost: null,
    label: null,
    name: 'a message',
    ...over,
  }
}

describe('bulk drawing of a dense run', () => {
  it('draws every pip once per half pixel, hue and outcome, and keeps the full badges apart', () => {
    const { paths, badges } = bulkPips(big.decisions)
    const pips = big.decisions.filter((d) => d.pip)
    // The fixture is the case this is for: a lane too crowded for badges.
    expect(pips.length).toBeGreaterThan(100)
    expect(badges).toEqual(big.decisions.flatMap((d, i) => (d.pip ? [] : [i])))
    // One circle (two arcs) per distinct half-pixel place of each hue and outcome.
    const places = new Set(
      pips.map((d) => `${d.hue} ${d.outcome} ${Math.round(d.cx * 2)} ${Math.round(d.cy * 2)}`),
    )
    const circles = paths.reduce((n, p) => n + (p.d.match(/M/g)?.length ?? 0), 0)
    expect(circles).toBe(places.size)
    expect(new Set(paths.map((p) => `${p.hue} ${p.outcome}`)).size).toBe(paths.length)
    // Each pip's circle is in its own hue and outcome's path, centred where the pip is.
    for (const d of pips.slice(0, 50)) {
      const path = paths.find((p) => p.hue === d.hue && p.outcome === d.outcome)
      expect(path?.d).toContain(`M${d.cx - 2.5},${d.cy}a2.5,2.5 0 1,0 5,0`)
    }
  })

  it('draws every plain arrow once in its hue path and keeps the marked ones apart', () => {
    expect(big.dense).toBe(true)
    const bulk = bulkMessages(big.messages)
    expect(bulk.plain.length + bulk.marked.length).toBe(big.messages.length)
    expect(new Set([...bulk.plain, ...bulk.marked]).size).toBe(big.messages.length)
    // Most arrows are plain: that is the point of drawing them in bulk.
    expect(bulk.plain.length).toBeGreaterThan(big.messages.length * 0.9)
    for (const i of bulk.marked) expect(isMarkedMessage(big.messages[i] as MessageArrow)).toBe(true)
    // The queued, lost, delayed and labelled arrows of the fixture are among the marked.
    expect(bulk.marked.some((i) => big.messages[i]?.queued !== null)).toBe(true)
    expect(bulk.marked.some((i) => big.messages[i]?.label !== null)).toBe(true)
    // Each plain arrow is drawn, once per half pixel: an arrow over the same pixels as one
    // drawn before it adds nothing.
    const subpaths = bulk.paths.reduce((n, p) => n + (p.d.match(/M/g)?.length ?? 0), 0)
    const heads = bulk.plain.filter((i) => big.messages[i]?.head !== null).length
    expect(subpaths).toBeLessThanOrEqual(bulk.plain.length + heads)
    const d = bulk.paths.map((p) => p.d).join('')
    for (const i of bulk.plain) {
      const a = big.messages[i] as MessageArrow
      const near = [...d.matchAll(/M([-\d.e]+),([-\d.e]+)L([-\d.e]+),([-\d.e]+)/g)].some(
        (m) =>
          Math.abs(Number(m[1]) - a.x0) <= 0.5 &&
          Math.abs(Number(m[2]) - a.y0) <= 0.5 &&
          Math.abs(Number(m[3]) - a.x1) <= 0.5 &&
          Math.abs(Number(m[4]) - a.y1) <= 0.5,
      )
      expect(near).toBe(true)
    }
    expect(new Set(bulk.paths.map((p) => p.hue)).size).toBe(bulk.paths.length)
  })

  it('draws at most one stroke per half pixel and lane pair, however many arrows', () => {
    // 100,000 plain arrows between two lanes of a 100 px figure, as a dense run packs them.
    const many = Array.from({ length: 100_000 }, (_, i) => {
      const x0 = ((i * 7919) % 100_000) / 1000
      return arrow({ msg: i, x0, y0: 0, x1: x0 + 0.3, y1: 40, head: 'l-3,-6' })
    })
    const bulk = bulkMessages(many)
    expect(bulk.plain).toHaveLength(100_000)
    const strokes = bulk.paths.reduce((n, p) => n + (p.d.match(/M/g)?.length ?? 0), 0)
    // One lane pair, one hue: 201 half-pixel starts, each with the ends its 0.3 px can round to.
    expect(strokes).toBeLessThanOrEqual(2 * 201 + 1)
    expect(strokes).toBeGreaterThan(200)
  })

  it('marks a bar that carries words: a stale belief, a token drawn inside its bar', () => {
    const sets = Object.keys(BAR_SETS) as (keyof typeof BAR_SETS)[]
    for (const set of sets) {
      const bulk = bulkBars(set, big)
      const bars = big[set]
      const plain = bars.length - bulk.marked.length
      const drawn = bulk.paths.reduce((n, p) => n + (p.d.match(/M/g)?.length ?? 0), 0)
      // Every plain bar is drawn, or covered by one of its hue within half a pixel of it.
      expect(drawn).toBeLessThanOrEqual(plain)
      expect(drawn).toBeGreaterThan(0)
      for (const i of bulk.marked) expect(isMarkedBar(set, bars[i] as never)).toBe(true)
    }
    expect(bulkBars('beliefs', big).marked.length).toBe(big.beliefs.filter((b) => b.stale).length)
    // gc-pause: A's stale belief and the two leases with their tokens inside.
    const { run, findings } = presetRun('gc-pause')
    const small = layoutDiagram({ run, findings, widthPx: 1280 })
    expect(bulkBars('beliefs', small).marked).toHaveLength(1)
    expect(bulkBars('leases', small).marked).toHaveLength(2)
  })

  it('draws a bar once per half pixel, square where its corners would be a pixel or less', () => {
    const lease = (x0: number, x1: number, hue = 0) =>
      ({ x0, x1, y0: 10, y1: 22, hue, text: null, title: '' }) as unknown as LeaseBar
    const bulk = bulkBars('leases', {
      leases: [
        lease(100, 102), // 2 px wide: a radius of 1 px would not show
        lease(100.2, 102.1), // the same pixels, within half a pixel: drawn once
        lease(100.2, 102.1, 1), // … unless its hue differs
        lease(110, 130), // wide: its corners are rounded as <rect rx="2"> rounds them
      ],
      beliefs: [],
      holds: [],
    })
    expect(bulk.paths).toEqual([
      {
        hue: 0,
        d: 'M100,10h2v12h-2ZM112,10h16a2,2 0 0 1 2,2v8a2,2 0 0 1 -2,2h-16a2,2 0 0 1 -2,-2v-8a2,2 0 0 1 2,-2Z',
      },
      { hue: 1, d: 'M100.2,10h1.9v12h-1.9Z' },
    ])
    expect(SQUARE_CORNER_PX).toBe(1)
  })

  it('draws a rounded rectangle as <rect rx> does, radius clamped to half the side', () => {
    expect(roundedRectPath(10, 20, 30, 26, 2)).toBe(
      'M12,20h16a2,2 0 0 1 2,2v2a2,2 0 0 1 -2,2h-16a2,2 0 0 1 -2,-2v-2a2,2 0 0 1 2,-2Z',
    )
    // 4 px wide: the radius shrinks to 2; a zero radius is a plain rectangle.
    expect(roundedRectPath(0, 0, 4, 10, 3)).toContain('a2,2')
    expect(roundedRectPath(0, 0, 4, 10, 0)).toBe('M0,0h4v10h-4Z')
  })

  it('picks the arrow nearest a point, within a distance, skipping what cannot be picked', () => {
    const arrows = [
      arrow({ msg: 0, x0: 0, y0: 0, x1: 100, y1: 0 }),
      arrow({ msg: 1, x0: 0, y0: 10, x1: 100, y1: 10, head: 'M107,10L100,13L100,7Z' }),
    ]
    const all = [0, 1]
    expect(nearestMessage(arrows, all, 50, 2, 4)).toBe(0)
    expect(nearestMessage(arrows, all, 50, 8, 4)).toBe(1)
    expect(nearestMessage(arrows, all, 50, 5, 6)).toBe(1) // a tie goes to the one on top
    expect(nearestMessage(arrows, all, 50, 30, 4)).toBeNull()
    // The head reaches past the drawn shaft's end.
    expect(nearestMessage(arrows, all, 106, 10, 1)).toBe(1)
    expect(nearestMessage(arrows, all, 106, 0, 1)).toBeNull()
    expect(nearestMessage(arrows, [0], 50, 8, 4)).toBeNull()
    expect(nearestMessage(arrows, all, 50, 8, 4, (a) => a.msg === 1)).toBeNull()
  })

  it('finds every plain arrow of the dense run at its midpoint', () => {
    const { plain } = bulkMessages(big.messages)
    let found = 0
    for (const i of plain) {
      const a = big.messages[i] as MessageArrow
      const hit = nearestMessage(big.messages, plain, (a.x0 + a.x1) / 2, (a.y0 + a.y1) / 2, 4)
      // Arrows can coincide; the one found must pass through the point too.
      const b = big.messages[hit ?? -1]
      expect(b, `arrow ${i}`).toBeDefined()
      if (hit === i) found++
    }
    expect(found).toBeGreaterThan(plain.length * 0.5)
  })

  it('finds the bar under a point, the last drawn first', () => {
    const bars = [
      { x0: 0, x1: 10, y0: 0, y1: 5, hue: 0, title: 'first' },
      { x0: 5, x1: 20, y0: 0, y1: 5, hue: 0, title: 'second' },
    ]
    expect(barAt(bars, 2, 2)).toBe(0)
    expect(barAt(bars, 7, 2)).toBe(1)
    expect(barAt(bars, 7, 6)).toBeNull()
  })
})
