// @vitest-environment jsdom
import { act } from 'react'
import fc from 'fast-check'
import { assertProperty } from '../testing/property'
import { createRoot } from 'react-dom/client'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { CheckResult, Run } from '../sim'
import { check, parseScenario, run as runScenario } from '../sim'
import type { Spans, TimeView } from '../timeline'
import { deriveSpans, nextFollowViews, viewFollowing } from '../timeline'
import { presetRun } from '../testing/presetRuns'
import type * as Layout from './layout'
import type { DiagramModel } from './layout'
import { layoutDiagram, layoutDiagramSteps } from './layout'
import type { DiagramLayout } from './useDiagramLayout'
import { layoutWork, SLICED_EVENTS, useDiagramLayout } from './useDiagramLayout'
import type { WarmUp } from './warmUp'
import { WarmUpContext } from './warmUpContext'

const calls = vi.hoisted(() => ({
  views: [] as string[],
  stepViews: [] as string[],
  steps: 0,
  /** Each step takes at least this long (ms), however fast the machine. */
  stepMs: 0,
}))
vi.mock('./layout', async (importOriginal) => {
  const real = await importOriginal<typeof Layout>()
  return {
    ...real,
    layoutDiagram: (input: Parameters<typeof real.layoutDiagram>[0]) => {
      const v = input.options?.view
      calls.views.push(v == null ? 'all' : `${v.fromMs}:${v.toMs}`)
      return real.layoutDiagram(input)
    },
    // Counts the steps taken, to see a layout in slices stop.
    layoutDiagramSteps: function* (input: Parameters<typeof real.layoutDiagramSteps>[0]) {
      const v = input.options?.view
      calls.stepViews.push(v == null ? 'all' : `${v.fromMs}:${v.toMs}`)
      const steps = real.layoutDiagramSteps(input)
      for (;;) {
        calls.steps++
        const until = performance.now() + calls.stepMs
        while (performance.now() < until) continue
        const next = steps.next()
        if (next.done === true) return next.value
        yield
      }
    },
  }
})

