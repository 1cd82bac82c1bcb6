import { act } from 'react'
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import type { Finding } from '../sim'
import { check } from '../sim'
import { largeRun } from '../testing/largeRun'
import type { DiagramProps } from './index'
import { SpaceTimeDiagram } from './index'
import type { TimeView } from './layout'
import { bulkMessages, layoutDiagram, nearestMessage, xOfMs } from './layout'
import { presetRun } from '../testing/presetRuns'
import { testRoots } from '../testing/reactRoots'

beforeAll(() => {
  ;(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true
})

const roots = testRoots()
afterEach(() => roots.unmountAll())

function mount(overrides: Partial<DiagramProps> = {}) {
  const { run, findings } = presetRun('gc-pause')
  const props: DiagramProps = {
    run,
    findings,
    cursorMs: run.endMs,
    future: 'fade',
    widthPx: 1280,
    idPrefix: 'test',
    ...overrides,
  }
  const { host, render } = roots.mount(<SpaceTimeDiagram {...props} />)
  const svg = host.querySelector<SVGSVGElement>('svg.fl-diagram[role="group"]')
  if (svg === null) throw new Error('no diagram')
  const rerender = (next: Partial<DiagramProps>) =>
    render(<SpaceTimeDiagram {...props} {...next} />)
  return { svg, host, props, rerender }
}

const texts = (root: Element, selector: string) =>
  [...root.querySelectorAll(selector)].map((e) => e.textContent)

describe('SpaceTimeDiagram', () => {
  it("draws gc-pause: A's 41 rejected with 41 < 42 after B's 42 was accepted", () => {
    const { svg } = mount()
    const rejected = svg.querySelector('.fl-marks .fl-badge-rejected')?.parentElement
    expect(rejected?.querySelector('.fl-badge-text')?.textContent).toBe('41 < 42')
    expect(rejected?.querySelector('title')?.textContent).toContain('token 41 < 42')
    const accepted = svg.querySelector('.fl-marks .fl-badge-accepted')?.parentElement
    expect(accepted?.querySelector('.fl-badge-text')?.textContent).toBe('42')
    expect(accepted?.querySelector('title')?.textContent).toContain("accepted B's write")
  })

  it('shows the pause, the belief past expiry and the token step to 42', () => {
    const { svg } = mount()
    expect(texts(svg, '.fl-block-label')).toEqual(['paused 15 s'])
    expect(svg.querySelector('.fl-marks .fl-block-paused')?.getAttribute('fill')).toBe(
      'url(#test-paused)',
    )
    expect(svg.querySelector('#test-paused')).not.toBeNull()
    // The stale part of A's belief: hatched, edged where the lease ended, and labelled.
    const stale = svg.querySelector('.fl-marks .fl-stale')
    expect(stale?.getAttribute('fill')).toBe('url(#test-stale)')
    expect(stale?.parentElement?.querySelector('title')?.textContent).toContain(
      'its lease had ended but it still believed it',
    )
    expect(svg.querySelector('.fl-stale-edge')).not.toBeNull()
    expect(texts(svg, '.fl-stale-label')).toEqual(['believes after expiry'])
    // Solid lease bars carry their tokens; the lock lane names the holders.
    expect(texts(svg, '.fl-lease-text')).toEqual(['41', '42'])
    expect(texts(svg, '.fl-hold-text')).toEqual(['A · 41', 'B · 42'])
    // The highest token the storage has recorded steps up to 42.
    expect(svg.querySelector('.fl-marks path.fl-step')?.getAttribute('d')).toMatch(
      /^M[\d.]+,[\d.]+H[\d.]+$/,
    )
    expect(texts(svg, '.fl-step-label')).toEqual(['42'])
  })

  it('is a labelled group with a description, and its marks are named buttons', () => {
    const { svg } = mount({ title: 'GC pause diagram' })
    expect(svg.getAttribute('aria-labelledby')).toBe('test-title')
    expect(svg.querySelector('#test-title')?.textContent).toBe('GC pause diagram')
    expect(svg.querySelector('#test-desc')?.textContent).toContain('storage rejected A')
    const buttons = [...svg.querySelectorAll('[role="button"]')]
    expect(buttons.length).toBe(15) // 14 messages, 1 finding
    for (const b of buttons) expect(b.getAttribute('aria-label')).toBeTruthy()
    // One tab stop for all messages (roving), one per finding.
    expect(buttons.filter((b) => b.getAttribute('tabindex') === '0')).toHaveLength(2)
    // Their groups hold the keyboard handlers and are never Tab stops themselves (Chromium makes
    // an SVG element with focus listeners of its own focusable unless its tabindex says no).
    const groups = [...svg.querySelectorAll('[role="group"]')]
    expect(groups.map((g) => g.getAttribute('aria-label'))).toEqual([
      'Checker findings',
      '14 messages. Arrow keys move between them; Enter selects one.',
    ])
    for (const g of groups) expect(g.getAttribute('tabindex')).toBe('-1')
    // Decorative layers are hidden from assistive technology.
    expect(svg.querySelector('.fl-lane-line')?.closest('[aria-hidden="true"]')).not.toBeNull()
  })

  it('activates a finding with Enter and a message with a click', () => {
    const onFindingActivate = vi.fn<(f: Finding) => void>()
    const onMessageActivate = vi.fn<(msg: number) => void>()
    const { svg } = mount({ onFindingActivate, onMessageActivate, onScrub: () => {} })
    const finding = svg.querySelector<SVGGElement>('[data-finding-index="0"]')
    if (finding === null) throw new Error('no finding marker')
    act(() => finding.focus())
    expect(document.querySelector('.fl-tip-text')?.textContent).toContain('Warning, two believers')
    act(() => {
      finding.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true }))
    })
    expect(onFindingActivate).toHaveBeenCalledWith(
      expect.objectContaining({ kind: 'two-believers', atMs: 10010 }),
    )
    const arrow = svg.querySelector('[data-msg-index="12"] .fl-msg-line')
    if (arrow === null) throw new Error('no arrow')
    act(() => {
      arrow.dispatchEvent(new MouseEvent('pointerdown', { bubbles: true, clientX: 100, button: 0 }))
      arrow.dispatchEvent(new MouseEvent('pointerup', { bubbles: true, clientX: 100, button: 0 }))
    })
    expect(onMessageActivate).toHaveBeenCalledWith(13) // A's write with token 41
  })

  it('moves between messages with the arrow keys (one tab stop)', () => {
    const { svg } = mount({ onMessageActivate: () => {} })
    const first = svg.querySelector<SVGGElement>('[data-msg-index="0"]')
    act(() => first?.focus())
    act(() => {
      first?.dispatchEvent(new KeyboardEvent('keydown', { key: 'ArrowRight', bubbles: true }))
    })
    expect(document.activeElement?.getAttribute('data-msg-index')).toBe('1')
    expect(svg.querySelector('[data-msg-index="1"]')?.getAttribute('tabindex')).toBe('0')
    expect(svg.querySelector('[data-msg-index="0"]')?.getAttribute('tabindex')).toBe('-1')
  })

  it('scrubs when the diagram is pressed and dragged', () => {
    const onScrub = vi.fn<(ms: number) => void>()
    const { svg } = mount({ onScrub })
    svg.getBoundingClientRect = () => new DOMRect(0, 0, 640, 300) // drawn at half size
    // The background is drawn in the layer under the marks; a press on it lands on the svg.
    const bg = svg
    act(() => {
      bg.dispatchEvent(new MouseEvent('pointerdown', { bubbles: true, clientX: 320, button: 0 }))
      bg.dispatchEvent(new MouseEvent('pointermove', { bubbles: true, clientX: 400 }))
      bg.dispatchEvent(new MouseEvent('pointerup', { bubbles: true, clientX: 400 }))
      bg.dispatchEvent(new MouseEvent('pointermove', { bubbles: true, clientX: 500 }))
    })
    expect(onScrub).toHaveBeenCalledTimes(2)
    const [first, second] = onScrub.mock.calls.map((c) => c[0])
    expect(first).toBeGreaterThan(0)
    expect(second).toBeGreaterThan(first ?? Infinity)
  })

  it('zoomed in, a drag pans, a click seeks and a drag from the playhead scrubs', () => {
    const onScrub = vi.fn<(ms: number) => void>()
    const onPan = vi.fn<(view: TimeView) => void>()
    const view = { fromMs: 12000, toMs: 16000 }
    const cursorMs = 14000
    const { svg, props } = mount({ onScrub, onPan, view, cursorMs })
    expect(svg.classList.contains('fl-pan')).toBe(true)
    svg.getBoundingClientRect = () => new DOMRect(0, 0, 640, 300) // drawn at half size
    const model = layoutDiagram({
      run: props.run,
      findings: props.findings,
      widthPx: 1280,
      options: { view },
    })
    const playheadX = xOfMs(model, cursorMs) / 2
    const awayX = playheadX > 320 ? playheadX - 150 : playheadX + 150
    const press = (type: string, clientX: number) =>
      svg.dispatchEvent(new MouseEvent(type, { bubbles: true, clientX, button: 0 }))

    // A drag to the right: the content follows, so the view moves earlier; the cursor stays.
    act(() => {
      press('pointerdown', awayX)
      press('pointermove', awayX + 40)
      press('pointerup', awayX + 40)
    })
    expect(onScrub).not.toHaveBeenCalled()
    expect(onPan).toHaveBeenCalledTimes(1)
    const panned = onPan.mock.calls[0]?.[0]
    // 40 client px of the plot's (x1 - x0) / 2 client px, of the window's 4 s.
    const shiftMs = (40 / ((model.x1 - model.x0) / 2)) * 4000
    expect(panned?.fromMs).toBe(Math.round(12000 - shiftMs))
    expect((panned?.toMs ?? 0) - (panned?.fromMs ?? 0)).toBe(4000)

    // A press that does not move seeks where it was released.
    act(() => {
      press('pointerdown', awayX)
      press('pointerup', awayX)
    })
    expect(onPan).toHaveBeenCalledTimes(1)
    expect(onScrub).toHaveBeenCalledTimes(1)
    const seekMs = onScrub.mock.calls[0]?.[0] ?? -1
    expect(Math.abs(xOfMs(model, seekMs) / 2 - awayX)).toBeLessThan(1)

    // A drag that starts on the playhead scrubs, as it does unzoomed.
    act(() => {
      press('pointerdown', playheadX + 3)
      press('pointermove', playheadX + 43)
      press('pointerup', playheadX + 43)
    })
    expect(onPan).toHaveBeenCalledTimes(1)
    expect(onScrub.mock.calls.length).toBeGreaterThanOrEqual(2)
    expect(onScrub.mock.calls.at(-1)?.[0]).toBeGreaterThan(cursorMs)
  })

  it('unzoomed, nothing pans: a drag scrubs', () => {
    const onScrub = vi.fn<(ms: number) => void>()
    const onPan = vi.fn<(view: TimeView) => void>()
    const { svg } = mount({ onScrub, onPan, view: null })
    expect(svg.classList.contains('fl-pan')).toBe(false)
    svg.getBoundingClientRect = () => new DOMRect(0, 0, 640, 300)
    act(() => {
      svg.dispatchEvent(new MouseEvent('pointerdown', { bubbles: true, clientX: 300, button: 0 }))
      svg.dispatchEvent(new MouseEvent('pointermove', { bubbles: true, clientX: 360 }))
      svg.dispatchEvent(new MouseEvent('pointerup', { bubbles: true, clientX: 360 }))
    })
    expect(onPan).not.toHaveBeenCalled()
    expect(onScrub).toHaveBeenCalledTimes(2)
  })

  it('moves only the cursor layer when the cursor moves: the marks are not touched', () => {
    const { svg, host, rerender } = mount({ cursorMs: 1000 })
    const overlay = host.querySelector('svg.fl-overlay')
    const playhead = () => overlay?.querySelector('.fl-playhead')?.getAttribute('transform')
    const before = playhead()
    const mutations: MutationRecord[] = []
    const observer = new MutationObserver((records) => mutations.push(...records))
    observer.observe(svg, { subtree: true, attributes: true, childList: true, characterData: true })
    for (const ms of [2000, 5000, 10005, 12000, 16000]) rerender({ cursorMs: ms })
    mutations.push(...observer.takeRecords())
    observer.disconnect()
    expect(mutations).toEqual([])
    expect(playhead()).not.toBe(before)
    expect(overlay?.querySelector('.fl-future-fade')).not.toBeNull()
  })

  it('moves only the veil’s edge while the cursor moves within a tile: the tiles stay put', () => {
    const { host, rerender } = mount({ cursorMs: 3000 })
    const veil = host.querySelector('.fl-future-veil')
    if (veil === null) throw new Error('no veil')
    const tiles = () => [...veil.children].slice(1).map((t) => t.innerHTML)
    const before = tiles()
    expect(before.length).toBeGreaterThan(3)
    const edge = veil.firstElementChild
    const mutations: MutationRecord[] = []
    const observer = new MutationObserver((records) => mutations.push(...records))
    observer.observe(veil, { subtree: true, attributes: true, childList: true })
    // gc-pause is quiet from 3 s to 3.05 s: the edge moves less than a tile.
    rerender({ cursorMs: 3050 })
    mutations.push(...observer.takeRecords())
    observer.disconnect()
    expect(tiles()).toEqual(before)
    expect(mutations.length).toBeGreaterThan(0)
    for (const m of mutations) expect(edge?.contains(m.target)).toBe(true)
  })

  it('hides the future: no veil when shown, an opaque one when hidden, lane lines kept', () => {
    const { host, rerender } = mount({ cursorMs: 5000, future: 'show' })
    expect(host.querySelector('.fl-future')).toBeNull()
    rerender({ future: 'hide' })
    const veil = host.querySelector('.fl-future-veil')
    expect(veil?.querySelector('.fl-future-hide')).not.toBeNull()
    // Each lane's line runs on over the hidden future, from the veil's edge to the lane's end,
    // without a gap: one piece on the moving edge, one on each fixed tile.
    const edge = veil?.firstElementChild?.getAttribute('transform') ?? ''
    const edgeX = Number(/translate\(([-\d.]+),/.exec(edge)?.[1])
    const byLane = new Map<string, [number, number][]>()
    for (const line of veil?.querySelectorAll('.fl-lane-line') ?? []) {
      const shift = line.closest('g[transform]') === null ? 0 : edgeX
      const y = line.getAttribute('y1') ?? ''
      const x1 = Number(line.getAttribute('x1')) + shift
      const x2 = Number(line.getAttribute('x2')) + shift
      byLane.set(y, [...(byLane.get(y) ?? []), [x1, x2]])
    }
    expect(byLane.size).toBe(4)
    for (const pieces of byLane.values()) {
      pieces.sort((a, b) => a[0] - b[0])
      expect(pieces[0]?.[0]).toBeCloseTo(edgeX, 5)
      for (let i = 1; i < pieces.length; i++) {
        expect(pieces[i]?.[0]).toBeCloseTo(pieces[i - 1]?.[1] ?? NaN, 5)
      }
    }
    // The two-believers warning (10.01 s) is in the hidden future: out of the tab order.
    expect(host.querySelector('[data-finding-index="0"]')?.getAttribute('tabindex')).toBe('-1')
    rerender({ future: 'hide', cursorMs: 12000 })
    expect(host.querySelector('[data-finding-index="0"]')?.getAttribute('tabindex')).toBe('0')
  })

  it('emphasises the highlighted messages and decisions', () => {
    const { svg, rerender } = mount()
    expect(svg.querySelectorAll('.fl-halo')).toHaveLength(0)
    rerender({ highlight: { msgs: [13], decisionEventIndexes: [45] } })
    expect(svg.querySelectorAll('.fl-halo')).toHaveLength(2)
  })
})

