/**
 * A bare page with one live diagram, for e2e/diagram.spec.ts and for profiling the diagram alone
 * (not part of the app build; `npm run bench` measures the real lab page instead). URL: ?scenario=<preset id | large>&width=<px>&theme=light|dark&future=show|fade|hide
 * &cursor=<ms>. `window.flHarness` drives it: set the cursor, play, and record frame intervals.
 */
import { StrictMode, useEffect, useState } from 'react'
import { flushSync } from 'react-dom'
import { createRoot } from 'react-dom/client'
import type { CheckResult, Run } from '../../sim'
import { check, findPreset, parseScenario, run } from '../../sim'
import { deriveSpans } from '../../timeline'
import { largeRun } from '../largeRun'
import { layoutDiagram } from '../../viz/layout'
import type { Future } from '../../viz'
import { SpaceTimeDiagram } from '../../viz'

interface Recording {
  intervalsMs: number[]
  renderMs: number[]
}

export interface HarnessApi {
  ready: boolean
  endMs: number
  events: number
  nodes: () => number
  setCursor(ms: number): void
  /** Plays from `fromMs` for `frames` animation frames at `msPerFrame` of run time per frame. */
  play(frames: number, fromMs: number, msPerFrame: number): Promise<Recording>
  startRecording(): void
  stopRecording(): Recording
  /**
   * A reader's intervention: pauses the first client for 2 s at `atMs`, re-runs, re-checks and
   * redraws; resolves with the ms from the click to the committed diagram, and after paint.
   */
  intervene(atMs: number): Promise<{ commitMs: number; paintedMs: number; events: number }>
  parts(): { runMs: number; checkMs: number; spansMs: number; layoutMs: number }
  scrubs: number
  activated: { messages: number[]; findings: string[] }
}

declare global {
  interface Window {
    flHarness: HarnessApi
  }
}

const params = new URLSearchParams(location.search)
const scenarioId = params.get('scenario') ?? 'gc-pause'
const width = Number(params.get('width') ?? 1264)
const theme = params.get('theme') ?? 'light'
const future = (params.get('future') ?? 'fade') as Future
document.body.dataset.theme = theme

function loadRun(): Run {
  if (scenarioId === 'large') return largeRun()
  const preset = findPreset(scenarioId)
  if (preset === undefined) throw new Error(`unknown scenario ${scenarioId}`)
  const parsed = parseScenario(preset.scenario)
  if (!parsed.ok) throw new Error(parsed.message)
  return run(parsed.scenario)
}

const theRun = loadRun()
const findings = check(theRun)
let setCursorState: (ms: number) => void = () => {}
let setRunState: (next: { run: Run; findings: CheckResult }) => void = () => {}
let recording: Recording | null = null
let renderTimes: number[] = []

function App() {
  const [cursorMs, setCursorMs] = useState(Number(params.get('cursor') ?? theRun.endMs))
  const [current, setCurrent] = useState({ run: theRun, findings })
  useEffect(() => {
    setCursorState = setCursorMs
    setRunState = setCurrent
  }, [])
  return (
    <SpaceTimeDiagram
      run={current.run}
      findings={current.findings}
      cursorMs={cursorMs}
      future={future}
      widthPx={width}
      idPrefix="harness"
      onScrub={(ms) => {
        window.flHarness.scrubs++
        const t0 = performance.now()
        flushSync(() => setCursorMs(ms))
        renderTimes.push(performance.now() - t0)
      }}
      onMessageActivate={(msg) => window.flHarness.activated.messages.push(msg)}
      onFindingActivate={(f) => window.flHarness.activated.findings.push(f.kind)}
    />
  )
}

function rafLoop(): () => number[] {
  const intervals: number[] = []
  let last: number | null = null
  let running = true
  const tick = (t: number) => {
    if (last !== null) intervals.push(t - last)
    last = t
    if (running) requestAnimationFrame(tick)
  }
  requestAnimationFrame(tick)
  return () => {
    running = false
    return intervals
  }
}

let stopLoop: (() => number[]) | null = null

window.flHarness = {
  ready: false,
  endMs: theRun.endMs,
  events: theRun.events.length,
  nodes: () => document.querySelectorAll('svg *').length,
  setCursor(ms) {
    flushSync(() => setCursorState(ms))
  },
  play(frames, fromMs, msPerFrame) {
    return new Promise((resolve) => {
      const intervals: number[] = []
      const renders: number[] = []
      let last: number | null = null
      let cursor = fromMs
      let n = 0
      const tick = (t: number) => {
        if (last !== null) intervals.push(t - last)
        last = t
        cursor = cursor + msPerFrame > theRun.endMs ? 0 : cursor + msPerFrame
        const t0 = performance.now()
        flushSync(() => setCursorState(cursor))
        renders.push(performance.now() - t0)
        if (++n < frames) requestAnimationFrame(tick)
        else resolve({ intervalsMs: intervals, renderMs: renders })
      }
      requestAnimationFrame(tick)
    })
  },
  startRecording() {
    renderTimes = []
    recording = null
    stopLoop = rafLoop()
  },
  stopRecording() {
    const intervals = stopLoop?.() ?? []
    recording = { intervalsMs: intervals, renderMs: renderTimes }
    return recording
  },
  intervene(atMs) {
    const t0 = performance.now()
    const scenario = theRun.scenario
    const node = scenario.clients[0]?.id ?? 'A'
    const next = run({
      ...scenario,
      faults: [...scenario.faults, { atMs: Math.round(atMs), do: 'pause', node, ms: 2000 }],
    })
    flushSync(() => setRunState({ run: next, findings: check(next) }))
    const commitMs = performance.now() - t0
    return new Promise((resolve) => {
      requestAnimationFrame(() =>
        setTimeout(() =>
          resolve({ commitMs, paintedMs: performance.now() - t0, events: next.events.length }),
        ),
      )
    })
  },
  parts() {
    const t0 = performance.now()
    const next = run(theRun.scenario)
    const t1 = performance.now()
    const f = check(next)
    const t2 = performance.now()
    const spans = deriveSpans(next)
    const t3 = performance.now()
    layoutDiagram({ run: next, findings: f, spans, widthPx: width })
    const t4 = performance.now()
    return { runMs: t1 - t0, checkMs: t2 - t1, spansMs: t3 - t2, layoutMs: t4 - t3 }
  },
  scrubs: 0,
  activated: { messages: [], findings: [] },
}

const root = document.getElementById('root')
if (root === null) throw new Error('harness.html has no #root')
createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
)
requestAnimationFrame(() => {
  window.flHarness.ready = true
})