;(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true

afterEach(() => {
  document.body.replaceChildren()
  vi.useRealTimers()
  calls.views.length = 0
  calls.stepViews.length = 0
  calls.steps = 0
  calls.stepMs = 0
  vi.unstubAllGlobals()
})

const { run, findings } = presetRun('gc-pause')
const spans = deriveSpans(run)
const key = (v: TimeView) => `${v.fromMs}:${v.toMs}`

function mount(
  of: { run: Run; findings: CheckResult; spans: Spans } = { run, findings, spans },
  warmUp: WarmUp | null = null,
) {
  const models: (DiagramModel | null)[] = []
  const layouts: DiagramLayout[] = []
  function Probe({ view, widthPx = 900 }: { view: TimeView | null; widthPx?: number }) {
    const layout = useDiagramLayout(
      {
        run: of.run,
        findings: of.findings,
        spans: of.spans,
        widthPx,
        time: 'auto',
        alignWith: undefined,
        dangerWindows: undefined,
      },
      view,
    )
    models.push(layout.model)
    layouts.push(layout)
    return null
  }
  const host = document.createElement('div')
  document.body.append(host)
  const root = createRoot(host)
  const show = (view: TimeView | null, widthPx?: number) =>
    act(() =>
      root.render(
        <WarmUpContext.Provider value={warmUp}>
          <Probe view={view} {...(widthPx === undefined ? {} : { widthPx })} />
        </WarmUpContext.Provider>,
      ),
    )
  return { models, layouts, show, unmount: () => act(() => root.unmount()) }
}

/** Idle callbacks held in a queue the test runs (jsdom has none). */
function stubIdleCallbacks() {
  const queue = new Map<number, () => void>()
  let next = 1
  // Each runs with the most an idle period can have left (50 ms).
  const deadline = { didTimeout: false, timeRemaining: () => 50 }
  vi.stubGlobal('requestIdleCallback', (task: (d: typeof deadline) => void) => {
    queue.set(next, () => task(deadline))
    return next++
  })
  vi.stubGlobal('cancelIdleCallback', (handle: number) => queue.delete(handle))
  return {
    queued: () => queue.size,
    /**
     * Runs idle callbacks, and those they queue (through a timer too), until none is left;
     * returns how many ran.
     */
    drain(): number {
      let ran = 0
      for (;;) {
        if (queue.size === 0)
          act(() => {
            vi.advanceTimersByTime(1)
          })
        const first = queue.keys().next()
        if (first.done === true) return ran
        const task = queue.get(first.value)
        queue.delete(first.value)
        act(() => task?.())
        ran++
      }
    },
  }
}

describe('useDiagramLayout', () => {
  it('gives the onward window once it is laid out ahead, and only zoomed in', () => {
    vi.useFakeTimers()
    const idle = stubIdleCallbacks()
    const { layouts: seen, show, unmount } = mount()
    show(null)
    expect(seen.at(-1)?.onward).toBeNull()
    const view = { fromMs: 4000, toMs: 8000 }
    show(view)
    expect(seen.at(-1)?.onward).toBeNull()
    act(() => {
      vi.advanceTimersByTime(400)
    })
    idle.drain()
    const onward = nextFollowViews(view, run.endMs)[0] as TimeView
    // Rendered again once it was ready: the same layout the pure function gives.
    expect(seen.at(-1)?.onward).toEqual(
      layoutDiagram({
        run,
        findings,
        spans,
        widthPx: 900,
        options: { time: 'auto', view: onward },
      }),
    )
    // Turned to it: the same object is now the model, and the next window is not laid out yet.
    const laidAhead = seen.at(-1)?.onward
    show(onward)
    expect(seen.at(-1)?.model).toBe(laidAhead)
    expect(seen.at(-1)?.onward).toBeNull()
    unmount()
  })

  it('lays out, in slices of idle time, the windows a follow turns to next, and draws them from there', () => {
    vi.useFakeTimers()
    const idle = stubIdleCallbacks()
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
    expect(idle.queued()).toBe(0)
    act(() => {
      vi.advanceTimersByTime(300)
    })
    expect(idle.queued()).toBe(1)
    // Only in idle callbacks, step by step (never in one go, which held a playing page's frame).
    expect(calls.stepViews).toEqual([])
    const callbacks = idle.drain()
    expect(calls.stepViews).toEqual(ahead.map(key))
    expect(calls.views).toEqual([key(view)])
    // The idle callback that waited for the view to settle, then at least one per window.
    expect(callbacks).toBeGreaterThanOrEqual(1 + ahead.length)
    // The cursor steps just past the right edge: the window turns to one laid out already.
    const turned = viewFollowing(view, 8100, run.endMs)
    expect(turned).toEqual(ahead[0])
    show(turned)
    expect(calls.views).toEqual([key(view)])
    expect(calls.stepViews.filter((v) => v === key(ahead[0] as TimeView))).toHaveLength(1)
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

describe('useDiagramLayout on a page that warms the layout up (warmUp.ts)', () => {
  /** A warm-up that keeps what it is asked to lay out, and whether it was called off. */
  function recordingWarmUp() {
    const asked: { input: Layout.LayoutInput; stopped: boolean }[] = []
    const warmUp: WarmUp = (input) => {
      const entry = { input, stopped: false }
      asked.push(entry)
      return () => (entry.stopped = true)
    }
    return { asked, warmUp }
  }

  it('asks nothing of it for a heavy run, which is laid out in slices', () => {
    const { asked, warmUp } = recordingWarmUp()
    const heavy = heavyScenarioRun()
    const { show, unmount } = mount(heavy, warmUp)
    show(null)
    expect(asked).toHaveLength(0)
    unmount()
  })

  it('asks it to lay out the view shown, the same layout the diagram draws', () => {
    const { asked, warmUp } = recordingWarmUp()
    const { models, show, unmount } = mount({ run, findings, spans }, warmUp)
    show(null)
    expect(asked).toHaveLength(1)
    expect(asked[0]?.input.run).toBe(run)
    expect(layoutDiagram(asked[0]!.input)).toEqual(models.at(-1))
    // Zoomed in: the warm-up is called off and asked again, with the window shown.
    const view = { fromMs: 4000, toMs: 8000 }
    show(view)
    expect(asked[0]?.stopped).toBe(true)
    expect(asked).toHaveLength(2)
    expect(layoutDiagram(asked[1]!.input)).toEqual(models.at(-1))
    unmount()
    expect(asked[1]?.stopped).toBe(true)
  })
})

/** A renews every 10 ms for two minutes: about 50k events, over SLICED_EVENTS. */
function heavyScenarioRun() {
  const parsed = parseScenario({
    id: 'renewing',
    title: 'renewing',
    durationMs: 120_000,
    network: { latencyMs: 1 },
    clients: [
      { id: 'A', renewEveryMs: 10, script: [{ do: 'acquire' }, { do: 'work', ms: 120_000 }] },
    ],
  })
  if (!parsed.ok) throw new Error(parsed.message)
  const heavyRun = runScenario(parsed.scenario)
  return { run: heavyRun, findings: check(heavyRun), spans: deriveSpans(heavyRun) }
}

describe('useDiagramLayout with a heavy run (laid out in slices)', () => {
  const heavy = heavyScenarioRun()
  const pure = (view: TimeView | null, widthPx = 900) =>
    layoutDiagram({
      run: heavy.run,
      findings: heavy.findings,
      spans: heavy.spans,
      widthPx,
      options: { time: 'auto', ...(view === null ? {} : { view }) },
    })
  const settle = async () => {
    for (let i = 0; i < 60; i++) {
      await act(() => new Promise((resolve) => setTimeout(resolve, 5)))
    }
  }
  const until = async (ready: () => boolean) => {
    for (let i = 0; i < 2000 && !ready(); i++) {
      await act(() => new Promise((resolve) => setTimeout(resolve, 5)))
    }
  }

  it('gives nothing at first, then the same model the pure layout gives, never in one go', async () => {
    expect(heavy.run.events.length).toBeGreaterThan(SLICED_EVENTS)
    const { models, show, unmount } = mount(heavy)
    show(null)
    // The first render does not lay the run out: the caller shows that it is drawing.
    expect(models).toEqual([null])
    await until(() => models.at(-1) != null)
    // Nothing went through the one-go layout.
    expect(calls.views).toEqual([])
    expect(models.at(-1)).toEqual(pure(null))
    unmount()
  })

  it('keeps the last model of the run while another view or width is laid out', async () => {
    const { models, show, unmount } = mount(heavy)
    show(null)
    await until(() => models.at(-1) != null)
    const whole = models.at(-1)
    // Most of the run: still too much work for one go.
    const view = { fromMs: 10_000, toMs: 110_000 }
    show(view)
    expect(models.at(-1)).toBe(whole)
    await until(() => models.at(-1) !== whole)
    expect(models.at(-1)).toEqual(pure(view))
    show(view, 700)
    expect(models.at(-1)?.widthPx).toBe(900)
    await until(() => models.at(-1)?.widthPx === 700)
    expect(models.at(-1)).toEqual(pure(view, 700))
    unmount()
  })

  it('gives the last height drawn while a new run is laid out, for the stand-in', async () => {
    const seen: DiagramLayout[] = []
    function Probe({ of }: { of: { run: Run; findings: CheckResult; spans: Spans } }) {
      seen.push(
        useDiagramLayout(
          { ...of, widthPx: 900, time: 'auto', alignWith: undefined, dangerWindows: undefined },
          null,
        ),
      )
      return null
    }
    const host = document.createElement('div')
    document.body.append(host)
    const root = createRoot(host)
    act(() => root.render(<Probe of={{ run, findings, spans }} />))
    const light = seen.at(-1)?.model
    expect(light?.heightPx).toBeGreaterThan(0)
    act(() => root.render(<Probe of={heavy} />))
    expect(seen.at(-1)).toEqual({ model: null, lastHeightPx: light?.heightPx, onward: null })
    await until(() => seen.at(-1)?.model != null)
    expect(seen.at(-1)?.lastHeightPx).toBe(seen.at(-1)?.model?.heightPx)
    act(() => root.unmount())
  })

  it('lays a zoomed view of a few thousand events out at once, so a drag pans frame by frame', async () => {
    const { models, show, unmount } = mount(heavy)
    show(null)
    await until(() => models.at(-1) != null)
    const view = { fromMs: 50_000, toMs: 55_000 }
    expect(layoutWork(heavy.run.events, view)).toBeLessThanOrEqual(SLICED_EVENTS)
    show(view)
    expect(calls.views).toEqual([key(view)])
    expect(models.at(-1)).toEqual(pure(view))
    unmount()
  })

  it("counts a view's work as its events plus a tenth of the run (property)", () => {
    const events = heavy.run.events
    const endMs = heavy.run.endMs
    assertProperty(
      fc.property(fc.nat({ max: endMs }), fc.nat({ max: endMs }), (a, b) => {
        const view = { fromMs: Math.min(a, b), toMs: Math.max(a, b) }
        const inView = events.filter((e) => e.atMs >= view.fromMs && e.atMs <= view.toMs).length
        expect(layoutWork(events, view)).toBe(inView + Math.ceil(events.length / 10))
      }),
      { numRuns: 10 },
    )
    expect(layoutWork(events, null)).toBe(events.length)
  })

  it('stops laying out when the diagram goes away', async () => {
    // A step of at least 1 ms: the layout's 30-odd steps never fit in one 8 ms slice (a fast,
    // quiet machine once took them all in the first, before the unmount).
    calls.stepMs = 1
    const { models, show, unmount } = mount(heavy)
    show(null)
    // Unmount once the layout has started, however slow the machine: a fixed wait let a busy CI
    // runner take all but the last step first.
    // Polled task by task (slices are tasks too), so at most a slice or two runs per look.
    const nextTask = () =>
      new Promise((resolve) => {
        const channel = new MessageChannel()
        channel.port1.onmessage = () => {
          channel.port1.close()
          resolve(null)
        }
        channel.port2.postMessage(null)
      })
    for (let i = 0; i < 10_000 && calls.steps === 0; i++) await act(nextTask)
    const taken = calls.steps
    expect(taken).toBeGreaterThan(0)
    unmount()
    await settle()
    expect(models).toEqual([null])
    // Nothing ran after the unmount, and the layout was cut short: it has more steps than that.
    expect(calls.steps).toBe(taken)
    calls.steps = 0
    calls.stepMs = 0
    const whole = layoutDiagramSteps({
      run: heavy.run,
      findings: heavy.findings,
      spans: heavy.spans,
      widthPx: 900,
      options: { time: 'auto' },
    })
    while (whole.next().done !== true) continue
    expect(calls.steps).toBeGreaterThan(taken)
  })
})
