// @vitest-environment jsdom
/**
 * The marks' two slots: which model each holds (assignSlots), and, in the live diagram, the
 * onward window drawn ahead, hidden, then shown at the turn without a single element replaced.
 */
import { act } from 'react'
import { afterEach, describe, expect, it } from 'vitest'
import { nextFollowViews } from '../timeline'
import { presetRun } from '../testing/presetRuns'
import { testRoots, waitUntil } from '../testing/reactRoots'
import type { DiagramProps } from './index'
import { SpaceTimeDiagram } from './index'
import type { DiagramModel, TimeView } from './layout'
import { layoutDiagram } from './layout'
import type { Placed } from './MarksLayers'
import { assignSlots } from './MarksLayers'

;(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true

const { run, findings } = presetRun('gc-pause')
const model = (view: TimeView): DiagramModel =>
  layoutDiagram({ run, findings, widthPx: 900, options: { view } })

describe('assignSlots', () => {
  const [k1, k2, k3, k9] = [
    model({ fromMs: 0, toMs: 4000 }),
    model({ fromMs: 3000, toMs: 7000 }),
    model({ fromMs: 6000, toMs: 10_000 }),
    model({ fromMs: 9000, toMs: 13_000 }),
  ] as [DiagramModel, DiagramModel, DiagramModel, DiagramModel]
  const placed = (a: DiagramModel | null, b: DiagramModel | null, shown: 0 | 1): Placed => ({
    slots: [a, b],
    shown,
  })

  it('puts a first model in the first slot, and the onward window in the other', () => {
    expect(assignSlots(placed(null, null, 0), k1, null)).toEqual(placed(k1, null, 0))
    expect(assignSlots(placed(null, null, 0), k1, k2)).toEqual(placed(k1, k2, 0))
  })

  it('shows a turned-to window in the slot it was drawn ahead in', () => {
    expect(assignSlots(placed(k1, k2, 0), k2, k3)).toEqual(placed(k3, k2, 1))
    expect(assignSlots(placed(k3, k2, 0), k3, null)).toEqual(placed(k3, k2, 0))
  })

  it("keeps a model's slot, and the other slot's elements until the onward window comes", () => {
    // Just turned, the next window not laid out yet: the window turned from stays, hidden.
    expect(assignSlots(placed(k1, k2, 0), k2, null)).toEqual(placed(k1, k2, 1))
    expect(assignSlots(placed(k1, k2, 0), k2, k3)).toEqual(placed(k3, k2, 1))
    expect(assignSlots(placed(k1, null, 0), k1, k2)).toEqual(placed(k1, k2, 0))
    // At the run's end the onward window is the window itself: nothing else to draw.
    expect(assignSlots(placed(null, k2, 0), k2, k2)).toEqual(placed(null, k2, 1))
  })

  it('empties the other slot once the view is the whole run', () => {
    expect(assignSlots(placed(k1, k2, 0), k9, null, false)).toEqual(placed(k9, null, 0))
    expect(assignSlots(placed(k1, k9, 0), k9, null, false)).toEqual(placed(null, k9, 1))
  })

  it('puts a model from elsewhere where the window shown was, to patch it in place', () => {
    expect(assignSlots(placed(k1, k2, 1), k9, null)).toEqual(placed(k1, k9, 1))
    expect(assignSlots(placed(k1, k2, 1), k9, k3)).toEqual(placed(k3, k9, 1))
  })

  it('puts a model from elsewhere where the onward window is not', () => {
    expect(assignSlots(placed(k1, k2, 0), k9, null)).toEqual(placed(k9, k2, 0))
    expect(assignSlots(placed(k2, k1, 0), k9, k2)).toEqual(placed(k2, k9, 1))
  })
})

const roots = testRoots()
afterEach(() => roots.unmountAll())

describe('the live diagram zoomed in', () => {
  it('draws the onward window ahead, hidden, and shows it at the turn without redrawing it', async () => {
    const view = { fromMs: 7000, toMs: 11_000 }
    const onward = nextFollowViews(view, run.endMs)[0] as TimeView
    const props: DiagramProps = {
      run,
      findings,
      cursorMs: 10_000,
      future: 'fade',
      widthPx: 900,
      idPrefix: 't',
      view,
    }
    const { host, render } = roots.mount(<SpaceTimeDiagram {...props} />)
    const svg = host.querySelector('svg.fl-diagram[role="group"]') as SVGSVGElement
    const onwardModel = layoutDiagram({ run, findings, widthPx: 900, options: { view: onward } })
    const slotAhead = () => svg.querySelector<SVGGElement>('[data-ahead]')
    // Every part drawn: as many message arrows as the onward window has.
    await waitUntil(
      () =>
        slotAhead()?.querySelectorAll('[data-msg-index]').length === onwardModel.messages.length,
    )
    const ahead = slotAhead() as SVGGElement
    // Far above the figure, out of the accessibility tree, and no Tab stop in it.
    expect(ahead.getAttribute('transform')).toBe('translate(0,-100000)')
    expect(ahead.getAttribute('aria-hidden')).toBe('true')
    expect(ahead.querySelectorAll('[tabindex="0"]')).toHaveLength(0)
    expect(onwardModel.messages.length).toBeGreaterThan(0)
    // What is drawn ahead is what the onward window shows: the same marks, in the same places.
    const shownNow = (g: Element) =>
      [...g.querySelectorAll('.fl-msg-line, .fl-badge-text')].map(
        (e) => e.getAttribute('d') ?? e.textContent,
      )
    const drawnAhead = shownNow(ahead)
    expect(drawnAhead.length).toBeGreaterThan(onwardModel.messages.length)
    expect(onwardModel.decisions.length).toBeGreaterThan(0)
    const elements = [...ahead.querySelectorAll('*')]

    const changed: MutationRecord[] = []
    const observer = new MutationObserver((records) => changed.push(...records))
    observer.observe(ahead, { subtree: true, childList: true, attributes: true })
    render(<SpaceTimeDiagram {...props} view={onward} cursorMs={11_001} />)
    observer.disconnect()
    // Shown: the slot's own attributes changed, and below it only which marks are Tab stops;
    // not one element was replaced.
    expect(ahead.isConnected).toBe(true)
    expect(ahead.hasAttribute('transform')).toBe(false)
    expect(ahead.hasAttribute('data-ahead')).toBe(false)
    expect(changed.filter((m) => m.target !== ahead && m.attributeName !== 'tabindex')).toEqual([])
    expect(ahead.querySelectorAll('[data-msg-index][tabindex="0"]')).toHaveLength(1)
    expect([...ahead.querySelectorAll('*')]).toEqual(elements)
    expect(shownNow(ahead)).toEqual(drawnAhead)

    // The same as a fresh diagram of that window draws.
    const fresh = roots.mount(<SpaceTimeDiagram {...props} view={onward} cursorMs={11_001} />).host
    const freshShown = fresh.querySelector('svg.fl-diagram[role="group"] > g:not([data-ahead])')
    expect(shownNow(freshShown as Element)).toEqual(drawnAhead)

    // The slot turned from: moved off at once, out of the accessibility tree, no Tab stop, and
    // no tooltip for a mark there (a pointer cannot reach it; a synthetic event still finds none).
    const turnedFrom = slotAhead() as SVGGElement
    expect(turnedFrom).not.toBe(ahead)
    expect(turnedFrom.getAttribute('transform')).toBe('translate(0,-100000)')
    expect(turnedFrom.getAttribute('aria-hidden')).toBe('true')
    expect(turnedFrom.querySelectorAll('[tabindex="0"]')).toHaveLength(0)
    const oldArrow = turnedFrom.querySelector('[data-msg-index]') as Element
    act(() => {
      oldArrow.dispatchEvent(new MouseEvent('pointerover', { bubbles: true }))
    })
    expect(host.querySelector('.fl-overlay .fl-tip-text')).toBeNull()
    // A mark shown still has its tooltip.
    act(() => {
      ahead
        .querySelector('[data-msg-index]')
        ?.dispatchEvent(new MouseEvent('pointerover', { bubbles: true }))
    })
    expect(host.querySelector('.fl-overlay .fl-tip-text')).not.toBeNull()
  })
})
