/**
 * Captions: invariants that hold however narration is keyed — a caption shows only at a moment
 * of this run, in order, never for an event that did not happen, and the one showing at a time is
 * the latest that has started.
 */
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import type { NarrationLine, Run } from '../sim'
import { PRESETS } from '../sim'
import { assertProperty } from '../testing/property'
import { runInput } from '../testing/runs'
import { captionAt, resolveCaptions } from './captions'

const narrated: Array<{ id: string; run: Run; lines: readonly NarrationLine[] }> = PRESETS.filter(
  (p) => (p.scenario.narration?.length ?? 0) > 0,
).map((p) => {
  const r = runInput(p.scenario)
  return { id: p.id, run: r, lines: r.scenario.narration ?? [] }
})

describe('captions of every narrated preset', () => {
  it('exist', () => {
    expect(narrated.length).toBeGreaterThan(0)
  })

  it.each(narrated.map((n) => [n.id, n] as const))(
    '%s: in order, inside the run, each at a moment its event happened',
    (_, { run: r, lines }) => {
      const captions = resolveCaptions(r, lines)
      expect(captions.length).toBeGreaterThan(0)
      expect(captions.length).toBeLessThanOrEqual(lines.length)
      captions.forEach((c, i) => {
        expect(c.atMs).toBeGreaterThanOrEqual(0)
        expect(c.atMs).toBeLessThanOrEqual(r.endMs)
        if (i > 0) expect(c.atMs).toBeGreaterThanOrEqual(captions[i - 1]!.atMs)
        expect(lines.some((l) => l.text === c.text)).toBe(true)
      })
      for (const line of lines) {
        if (!('on' in line)) continue
        const happened = r.events.filter(
          (e) => e.type === line.on && (line.node === undefined || e.node === line.node),
        )
        const shown = captions.filter((c) => c.text === line.text)
        // A line whose event happened fewer than nth times is left out; else it shows when it did.
        if (happened.length < (line.nth ?? 1)) expect(shown).toEqual([])
        else expect(shown.map((c) => c.atMs)).toEqual([happened[(line.nth ?? 1) - 1]!.atMs])
      }
    },
  )
})

describe('captionAt', () => {
  it('is the latest caption that has started, and none before the first', () => {
    assertProperty(
      fc.property(
        fc.constantFrom(...narrated),
        fc.integer({ min: -1000, max: 60_000 }),
        ({ run: r, lines }, t) => {
          const captions = resolveCaptions(r, lines)
          const started = captions.filter((c) => c.atMs <= t)
          expect(captionAt(captions, t)).toEqual(started.at(-1) ?? null)
        },
      ),
      { numRuns: 50 },
    )
  })

  it('leaves out a line tied to an event that never happens, and a time after the run', () => {
    const r = runInput({
      durationMs: 5000,
      clients: [{ id: 'A', script: [{ do: 'acquire' }, { do: 'release' }] }],
      narration: [
        { atMs: 0, text: 'start' },
        { on: 'WriteRejected', text: 'never' },
        { on: 'LeaseGranted', nth: 2, text: 'no second grant' },
        { atMs: 4999, text: 'after the run ended' },
      ],
    })
    expect(r.endMs).toBeLessThan(4999)
    expect(resolveCaptions(r, r.scenario.narration).map((c) => c.text)).toEqual(['start'])
  })
})
