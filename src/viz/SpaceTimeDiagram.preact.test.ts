// @vitest-environment jsdom
/**
 * The diagram as the pages render it: on preact/compat (vite.config.ts). A diagram drawing one
 * run after another (a reader's edits) lets go of the runs it drew before: a callback memoized in
 * its first render once kept that render's run alive for as long as the diagram stayed
 * (useDiagramPointer.ts says how), and a heavy run is hundreds of MB. Asked to, it draws its
 * marks after the first paint (preact runs effects then).
 */
import { setFlagsFromString } from 'node:v8'
import { runInNewContext } from 'node:vm'
import { createElement, render } from 'preact/compat'
import { act } from 'preact/test-utils'
import { describe, expect, it, vi } from 'vitest'
import type { Preset, Run } from '../sim'
import { check, findPreset } from '../sim'
import { runOf } from '../testing/presetRuns'
import { SpaceTimeDiagram } from './SpaceTimeDiagram'

// As in the pages' build: `react` is preact/compat with the pages' fixes, and so is JSX.
vi.mock('react', async () => await import('../../scripts/preact/react.js'))
vi.mock('react/jsx-runtime', async () => await import('preact/compat/jsx-runtime'))
vi.mock('react/jsx-dev-runtime', async () => await import('preact/compat/jsx-dev-runtime'))

describe('SpaceTimeDiagram on preact/compat', () => {
  it('keeps no run it drew before alive', async () => {
    setFlagsFromString('--expose-gc')
    const gc = runInNewContext('gc') as () => void
    const scenario = (findPreset('gc-pause') as Preset).scenario
    const host = document.createElement('div')
    document.body.append(host)
    const drawn: Array<WeakRef<Run>> = []
    const draw = () => {
      const run = runOf(scenario)
      drawn.push(new WeakRef(run))
      void act(() => {
        render(
          createElement(SpaceTimeDiagram, {
            run,
            findings: check(run),
            cursorMs: 1000,
            future: 'fade',
            widthPx: 1280,
            idPrefix: 'memory',
            onScrub: () => {},
          }),
          host,
        )
      })
    }
    for (let i = 0; i < 4; i++) draw()
    expect(host.querySelector('svg.fl-diagram[role="group"]')).not.toBeNull()
    // A WeakRef is cleared only after the job that last read it: collect on later tasks.
    for (let i = 0; i < 2; i++) {
      await new Promise((resolve) => setTimeout(resolve, 0))
      gc()
    }
    // The runs drawn before the last are gone; the last is still drawn.
    expect(drawn.map((run) => run.deref() === undefined)).toEqual([true, true, true, false])
    void act(() => {
      render(null, host)
    })
    host.remove()
  })

  it('draws its marks after the first paint when asked to, the rest at once', async () => {
    const run = runOf((findPreset('gc-pause') as Preset).scenario)
    const host = document.createElement('div')
    document.body.append(host)
    const props = {
      run,
      findings: check(run),
      cursorMs: 1000,
      future: 'fade' as const,
      widthPx: 1280,
      idPrefix: 'later',
    }
    render(createElement(SpaceTimeDiagram, { ...props, marksAfterPaint: true }), host)
    const svg = host.querySelector('svg.fl-diagram[role="group"]')
    expect(svg?.getAttribute('height')).toMatch(/^\d+/)
    expect(host.querySelector('.fl-underlay .fl-lane, .fl-underlay line')).not.toBeNull()
    expect(host.querySelector('.fl-marks')).toBeNull()
    // Preact runs effects after the next frame (a timeout where there are no frames).
    await new Promise((resolve) => setTimeout(resolve, 100))
    expect(host.querySelector('.fl-marks')).not.toBeNull()
    // Without it, the marks come in the first render.
    const other = document.createElement('div')
    render(createElement(SpaceTimeDiagram, props), other)
    expect(other.querySelector('.fl-marks')).not.toBeNull()
    render(null, host)
    render(null, other)
    host.remove()
  })
})