describe('SpaceTimeDiagram of a dense run', () => {
  const run = largeRun()
  const findings = check(run)
  const model = layoutDiagram({ run, findings, widthPx: 1280 })
  const bulk = bulkMessages(model.messages)
  const dense = (overrides: Partial<DiagramProps> = {}) =>
    mount({ run, findings, cursorMs: run.endMs, ...overrides })
  const tipText = () =>
    [...document.querySelectorAll('.fl-tip-text')].map((t) => t.textContent).join(' ')
  const at = (el: Element, type: string, x: number, y: number) =>
    el.dispatchEvent(new MouseEvent(type, { bubbles: true, clientX: x, clientY: y, button: 0 }))

  it('draws plain arrows and bars in bulk, keeping an element for the marked ones', () => {
    expect(model.dense).toBe(true)
    const { svg } = dense()
    expect(svg.querySelectorAll('.fl-msg-bulk').length).toBeGreaterThan(0)
    expect(svg.querySelectorAll('[data-bars]').length).toBeGreaterThan(0)
    // The marked arrows and one stand-in for the active (plain) arrow.
    expect(svg.querySelectorAll('[data-msg-index]')).toHaveLength(bulk.marked.length + 1)
    expect(svg.querySelectorAll('[data-msg-index][tabindex="0"]')).toHaveLength(1)
    expect(
      svg.querySelector('[role="group"][aria-label^="' + model.messages.length + ' messages"]'),
    ).not.toBeNull()
  })

  it('walks every arrow with the keyboard through the stand-in', () => {
    const { svg } = dense({ onMessageActivate: () => {} })
    const first = svg.querySelector<SVGGElement>('[data-msg-index][tabindex="0"]')
    act(() => first?.focus())
    for (let i = 1; i <= 3; i++) {
      act(() => {
        document.activeElement?.dispatchEvent(
          new KeyboardEvent('keydown', { key: 'ArrowRight', bubbles: true }),
        )
      })
      expect(document.activeElement?.getAttribute('data-msg-index')).toBe(String(i))
      expect(document.activeElement?.getAttribute('aria-label')).toContain(
        model.messages[i]?.name ?? '?',
      )
      expect(tipText()).toContain(model.messages[i]?.name.slice(0, 20) ?? '?')
    }
    expect(svg.querySelectorAll('[data-msg-index][tabindex="0"]')).toHaveLength(1)
  })

  it('finds a bulk arrow under the pointer: tooltip, emphasis, and a click selects it', () => {
    const onMessageActivate = vi.fn<(msg: number) => void>()
    const { svg, host } = dense({ onMessageActivate, onScrub: () => {} })
    const index = bulk.plain.find((i) => {
      const a = model.messages[i]
      if (a === undefined) return false
      const [x, y] = [(a.x0 + a.x1) / 2, (a.y0 + a.y1) / 2]
      return nearestMessage(model.messages, bulk.plain, x, y, 4) === i
    })
    const arrow = model.messages[index ?? -1]
    if (arrow === undefined) throw new Error('no pickable arrow')
    const [x, y] = [(arrow.x0 + arrow.x1) / 2, (arrow.y0 + arrow.y1) / 2]
    const path = svg.querySelector('.fl-msg-bulk')
    if (path === null) throw new Error('no bulk path')
    act(() => {
      at(path, 'pointerover', x, y)
    })
    expect(tipText()).toContain(arrow.name.slice(0, 20))
    expect(host.querySelector('.fl-overlay .fl-tip-msg')).not.toBeNull()
    act(() => {
      at(path, 'pointerdown', x, y)
      at(path, 'pointerup', x, y)
    })
    expect(onMessageActivate).toHaveBeenCalledWith(arrow.msg)
  })

  it("shows a bulk bar's words on hover, and pressing it scrubs", () => {
    const onScrub = vi.fn<(ms: number) => void>()
    const onMessageActivate = vi.fn<(msg: number) => void>()
    const { svg } = dense({ onScrub, onMessageActivate })
    const lease = model.leases.find((l) => l.text === null && l.x1 - l.x0 >= 2)
    if (lease === undefined) throw new Error('no plain lease')
    const path = svg.querySelector('[data-bars="leases"]')
    if (path === null) throw new Error('no bulk leases')
    const [x, y] = [(lease.x0 + lease.x1) / 2, (lease.y0 + lease.y1) / 2]
    act(() => {
      at(path, 'pointermove', x, y)
    })
    expect(tipText()).toContain(lease.title.slice(0, 30))
    act(() => {
      at(path, 'pointerdown', x, y)
      at(path, 'pointerup', x, y)
    })
    expect(onScrub).toHaveBeenCalledTimes(1)
    expect(onMessageActivate).not.toHaveBeenCalled()
  })
})
