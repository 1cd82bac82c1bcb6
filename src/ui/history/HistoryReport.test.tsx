/**
 * The report under a real history's diagram, as a reader sees it: where it came from, the verdict,
 * each finding with why and a "jump to" per cited line that moves the cursor there, the lines that
 * could not be read, and what the history cannot tell (clocks that disagree first).
 */
import { readFileSync } from 'node:fs'
import { act } from 'react'
import { createRoot } from 'react-dom/client'
import { afterEach, describe, expect, it } from 'vitest'
import { judgeHistory } from '../../history'
import type { HistoryInput } from '../../history'
import type { LabStore } from '../../store'
import { createLabStore, LabProvider } from '../../store'
import { largeHistory } from '../../testing/largeHistory'
import HistoryReport, { FIRST_FINDINGS } from './HistoryReport'

;(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true

afterEach(() => {
  document.body.innerHTML = ''
})

const ndjson = (...events: object[]) => events.map((e) => JSON.stringify(e)).join('\n')

/** The report of the lab `store`, rendered into a fresh host. */
function renderReport(store: LabStore): HTMLElement {
  const host = document.body.appendChild(document.createElement('div'))
  act(() =>
    createRoot(host).render(
      <LabProvider store={store}>
        <HistoryReport />
      </LabProvider>,
    ),
  )
  return host
}

/** The report of `inputs` opened in a fresh lab, playing, so a jump is seen to pause it. */
function mount(inputs: HistoryInput[]) {
  const outcome = judgeHistory(inputs)
  if (!outcome.ok) throw new Error(outcome.message)
  const store = createLabStore({ reducedMotion: true })
  store.getState().openHistory({
    names: inputs.map((input) => input.name ?? 'pasted text'),
    judgement: outcome.judgement,
  })
  store.getState().play()
  const host = renderReport(store)
  const report = host.querySelector('section.fl-history-report')
  return { store, host, report, judgement: outcome.judgement }
}

const text = (el: Element | null | undefined) => el?.textContent?.replace(/\s+/g, ' ').trim()

describe('HistoryReport', () => {
  it('names the file and its format, says nothing left the page, and gives the verdict', () => {
    const name = 'gc-pause-unfenced.ndjson'
    const { report } = mount([{ name, text: readFileSync(`examples/histories/${name}`, 'utf8') }])
    expect(report?.getAttribute('aria-labelledby')).toBe(report?.querySelector('h2')?.id)
    expect(text(report?.querySelector('h2'))).toBe('What this history shows')
    expect(text(report?.querySelector('p'))).toContain(
      `Read from ${name} (history format v1), in this page only: nothing was sent anywhere.`,
    )
    expect(text(report?.querySelector('.fl-hint'))).toContain(
      'This is a real history, not a simulation',
    )
    expect(text(report?.querySelector('h3'))).toBe('Verdict: unsafe (1 violation, 1 warning)')
  })

  it('explains each finding with its lines, and each "jump to" moves the cursor to its event', () => {
    const name = 'gc-pause-unfenced.ndjson'
    const { store, report, judgement } = mount([
      { name, text: readFileSync(`examples/histories/${name}`, 'utf8') },
    ])
    const findings = [...(report?.querySelectorAll('.fl-history-finding') ?? [])]
    expect(findings.map((f) => f.querySelector('.fl-badge')?.textContent)).toEqual([
      'token-order',
      'two-believers',
    ])
    const [order] = findings
    expect(order?.classList.contains('fl-history-finding--violation')).toBe(true)
    expect(text(order)).toContain(
      "Why: storage accepted A's write with token 41 at 16.005 s (line 13) after it had accepted B's write with token 42 at 11.025 s (line 10); the lock service granted 42 to B at 10.005 s (line 7).",
    )
    const jumps = [...(order?.querySelectorAll('button') ?? [])]
    const cited = judgement.findings[0]?.why.events ?? []
    expect(jumps).toHaveLength(cited.length)
    expect(jumps.map((b) => b.textContent)).toEqual([
      'Jump to line 7 (10.005 s)',
      'Jump to line 10 (11.025 s)',
      'Jump to line 13 (16.005 s)',
    ])
    for (const [k, button] of jumps.entries()) {
      act(() => button.click())
      const event = judgement.run.events[cited[k] ?? -1]
      expect(store.getState().cursorMs).toBe(event?.atMs)
      expect(store.getState().playing).toBe(false)
    }
  })

  it('lists the lines it could not read, and says the rest was judged', () => {
    const { report } = mount([
      {
        name: 'broken.ndjson',
        text: [
          ndjson({ atMs: 0, actor: 'lock', kind: 'acquire-granted', client: 'A', token: 1 }),
          '{ not json',
          ndjson({ atMs: 50, actor: 'storage', kind: 'write-accepted', client: 'A', token: 1 }),
        ].join('\n'),
      },
    ])
    const bad = report?.querySelector('.fl-history-bad-lines')
    expect(bad?.getAttribute('role')).toBe('note')
    expect(text(bad?.querySelector('h3'))).toBe('1 line could not be read (the rest was judged)')
    expect(text(bad?.querySelector('li'))).toMatch(/^broken\.ndjson line 2\b/)
    expect(text(report)).toContain('The checker found nothing wrong in what the history shows.')
  })

  it('says first when clocks disagree, then what else the history cannot tell', () => {
    const { report } = mount([
      {
        name: null,
        text: ndjson(
          { atMs: 0, actor: 'lock', kind: 'acquire-granted', client: 'A', token: 1 },
          { atMs: 50, actor: 'storage', kind: 'write-accepted', client: 'A', value: 'x' },
          { atMs: 60, actor: 'A', kind: 'write-sent', resource: 'storage', value: 'x' },
        ),
      },
    ])
    const clocks = report?.querySelector('.fl-history-clocks')
    expect(text(clocks?.querySelector('h3'))).toBe('Clocks disagree')
    expect(text(clocks)).toContain('before A sent it')
    // The clocks come before the verdict; the other notes after the findings.
    const order = [...(report?.querySelectorAll('h3') ?? [])].map((h) => text(h))
    expect(order[0]).toBe('Clocks disagree')
    expect(order.at(-1)).toBe('What the history cannot tell, and how it was read')
    expect(text(report?.querySelector('.fl-history-notes'))).toContain(
      'carries no token: storage could not order it',
    )
    expect(text(report?.querySelector('p'))).toContain('Read from pasted text')
  })

  it('lists the first findings of a long history, and all of them on request', () => {
    const { report, judgement } = mount([{ name: 'long.ndjson', text: largeHistory(10_000) }])
    const total = judgement.findings.length
    expect(total).toBeGreaterThan(FIRST_FINDINGS)
    const items = () => report?.querySelectorAll('.fl-history-finding').length
    expect(items()).toBe(FIRST_FINDINGS)
    const more = [...(report?.querySelectorAll('button') ?? [])].find(
      (b) => b.textContent === `Show all ${total.toLocaleString('en')}`,
    )
    expect(text(more?.parentElement)).toContain(
      `The first ${FIRST_FINDINGS} of ${total.toLocaleString('en')} findings are listed`,
    )
    act(() => more?.click())
    expect(items()).toBe(total)
    expect(text(report)).not.toContain('Show all')
  })

  it('shows nothing for a simulated scenario', () => {
    const host = renderReport(createLabStore({ preset: 'gc-pause' }))
    expect(host.innerHTML).toBe('')
  })
})
