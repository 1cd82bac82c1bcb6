/**
 * The presets (docs/contracts.md, “Preset ids”): every one parses, runs, and gets exactly the outcome it
 * declares; its narration is tied to events that happen in its run; gc-pause tells the story
 * the lab is built around (41 rejected after 42).
 */
import { describe, expect, it } from 'vitest'
import { check } from './checker'
import type { Run } from './engine'
import { run } from './engine'
import { findPreset, isPresetId, PRESET_IDS, PRESETS, SEED_QUESTIONS } from './presets'
import type { Preset } from './presets'
import type { NarrationLine } from './scenario'
import { parseScenario } from './scenario'
import { eventsOf, indexOfEvent, parseOrThrow } from '../testing/runs'
import type { TraceEvent } from './trace'
import { TRACE_EVENT_TYPES } from './trace'

/** The sixteen ids of docs/contracts.md, in its order. Blog posts link to them. */
const DESIGN_IDS = [
  'gc-pause',
  'gc-pause-unfenced',
  'delayed-write',
  'late-write-gap',
  'check-then-write',
  'lock-delay',
  'clock-jump',
  'renewal-race',
  'leader-election',
  'best-effort',
  'failover-volatile',
  'unfenced-side-effect',
  'release-not-owner',
  'redlock-clock-jump',
  'redlock-restart',
  'redlock-pause',
]

function runPreset(preset: Preset): Run {
  return run(parseOrThrow(preset.scenario))
}

const sorted = (items: readonly string[]) => [...new Set(items)].sort()

/**
 * Where a narration line shows: a time, or the nth (default first) event of its type, at its
 * node when it names one. Undefined when no such event happened (a dangling line).
 */
function narrationAnchor(
  line: NarrationLine,
  events: readonly TraceEvent[],
): { atMs: number; event: TraceEvent | null } | undefined {
  if ('atMs' in line) return { atMs: line.atMs, event: null }
  const matching = events.filter(
    (e) => e.type === line.on && (line.node === undefined || e.node === line.node),
  )
  const event = matching[(line.nth ?? 1) - 1]
  return event === undefined ? undefined : { atMs: event.atMs, event }
}

describe('the preset catalogue', () => {
  it('has exactly the sixteen ids of the contract, in order', () => {
    expect([...PRESET_IDS]).toEqual(DESIGN_IDS)
    expect(PRESETS.map((p) => p.id)).toEqual(DESIGN_IDS)
    for (const id of DESIGN_IDS) {
      expect(isPresetId(id)).toBe(true)
      expect(findPreset(id)?.id).toBe(id)
    }
    expect(isPresetId('no-such-preset')).toBe(false)
    expect(findPreset('no-such-preset')).toBeUndefined()
  })

  it.each(PRESETS.map((p) => [p.id, p] as const))('%s describes itself', (id, preset) => {
    expect(preset.scenario.id).toBe(id)
    expect(preset.scenario.title.trim()).not.toBe('')
    expect(preset.scenario.description.trim()).not.toBe('')
    expect(preset.summary.trim()).not.toBe('')
    // A research scenario (S01–S15), or a variant of one (S07b).
    expect(preset.research).toMatch(/^S\d{2}[a-z]?$/)
    expect(preset.realWorld.length).toBeGreaterThan(0)
    expect(Object.values(SEED_QUESTIONS)).toContain(preset.question)
    expect(preset.expected.verdict).toBe(preset.expected.violations.length > 0 ? 'unsafe' : 'safe')
  })
})

