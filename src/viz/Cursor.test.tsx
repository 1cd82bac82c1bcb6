/**
 * The live playhead, veil and pill follow their cursor feed by writes, without a React render per
 * move (issue 18: playing must be cheap), and are always drawn as the static ones are at their
 * cursor.
 */
import type { ReactNode } from 'react'
import { act, Profiler } from 'react'
import { afterEach, describe, expect, it } from 'vitest'
import { presetRun } from '../testing/presetRuns'
import { testRoots } from '../testing/reactRoots'
import type { CursorFeed } from './cursorFeed'
import type { Future } from './Cursor'
import { FutureVeil, LiveFutureVeil, LivePlayhead, playheadTransform } from './Cursor'
import { layoutDiagram } from './layout'

;(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true

const roots = testRoots()

afterEach(() => roots.unmountAll())

/** `node` in an SVG, its commits counted (a move that needs no render commits nothing). */
function counted(node: ReactNode) {
  let commits = 0
  const tree = (inner: ReactNode) => (
    <Profiler id="cursor" onRender={() => commits++}>
      <svg>{inner}</svg>
    </Profiler>
  )
  const view = roots.mount(tree(node))
  return {
    host: view.host,
    render: (next: ReactNode) => view.render(tree(next)),
    commits: () => commits,
    unmount: () => act(() => view.root.unmount()),
  }
}

/** A cursor feed by hand: `move` sets the cursor and tells the listeners. */
function handFeed(ms: number) {
  const listeners = new Set<() => void>()
  const feed: CursorFeed = {
    subscribe: (onChange) => {
      listeners.add(onChange)
      return () => listeners.delete(onChange)
    },
    getMs: () => ms,
  }
  const move = (next: number) => {
    ms = next
    for (const l of listeners) l()
  }
  return { feed, move, listeners }
}

const { run, findings } = presetRun('gc-pause')
const wide = layoutDiagram({ run, findings, widthPx: 900 })
const narrow = layoutDiagram({ run, findings, widthPx: 500 })

function mount(model: typeof wide, feed: CursorFeed | undefined, cursorMs = 0) {
  const playhead = (m: typeof wide) => <LivePlayhead model={m} cursorMs={cursorMs} feed={feed} />
  const view = counted(playhead(model))
  const transform = () => view.host.querySelector('.fl-playhead')?.getAttribute('transform')
  return { ...view, render: (m: typeof wide) => view.render(playhead(m)), transform }
}

describe('LivePlayhead', () => {
  it('moves with its feed by its transform, with no render', () => {
    const { feed, move } = handFeed(0)
    const view = mount(wide, feed)
    const rendered = view.commits()
    const seen = new Set<string | null | undefined>()
    for (let i = 1; i <= 30; i++) {
      const ms = (run.endMs * i) / 30
      act(() => move(ms))
      expect(view.transform()).toBe(playheadTransform(wide, ms))
      seen.add(view.transform())
    }
    expect(seen.size).toBe(30)
    expect(view.commits()).toBe(rendered)
  })

  it('is at its cursor after a render with a new model, whoever wrote the transform last', () => {
    const { feed, move } = handFeed(0)
    const view = mount(wide, feed)
    act(() => move(run.endMs / 2))
    view.render(narrow)
    expect(view.transform()).toBe(playheadTransform(narrow, run.endMs / 2))
    // React writes a transform only when its own changes; the feed places the playhead again
    // after every render with a new model, so the two never disagree for long.
    act(() => move(0))
    view.render(wide)
    expect(view.transform()).toBe(playheadTransform(wide, 0))
    act(() => move(run.endMs))
    expect(view.transform()).toBe(playheadTransform(wide, run.endMs))
  })

  it('stops listening when it goes', () => {
    const { feed, listeners } = handFeed(0)
    const view = mount(wide, feed)
    expect(listeners.size).toBe(1)
    view.unmount()
    expect(listeners.size).toBe(0)
  })

  it('draws its cursor prop when there is no feed (the tour, the figures)', () => {
    const view = mount(wide, undefined, run.endMs / 3)
    expect(view.transform()).toBe(playheadTransform(wide, run.endMs / 3))
  })
})

/** The static veil's markup at a cursor: what the figures and the prerender draw. */
function staticVeil(model: typeof wide, cursorMs: number, future: Future): string {
  const view = roots.mount(
    <svg>
      <FutureVeil model={model} cursorMs={cursorMs} future={future} />
    </svg>,
  )
  const html = view.host.innerHTML
  act(() => view.root.unmount())
  view.host.remove()
  return html
}

describe('LiveFutureVeil', () => {
  it.each(['fade', 'hide', 'show'] as const)(
    'draws exactly what the static veil draws at every cursor, as its feed moves (%s)',
    (future) => {
      const { feed, move } = handFeed(0)
      const view = counted(<LiveFutureVeil model={wide} cursorMs={0} feed={feed} future={future} />)
      const rendered = view.commits()
      const moves = 240
      for (let i = 0; i <= moves; i++) {
        // Small steps, as frames are, over the whole run and past its end.
        const ms = (run.endMs * 1.02 * i) / moves
        act(() => move(ms))
        expect(view.host.innerHTML).toBe(staticVeil(wide, ms, future))
      }
      // The shape changes now and then (tiles, labels, the pill's width); most moves are writes.
      if (future === 'fade') expect(view.commits() - rendered).toBeLessThan(moves / 4)
    },
  )

  it('is drawn for the new model at its cursor after the diagram is laid out again', () => {
    const { feed, move } = handFeed(0)
    const veil = (model: typeof wide) => (
      <LiveFutureVeil model={model} cursorMs={0} feed={feed} future="fade" />
    )
    const view = counted(veil(wide))
    const draw = (model: typeof wide) => view.render(veil(model))
    draw(wide)
    act(() => move(run.endMs / 3))
    draw(narrow)
    expect(view.host.innerHTML).toBe(staticVeil(narrow, run.endMs / 3, 'fade'))
    act(() => move(run.endMs / 2))
    expect(view.host.innerHTML).toBe(staticVeil(narrow, run.endMs / 2, 'fade'))
  })
})
