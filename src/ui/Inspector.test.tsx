/**
 * The inspector's Lease view shows what client-go's leader election leaves in the Lease, and the
 * sequencer view names a generation only for monotonic tokens, and a Redlock service shows every
 * node's own record (src/timeline/leaseRecord.test.ts checks the fold; this checks what a reader
 * sees).
 */
import { act } from 'react'
import { createRoot } from 'react-dom/client'
import { afterEach, describe, expect, it } from 'vitest'
import { check, findPreset } from '../sim'
import { buildSystem } from '../systems'
import { runInput } from '../testing/runs'
import { buildTimeline, stateAt } from '../timeline'
import type { LabState } from '../timeline'
import { generationText, isMultiNode, LeaseView, LockNodesView } from './Inspector'

;(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true

afterEach(() => document.body.replaceChildren())

function clientGoAt(ms: number): LabState {
  const built = buildSystem('client-go')
  if (!built.ok) throw new Error(built.message)
  const r = runInput(built.built.scenario)
  return stateAt(buildTimeline(r, check(r)), ms)
}

function fields(state: LabState): Record<string, string> {
  const host = document.createElement('div')
  document.body.append(host)
  act(() => createRoot(host).render(<LeaseView lease={state.lease} />))
  const dl = host.querySelector('dl[aria-label="Kubernetes Lease"]')
  if (dl === null) return {}
  const names = [...dl.querySelectorAll('dt')].map((dt) => dt.textContent ?? '')
  const values = [...dl.querySelectorAll('dd')].map((dd) => dd.textContent ?? '')
  return Object.fromEntries(names.map((n, i) => [n, values[i] ?? '']))
}

describe('the Lease view', () => {
  it('matches client-go’s Lease fields through a takeover (client-go, defaults)', () => {
    expect(fields(clientGoAt(10000))).toEqual({
      holderIdentity: 'A',
      leaseDurationSeconds: '15',
      acquireTime: '0.005 s',
      renewTime: '0.005 s',
      leaseTransitions: '0',
    })
    // A froze; B saw the Lease unchanged for 15 s and took it over; A acting at 25 s changes nothing.
    expect(fields(clientGoAt(25000))).toMatchObject({
      holderIdentity: 'B',
      acquireTime: '15.005 s',
      leaseTransitions: '1',
    })
  })

  it('keeps the holder after the lease ran out, and says the API server never expires it', () => {
    const r = runInput({
      lockService: { leaseMs: 2500 },
      clients: [{ id: 'A', script: [{ do: 'acquire' }, { do: 'work', ms: 4000 }] }],
    })
    const state = stateAt(buildTimeline(r, check(r)), 3500)
    expect(state.lock.holderIdentity).toBeNull()
    expect(fields(state)).toMatchObject({ holderIdentity: 'A', leaseDurationSeconds: '2' })
    expect(document.body.textContent).toContain('The API server never expires a Lease')
    expect(document.body.textContent).toContain('In whole seconds: 2.5 s is written as 2.')
  })

  it('before the first grant there is no Lease', () => {
    expect(fields(clientGoAt(0))).toEqual({})
    expect(document.body.textContent).toContain('No Lease yet')
  })
})

describe('the sequencer’s generation', () => {
  it('is the token only when tokens are monotonic', () => {
    expect(
      generationText({ lock: 'lock', mode: 'exclusive', generation: 42, noGeneration: null }),
    ).toBe('42')
    expect(
      generationText({ lock: 'lock', mode: 'exclusive', generation: null, noGeneration: 'random' }),
    ).toBe('none (random values)')
    expect(
      generationText({ lock: 'lock', mode: 'exclusive', generation: null, noGeneration: 'none' }),
    ).toBe('none (no token)')
    expect(generationText(null)).toBe('—')
  })
})

function presetAt(id: string, ms: number): LabState {
  const preset = findPreset(id)
  if (preset === undefined) throw new Error(`no preset ${id}`)
  const r = runInput(preset.scenario)
  return stateAt(buildTimeline(r, check(r)), ms)
}

/** Each node's row as a reader sees it: its key, its status and its expiry. */
function nodeRows(
  state: LabState,
): Record<string, { key: string; status: string; expiry: string }> {
  const host = document.createElement('div')
  document.body.append(host)
  act(() => createRoot(host).render(<LockNodesView nodes={state.lockNodes} />))
  const rows = [...host.querySelectorAll('ul[aria-label="Lock nodes"] li')]
  return Object.fromEntries(
    rows.map((li) => [
      li.getAttribute('aria-label')?.replace('Lock node ', '') ?? '',
      {
        key: li.querySelector('[data-field="key"]')?.textContent ?? '',
        status: li.querySelector('.fl-badge')?.textContent ?? '',
        expiry: li.querySelector('[data-field="expiry"]')?.textContent ?? '',
      },
    ]),
  )
}

describe('the lock nodes of a Redlock service', () => {
  it('shows every node’s own key when a node restarted without its keys (redlock-restart, 2.2 s)', () => {
    const state = presetAt('redlock-restart', 2200)
    expect(isMultiNode(state)).toBe(true)
    const rows = nodeRows(state)
    // redis1 and redis2 still hold A's key; redis3 forgot it in the crash and granted B, as did
    // redis4 and redis5 (A's requests to them were dropped): two majorities' worth of keys.
    expect(rows.redis1).toEqual({
      key: 'A · 85b656',
      status: 'up',
      expiry: 'until 10.005 s by its clock',
    })
    expect(rows.redis2?.key).toBe('A · 85b656')
    expect(rows.redis3).toEqual({
      key: 'B · e80230',
      status: 'up',
      expiry: 'until 12.105 s by its clock',
    })
    expect(rows.redis4?.key).toBe('B · e80230')
    expect(rows.redis5?.key).toBe('B · e80230')
    expect(document.body.textContent).toContain('nodes disagree')
  })

  it('between the crash and the restart the node is down, then up without keys', () => {
    expect(nodeRows(presetAt('redlock-restart', 2020)).redis3).toEqual({
      key: 'no key',
      status: 'crashed',
      expiry: '—',
    })
    document.body.replaceChildren()
    expect(nodeRows(presetAt('redlock-restart', 2080)).redis3).toEqual({
      key: 'no key',
      status: 'restarted without keys',
      expiry: '—',
    })
  })

  it('gives a key’s expiry on the node’s own clock, which a jump moved (redlock-clock-jump, 2.2 s)', () => {
    const rows = nodeRows(presetAt('redlock-clock-jump', 2200))
    expect(rows.redis3).toEqual({
      key: 'B · e80230',
      status: 'up · clock +9 s',
      expiry: 'until 21.105 s by its clock (true 12.105 s)',
    })
    expect(rows.redis1?.key).toBe('A · 85b656')
  })

  it('a one-node service keeps its Lease view', () => {
    expect(isMultiNode(clientGoAt(10000))).toBe(false)
  })
})