describe.each(PRESETS.map((p) => [p.id, p] as const))('preset %s', (_id, preset) => {
  const parsed = parseScenario(preset.scenario)

  it('parses', () => {
    expect(parsed.ok ? 'valid' : parsed.message).toBe('valid')
  })

  it('runs to its end and gets exactly the expected verdict, violations and warnings', () => {
    const r = runPreset(preset)
    expect(r.endReason).not.toBe('event-limit')
    expect(r.endMs).toBeLessThanOrEqual(r.scenario.durationMs)
    const result = check(r)
    expect({
      verdict: result.verdict,
      violations: sorted(result.violations.map((f) => f.kind)),
      warnings: sorted(result.warnings.map((f) => f.kind)),
    }).toEqual({
      verdict: preset.expected.verdict,
      violations: sorted(preset.expected.violations),
      warnings: sorted(preset.expected.warnings),
    })
  })

  it('ties every narration line to an event of its run, in the order they happen', () => {
    const r = runPreset(preset)
    const lines = r.scenario.narration ?? []
    expect(lines.length).toBeGreaterThan(0)
    let previousMs = 0
    for (const line of lines) {
      if ('on' in line) expect(TRACE_EVENT_TYPES).toContain(line.on)
      const anchor = narrationAnchor(line, r.events)
      expect(anchor, `dangling narration line: ${JSON.stringify(line)}`).toBeDefined()
      if (anchor === undefined) continue
      expect(anchor.atMs).toBeLessThanOrEqual(r.endMs)
      expect(anchor.atMs, `out of order: ${line.text}`).toBeGreaterThanOrEqual(previousMs)
      previousMs = anchor.atMs
    }
  })

  it('ties a line that starts with a client’s name to an event of that client', () => {
    const r = runPreset(preset)
    const clients = new Set(r.scenario.clients.map((c) => c.id))
    for (const line of r.scenario.narration ?? []) {
      const subject = /^([A-Za-z][A-Za-z0-9_-]*)(?=[ ,])/.exec(line.text)?.[1]
      const event = narrationAnchor(line, r.events)?.event
      if (subject === undefined || !clients.has(subject) || event == null) continue
      const actor = 'client' in event ? event.client : event.node
      expect(actor, `"${line.text}" is tied to ${JSON.stringify(event)}`).toBe(subject)
    }
  })
})

describe('gc-pause: token 41 vs 42', () => {
  const preset = findPreset('gc-pause') as Preset
  const r = runPreset(preset)

  it('grants 41 to A, then 42 to B', () => {
    expect(eventsOf(r, 'LeaseGranted').map((g) => [g.client, g.token, g.grant])).toEqual([
      ['A', 41, 1],
      ['B', 42, 2],
    ])
  })

  it("rejects A's write with exactly `token 41 < 42`, after accepting B's 42", () => {
    const acceptedB = indexOfEvent(
      r,
      (e) => e.type === 'WriteAccepted' && e.client === 'B' && e.token === 42,
    )
    const rejectedA = indexOfEvent(r, (e) => e.type === 'WriteRejected' && e.client === 'A')
    expect(acceptedB).toBeGreaterThan(-1)
    expect(rejectedA).toBeGreaterThan(acceptedB)
    expect(r.events[rejectedA]).toMatchObject({
      node: 'storage',
      token: 41,
      value: 'A',
      reason: 'token 41 < 42',
    })
    expect(eventsOf(r, 'WriteAccepted').map((e) => e.client)).toEqual(['B'])
  })

  it('ends with "B" in storage and 42 as its highest token', () => {
    expect(r.final['storage']).toEqual({ value: 'B', highestToken: 42 })
  })

  it('follows the story: pause, expiry on the service’s clock, A still believing at resume', () => {
    const paused = eventsOf(r, 'NodePaused', 'A')
    expect(paused).toEqual([expect.objectContaining({ atMs: 1000, ms: 15_000 })])
    const expired = eventsOf(r, 'LeaseExpired')[0]
    expect(expired).toMatchObject({ client: 'A', token: 41, byOperator: false })
    expect(expired?.atMs).toBeGreaterThan(1000)
    expect(expired?.atMs).toBeLessThan(16_000)
    // A never learned its lease ended: its belief ends only with the rejected write.
    expect(eventsOf(r, 'BeliefEnded', 'A').map((e) => e.reason)).toEqual(['write-rejected'])
  })
})
