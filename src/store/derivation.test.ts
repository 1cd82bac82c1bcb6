import fc from 'fast-check'
import { describe, expect, it, vi } from 'vitest'
import { assertProperty, PROPERTY_SEEDS } from '../testing/property'
import { createDeriver } from './derivation'
import type { LabStore, LabStoreState } from './labStore'
import { createLabStore } from './labStore'
import type * as Derive from './derive'

/** The scenarios the store ran (all of them go through deriveLabRun). */
const ran = vi.hoisted(() => ({ titles: [] as string[] }))
vi.mock('./derive', async (importOriginal) => {
  const real = await importOriginal<typeof Derive>()
  return {
    ...real,
    deriveLabRun: (...args: Parameters<typeof real.deriveLabRun>) => {
      ran.titles.push(args[0].title ?? '(untitled)')
      return real.deriveLabRun(...args)
    },
  }
})

/** Every reader action, with arguments fast-check picks. */
const action: fc.Arbitrary<{ name: string; act: (s: LabStoreState) => void }> = fc.oneof(
  fc.double({ min: -0.1, max: 1.1, noNaN: true }).map((f) => ({
    name: `setCursor(${f.toFixed(3)} of the run)`,
    act: (s: LabStoreState) => s.setCursor(f * s.lab.run.endMs),
  })),
  fc
    .constantFrom<keyof LabStoreState>(
      'stepForward',
      'stepBack',
      'jumpStart',
      'jumpEnd',
      'nextProblem',
      'previousProblem',
      'endGlide',
      'play',
      'pause',
      'togglePlay',
      'expireLease',
      'undo',
      'redo',
      'resetEdits',
    )
    .map((name) => ({ name, act: (s: LabStoreState) => (s[name] as () => void)() })),
  fc.constantFrom('A', 'B').map((id) => ({
    name: `pauseClient(${id})`,
    act: (s: LabStoreState) => s.pauseClient(id, 4000),
  })),
  fc.constantFrom('A', 'B').map((id) => ({
    name: `resumeClient(${id})`,
    act: (s: LabStoreState) => s.resumeClient(id),
  })),
  fc.constant({ name: 'crashNode(lock)', act: (s: LabStoreState) => s.crashNode('lock', 500) }),
  fc.constant({ name: 'partition', act: (s: LabStoreState) => s.partition('A', 'lock', 2000) }),
  fc.constant({ name: 'clockJump', act: (s: LabStoreState) => s.clockJump('lock', 9000) }),
  fc.constant({ name: 'delayNext', act: (s: LabStoreState) => s.delayNext('A', 'storage', 900) }),
  fc.constant({ name: 'dropNext', act: (s: LabStoreState) => s.dropNext('lock', 'B') }),
  fc
    .nat(3)
    .map((i) => ({ name: `removeFault(${i})`, act: (s: LabStoreState) => s.removeFault(i) })),
  fc.nat(40).map((m) => ({
    name: `actOnMessage(${m})`,
    act: (s: LabStoreState) => s.actOnMessage(m, { kind: 'delay', ms: 700 }),
  })),
  fc.constantFrom('atomic', 'check-then-write', 'none').map((f) => ({
    name: `setFencing(${f})`,
    act: (s: LabStoreState) => s.setFencing('storage', f),
  })),
  fc.boolean().map((on) => ({
    name: `setCompareMode(${String(on)})`,
    act: (s: LabStoreState) => s.setCompareMode(on),
  })),
  fc.constantFrom('gc-pause', 'lock-delay', 'clock-jump').map((id) => ({
    name: `loadPreset(${id})`,
    act: (s: LabStoreState) => s.loadPreset(id),
  })),
  fc.option(fc.tuple(fc.nat(20_000), fc.nat(20_000)), { nil: null }).map((r) => ({
    name: `setRange(${JSON.stringify(r)})`,
    act: (s: LabStoreState) =>
      s.setRange(r === null ? null : { fromMs: Math.min(...r), toMs: Math.max(...r) }),
  })),
)

/** What a fresh derivation (no caches) makes of the state's inputs. */
function derivedAgain(s: LabStoreState) {
  const derivation = createDeriver()(s)
  if (!derivation.ok) throw new Error(derivation.message)
  return derivation.derived
}

function expectDerived(store: LabStore): void {
  const s = store.getState()
  const again = derivedAgain(s)
  expect(s.lab.scenario).toEqual(again.lab.scenario)
  expect(s.lab.run.events).toEqual(again.lab.run.events)
  expect(s.lab.findings).toEqual(again.lab.findings)
  // The captions too: an edited run's are checked against the base's own run, which the store
  // keeps from when the base opened and a fresh derivation runs again.
  expect(s.lab.captions).toEqual(again.lab.captions)
  expect(s.edited).toBe(again.edited)
  expect(s.compare === null).toBe(again.compare === null)
  expect(s.compare?.outcome).toEqual(again.compare?.outcome)
  // A glide in progress leaves the cursor where it started; it is still in bounds.
  expect(s.cursorMs).toBe(again.cursorMs)
  expect(
    s.glide === null || s.glide.toMs === derivedAgain({ ...s, cursorMs: s.glide.toMs }).cursorMs,
  ).toBe(true)
}

describe('one derivation', () => {
  // One test per seed: each derives a few hundred runs, too long for one test's time limit.
  it.each(PROPERTY_SEEDS)(
    'every action leaves the state equal to derive(…) (seed %i)',
    (seed) => {
      assertProperty(
        fc.property(
          fc.constantFrom('gc-pause', 'gc-pause-unfenced', 'lock-delay'),
          fc.boolean(),
          fc.array(action, { minLength: 1, maxLength: 12 }),
          (preset, reducedMotion, actions) => {
            const store = createLabStore({ preset: preset as never, reducedMotion })
            expectDerived(store)
            for (const { act } of actions) {
              act(store.getState())
              expectDerived(store)
            }
          },
        ),
        { numRuns: 25, seed },
      )
    },
    30_000,
  )

  it('derives a run once per edits value: undo and redo reuse it', () => {
    const store = createLabStore({ reducedMotion: true })
    store.getState().setCursor(3000)
    store.getState().expireLease()
    const edited = store.getState().lab
    store.getState().undo()
    store.getState().redo()
    expect(store.getState().lab).toBe(edited)
  })

  it('runs the base once: its first edit checks the narration against the run it opened with', () => {
    ran.titles.length = 0
    const store = createLabStore({ reducedMotion: true })
    expect(ran.titles).toHaveLength(1)
    const opened = store.getState().lab
    store.getState().pauseClient('A', 4000)
    // The edited run alone, not the base again for its narration.
    expect(ran.titles).toHaveLength(2)
    expect(store.getState().lab).not.toBe(opened)
    expect(store.getState().lab.captions).toEqual(derivedAgain(store.getState()).lab.captions)
  })

  it('refuses edits the schema refuses, naming what is wrong, and changes nothing', () => {
    const store = createLabStore({ reducedMotion: true })
    const before = store.getState()
    store.getState().pauseClient('A', -5)
    const s = store.getState()
    expect(s.notice).toMatch(/^That change cannot be made: .*ms/)
    expect(s.lab).toBe(before.lab)
    expect(s.edits).toBe(before.edits)
    expect(s.undoStack).toBe(before.undoStack)
  })
})
