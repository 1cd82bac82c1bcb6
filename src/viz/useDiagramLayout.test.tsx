// @vitest-environment jsdom
import { act } from 'react'
import { createRoot } from 'react-dom/client'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { TimeView } from '../timeline'
import { deriveSpans, nextFollowViews, viewFollowing } from '../timeline'
import { presetRun } from '../testing/presetRuns'
import type * as Layout from './layout'
import type { DiagramModel } from './layout'
import { layoutDiagram } from './layout'
import { useDiagramLayout } from './useDiagramLayout'

const calls = vi.hoisted(() => ({ views: [] as string[] }))
vi.mock('./layout', async (importOriginal) => {
  const real = await importOriginal<typeof Layout>()
  return {
    ...real,
    layoutDiagram: (input: Parameters<typeof real.layoutDiagram>[0]) => {
      const v = input.options?.view
      calls.views.push(v == null ? 'all' : `${v.fromMs}:${v.toMs}`)
      return real.layoutDiagram(input)
    },
  }
})

;(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true

afterEach(() => {
  document.body.replaceChildren()
  vi.useRealTimers()
  calls.views.length = 0
})

const { run, findings } = presetRun('gc-pause')
const spans = deriveSpans(run)
const key = (v: TimeView) => `${v.fromMs}:${v.toMs}`

function mount() {
  const models: DiagramModel[] = []
  function Probe({ view }: { view: TimeView | null }) {
    models.push(
      useDiagramLayout(
        {
          run,
          findings,
          spans,
          widthPx: 900,
          time: 'auto',
          alignWith: undefined,
          dangerWindows: undefined,
        },
        view,
      ),
    )
    return null
  }
  const host = document.createElement('div')
  document.body.append(host)
  const root = createRoot(host)
  const show = (view: TimeView | null) => act(() => root.render(<Probe view={view} />))
  return { models, show }
}

describe('useDiagramLayout', () => {
  it('lays out, in idle time, the windows a follow turns to next, and draws them from there', () => {
    vi.useFakeTimers()
    const { models, show } = mount()
    const view = { fromMs: 4000, toMs: 8000 }
    show(view)
    expect(calls.views).toEqual([key(view)])
    const ahead = nextFollowViews(view, run.endMs)
    expect(ahead).toHaveLength(2)
    // Not while the view may still be moving.
    act(() => {
      vi.advanceTimersByTime(100)
    })
    expect(calls.views).toEqual([key(view)])
    act(() => {
      vi.advanceTimersByTime(300)
    })
    expect(calls.views).toEqual([key(view), ...ahead.map(key)])
    // The cursor steps just past the right edge: the window turns to one laid out already.
    const turned = viewFollowing(view, 8100, run.endMs)
    expect(turned).toEqual(ahead[0])
    show(turned)
    expect(calls.views.filter((v) => v === key(ahead[0] as TimeView))).toHaveLength(1)
    // The same layout the pure function gives.
    expect(models.at(-1)).toEqual(
      layoutDiagram({
        run,
        findings,
        spans,
        widthPx: 900,
        options: { time: 'auto', view: turned },
      }),
    )
  })

  it('lays out nothing ahead while the view glides (a new view every frame)', () => {
    vi.useFakeTimers()
    const { show } = mount()
    for (let frame = 0; frame < 20; frame++) {
      show({ fromMs: 4000 + frame * 25, toMs: 8000 + frame * 25 })
      act(() => {
        vi.advanceTimersByTime(16)
      })
    }
    expect(calls.views).toHaveLength(20)
  })

  it('lays out the whole run once and nothing ahead', () => {
    vi.useFakeTimers()
    const { show } = mount()
    show(null)
    show(null)
    act(() => {
      vi.advanceTimersByTime(200)
    })
    expect(calls.views).toEqual(['all'])
  })
})
