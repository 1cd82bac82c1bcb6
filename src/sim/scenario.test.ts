/**
 * Scenario format v1 (docs/scenario-format.md): defaults, every documented field, and errors that
 * name the path. Parsing untrusted input never throws.
 */
import fc from 'fast-check'
import { assertProperty } from '../testing/property'
import { describe, expect, it } from 'vitest'
import type { ParseResult, Scenario } from './scenario'
import { formatPath, parseScenario, parseScenarioJson, SCENARIO_FORMAT } from './scenario'
import { faultFor, scenarioArb } from '../testing/arbitraries'

const minimal = { clients: [{ id: 'A', script: [] }] }

function issuesOf(result: ParseResult): string[] {
  if (result.ok) throw new Error('expected the scenario to be rejected')
  return result.issues.map((i) => `${i.path}: ${i.message}`)
}

function scenarioOf(result: ParseResult): Scenario {
  if (!result.ok) throw new Error(result.message)
  return result.scenario
}

/** The original format's example, field for field (comments removed). */
const designExample = {
  format: 'fencing-lab/scenario@1',
  id: 'gc-pause',
  title: 'GC pause: token 41 vs 42',
  description: 'plain text',
  seed: 1,
  durationMs: 20000,
  lockService: {
    leaseMs: 10000,
    firstToken: 41,
    tokens: 'monotonic',
    persistence: 'durable',
    lockDelayMs: 0,
    releaseChecksOwner: true,
    renewChecksOwner: true,
    clockRate: 1.0,
  },
  resources: [
    { id: 'storage', fencing: 'atomic', checkToApplyMs: 10, fenceReads: false, initialValue: 0 },
    { id: 'mailer', fencing: 'none' },
  ],
  network: { latencyMs: 5 },
  clients: [
    {
      id: 'A',
      startMs: 0,
      clockRate: 1.0,
      renewEveryMs: 0,
      checkLeaseBeforeWrite: false,
      script: [
        { do: 'acquire' },
        { do: 'read' },
        { do: 'work', ms: 200 },
        { do: 'write', value: 'A' },
        { do: 'effect', resource: 'mailer', value: 'email #1' },
        { do: 'release' },
        { do: 'sleep', ms: 100 },
      ],
    },
  ],
  faults: [
    { atMs: 1000, do: 'pause', node: 'A', ms: 15000 },
    { atMs: 9000, do: 'delay', from: 'A', to: 'storage', ms: 6000 },
    { atMs: 9000, do: 'drop', from: 'A', to: 'lock' },
    { atMs: 2000, do: 'partition', between: ['A', 'lock'], ms: 3000 },
    { atMs: 600, do: 'expire-lease' },
    { atMs: 50, do: 'crash', node: 'lock', restartAfterMs: 950 },
    { atMs: 2000, do: 'clock-jump', node: 'lock', ms: 9000 },
  ],
}

describe('parseScenario: defaults', () => {
  it('fills in every default around a single client', () => {
    expect(scenarioOf(parseScenario(minimal))).toEqual({
      format: SCENARIO_FORMAT,
      seed: 1,
      durationMs: 20000,
      lockService: {
        leaseMs: 10000,
        firstToken: 41,
        tokens: 'monotonic',
        persistence: 'durable',
        lockDelayMs: 0,
        releaseChecksOwner: true,
        renewChecksOwner: true,
        clockRate: 1,
      },
      resources: [
        {
          id: 'storage',
          fencing: 'atomic',
          checkToApplyMs: 10,
          fenceReads: false,
          initialValue: 0,
          idempotent: false,
        },
      ],
      network: { latencyMs: 5 },
      clients: [
        {
          id: 'A',
          startMs: 0,
          clockRate: 1,
          renewEveryMs: 0,
          checkLeaseBeforeWrite: false,
          script: [],
        },
      ],
      faults: [],
    })
  })

  it('fills in defaults inside partly written sections', () => {
    const s = scenarioOf(
      parseScenario({
        lockService: { leaseMs: 500 },
        resources: [{ id: 'db' }, { id: 'mail', fencing: 'none' }],
        network: {},
        clients: [{ id: 'A', script: [{ do: 'read' }] }],
      }),
    )
    expect(s.lockService).toMatchObject({ leaseMs: 500, firstToken: 41, tokens: 'monotonic' })
    expect(s.resources.map((r) => [r.id, r.fencing, r.checkToApplyMs, r.initialValue])).toEqual([
      ['db', 'atomic', 10, 0],
      ['mail', 'none', 10, 0],
    ])
    expect(s.network.latencyMs).toBe(5)
  })

  it('gives every parse its own default resource list', () => {
    const a = scenarioOf(parseScenario(minimal))
    const b = scenarioOf(parseScenario(minimal))
    expect(a.resources).toEqual(b.resources)
    expect(a.resources).not.toBe(b.resources)
    expect(a.resources[0]).not.toBe(b.resources[0])
  })

  it('is a fixed point: a parsed scenario, as JSON, parses to itself', () => {
    assertProperty(
      fc.property(scenarioArb(), (input) => {
        const once = scenarioOf(parseScenario(input))
        const twice = scenarioOf(parseScenarioJson(JSON.stringify(once)))
        expect(twice).toEqual(once)
      }),
      { numRuns: 40 },
    )
  })
})

describe('parseScenario: every documented field', () => {
  it('accepts the original format example and keeps every value', () => {
    const s = scenarioOf(parseScenario(designExample))
    expect(s).toMatchObject(designExample)
    // The fields it leaves out take their defaults.
    expect(s.resources[1]).toEqual({
      id: 'mailer',
      fencing: 'none',
      checkToApplyMs: 10,
      fenceReads: false,
      initialValue: 0,
      idempotent: false,
    })
  })

  it('accepts the other documented values of every field', () => {
    const s = scenarioOf(
      parseScenario({
        lockService: {
          tokens: 'random',
          persistence: 'volatile',
          lockDelayMs: 15000,
          releaseChecksOwner: false,
          renewChecksOwner: false,
          clockRate: 0.5,
        },
        resources: [
          {
            id: 'storage',
            fencing: 'check-then-write',
            checkToApplyMs: 1,
            fenceReads: true,
            initialValue: null,
          },
          { id: 'counter', initialValue: 7, idempotent: true },
          { id: 'cache', initialValue: 'empty' },
        ],
        network: { latencyMs: [2, 9] },
        clients: [
          {
            id: 'A',
            renewEveryMs: 2000,
            checkLeaseBeforeWrite: true,
            clockRate: 1.5,
            script: [
              { do: 'read', resource: 'counter' },
              { do: 'write', resource: 'counter', increment: 1 },
              { do: 'write', resource: 'cache', value: 3 },
            ],
          },
          { id: 'B', script: [] },
        ],
        faults: [
          { atMs: 0, do: 'partition', between: ['A', 'B'] },
          { atMs: 0, do: 'crash', node: 'counter' },
          { atMs: 0, do: 'clock-jump', node: 'A', ms: -3000 },
        ],
        narration: [
          { atMs: 0, text: 'A caption at a time.' },
          { on: 'LeaseGranted', text: 'A caption on an event.' },
          { on: 'MessageSent', node: 'A', nth: 2, text: 'The second message A sent.' },
        ],
      }),
    )
    expect(s.network.latencyMs).toEqual([2, 9])
    expect(s.faults[0]).toEqual({ atMs: 0, do: 'partition', between: ['A', 'B'] })
    expect(s.faults[2]).toMatchObject({ ms: -3000 })
    expect(s.narration).toHaveLength(3)
  })
})

describe('parseScenario: unknown fields are rejected, naming the field', () => {
  it.each([
    [{ ...minimal, foo: 1 }, 'foo: unknown field'],
    [{ clients: [{ id: 'A', script: [], foo: 1 }] }, 'clients[0].foo: unknown field'],
    [{ ...minimal, lockService: { lease: 5 } }, 'lockService.lease: unknown field'],
    [{ ...minimal, network: { jitterMs: 5 } }, 'network.jitterMs: unknown field'],
    [
      { ...minimal, resources: [{ id: 'db', fence: 'atomic' }] },
      'resources[0].fence: unknown field',
    ],
    [
      { clients: [{ id: 'A', script: [{ do: 'acquire' }, { do: 'work', ms: 5, why: 'x' }] }] },
      'clients[0].script[1].why: unknown field',
    ],
    [
      { ...minimal, faults: [{ atMs: 0, do: 'expire-lease', node: 'A' }] },
      'faults[0].node: unknown field',
    ],
    [{ ...minimal, narration: [{ atMs: 0, text: 'x', on: 'LeaseGranted' }] }, 'narration[0]: '],
  ])('%j → %s', (input, expected) => {
    const issues = issuesOf(parseScenario(input))
    expect(issues.some((i) => i.startsWith(expected))).toBe(true)
  })
})

describe('parseScenario: bad values are rejected, naming the path', () => {
  const two = (script: unknown[]) => ({
    clients: [
      { id: 'A', script: [] },
      { id: 'B', script },
    ],
  })
  it.each<[string, unknown, string, RegExp]>([
    [
      'an unknown step',
      two([{ do: 'acquire' }, { do: 'read' }, { do: 'jump' }]),
      'clients[1].script[2].do',
      /must be one of "acquire" \| "read" \| "work" \| "write" \| "effect" \| "release" \| "sleep", not "jump"/,
    ],
    [
      'a step with no do',
      two([{ ms: 5 }]),
      'clients[1].script[0].do',
      /must be one of .*, not nothing/,
    ],
    [
      'a fault on a node that does not exist',
      { ...minimal, faults: [{ atMs: 0, do: 'pause', node: 'Z', ms: 5 }] },
      'faults[0].node',
      /^no node "Z"$/,
    ],
    [
      'a link fault from a missing node',
      { ...minimal, faults: [{ atMs: 0, do: 'delay', from: 'Q', to: 'lock', ms: 5 }] },
      'faults[0].from',
      /^no node "Q"$/,
    ],
    [
      'a partition with a missing node',
      { ...minimal, faults: [{ atMs: 0, do: 'partition', between: ['A', 'nowhere'] }] },
      'faults[0].between[1]',
      /^no node "nowhere"$/,
    ],
    [
      'a partition of a node with itself',
      { ...minimal, faults: [{ atMs: 0, do: 'partition', between: ['A', 'A'] }] },
      'faults[0].between',
      /two different nodes/,
    ],
    [
      'a partition of three nodes',
      { ...minimal, faults: [{ atMs: 0, do: 'partition', between: ['A', 'lock', 'storage'] }] },
      'faults[0].between[2]',
      /two nodes/,
    ],
    [
      'a link from a node to itself',
      { ...minimal, faults: [{ atMs: 0, do: 'drop', from: 'A', to: 'A' }] },
      'faults[0]',
      /two different nodes/,
    ],
    [
      'an unknown fault',
      { ...minimal, faults: [{ atMs: 0, do: 'explode' }] },
      'faults[0].do',
      /not "explode"/,
    ],
    [
      'a duplicate client id',
      {
        clients: [
          { id: 'A', script: [] },
          { id: 'A', script: [] },
        ],
      },
      'clients[1].id',
      /"A" is already used/,
    ],
    [
      'a client named like a resource',
      { clients: [{ id: 'storage', script: [] }] },
      'clients[0].id',
      /"storage" is already used/,
    ],
    [
      'a resource named "lock"',
      { ...minimal, resources: [{ id: 'lock' }] },
      'resources[0].id',
      /"lock" is already used/,
    ],
    [
      'a duplicate resource id',
      { ...minimal, resources: [{ id: 'db' }, { id: 'db' }] },
      'resources[1].id',
      /"db" is already used/,
    ],
    [
      'a write with neither value nor increment',
      two([{ do: 'write' }]),
      'clients[1].script[0]',
      /a write needs exactly one of "value" or "increment"/,
    ],
    [
      'a write with both value and increment',
      two([{ do: 'write', value: 1, increment: 1 }]),
      'clients[1].script[0]',
      /exactly one of "value" or "increment"/,
    ],
    [
      'an increment of a resource that holds text',
      { ...two([{ do: 'write', increment: 1 }]), resources: [{ id: 'db', initialValue: 'x' }] },
      'clients[1].script[0].increment',
      /non-numeric initialValue/,
    ],
    [
      'an effect with no resource',
      two([{ do: 'effect', value: 'mail' }]),
      'clients[1].script[0].resource',
      /required field is missing/,
    ],
    [
      'a read of a missing resource',
      two([{ do: 'read', resource: 'nope' }]),
      'clients[1].script[0].resource',
      /^no resource "nope"$/,
    ],
    [
      'a fractional work ms',
      two([{ do: 'work', ms: 1.5 }]),
      'clients[1].script[0].ms',
      /work ms must be a whole number of milliseconds/,
    ],
    [
      'a negative sleep',
      two([{ do: 'sleep', ms: -1 }]),
      'clients[1].script[0].ms',
      /sleep ms must not be negative/,
    ],
    [
      'a fractional fault time',
      { ...minimal, faults: [{ atMs: 0.5, do: 'expire-lease' }] },
      'faults[0].atMs',
      /whole number of milliseconds/,
    ],
    [
      'ms beyond the safe integers',
      { clients: [{ id: 'A', startMs: 1e20, script: [] }] },
      'clients[0].startMs',
      /whole number of milliseconds/,
    ],
    [
      'a zero lease',
      { ...minimal, lockService: { leaseMs: 0 } },
      'lockService.leaseMs',
      /at least 1/,
    ],
    [
      'an unknown token kind',
      { ...minimal, lockService: { tokens: 'sequential' } },
      'lockService.tokens',
      /tokens must be "monotonic", "random" or "none"/,
    ],
    [
      'a clock that stands still',
      { ...minimal, lockService: { clockRate: 0 } },
      'lockService.clockRate',
      /at least 0.01/,
    ],
    [
      'a latency range upside down',
      { ...minimal, network: { latencyMs: [9, 2] } },
      'network.latencyMs',
      /min <= max/,
    ],
    [
      'a latency range of one number',
      { ...minimal, network: { latencyMs: [9] } },
      'network.latencyMs',
      /a number of milliseconds or \[min, max\]/,
    ],
    [
      'settings given as a list',
      { ...minimal, lockService: [] },
      'lockService',
      /must be an object, not a list/,
    ],
    [
      'a check-then-write resource with no gap',
      { ...minimal, resources: [{ id: 'db', fencing: 'check-then-write', checkToApplyMs: 0 }] },
      'resources[0].checkToApplyMs',
      /at least 1 ms/,
    ],
    [
      'a bad id',
      { clients: [{ id: '1st', script: [] }] },
      'clients[0].id',
      /must start with a letter/,
    ],
    ['a scenario id that is not a slug', { ...minimal, id: 'GC Pause' }, 'id', /lowercase slug/],
    [
      'the wrong format version',
      { ...minimal, format: 'fencing-lab/scenario@2' },
      'format',
      /format must be "fencing-lab\/scenario@1"/,
    ],
    ['no clients', { clients: [] }, 'clients', /at least one client/],
    ['a missing clients list', {}, 'clients', /required field is missing/],
    [
      'a narration line on a missing node',
      { ...minimal, narration: [{ on: 'LeaseGranted', node: 'Z', text: 'x' }] },
      'narration[0].node',
      /^no node "Z"$/,
    ],
    ['a negative seed', { ...minimal, seed: -1 }, 'seed', /must not be negative/],
    ['a zero horizon', { ...minimal, durationMs: 0 }, 'durationMs', /at least 1/],
  ])('%s', (_what, input, path, message) => {
    const result = parseScenario(input)
    expect(result.ok).toBe(false)
    if (result.ok) return
    const issue = result.issues.find((i) => i.path === path)
    expect(issue, `issues: ${JSON.stringify(result.issues)}`).toBeDefined()
    expect(issue?.message).toMatch(message)
    // The summary names the path too.
    expect(result.message).toContain(`${path}: `)
  })

  it('reports every problem, and summarises the first five', () => {
    const result = parseScenario({
      foo: 1,
      seed: -1,
      durationMs: 0,
      lockService: { leaseMs: 0, tokens: 'x' },
      clients: [{ id: 'A', script: [{ do: 'jump' }], bar: 2 }],
    })
    const issues = issuesOf(result)
    expect(issues).toHaveLength(7)
    expect(result.ok || result.message).toMatch(/^Invalid scenario: .*\(and 2 more\)$/)
  })

  it('rejects a document that is not an object', () => {
    for (const input of [null, 5, 'scenario', true, undefined]) {
      expect(issuesOf(parseScenario(input))).toEqual([
        expect.stringMatching(/^: must be an object, not /),
      ])
    }
  })

  it('rejects text that is not JSON, saying so', () => {
    const result = parseScenarioJson('{"clients": [')
    expect(result.ok).toBe(false)
    if (!result.ok) expect(result.message).toMatch(/^Invalid scenario: not valid JSON: /)
  })
})

describe('parseScenario never throws', () => {
  const settles = (result: ParseResult) => {
    if (result.ok) return
    expect(result.issues.length).toBeGreaterThan(0)
    expect(result.message).toMatch(/^Invalid scenario: ./)
  }

  it('on anything at all', () => {
    assertProperty(
      fc.property(fc.anything({ withNullPrototype: true, withObjectString: true }), (input) => {
        settles(parseScenario(input))
        settles(parseScenario({ clients: [{ id: 'A', script: [input] }] }))
        settles(parseScenario({ ...minimal, lockService: input, faults: [input] }))
      }),
      { numRuns: 100 },
    )
  })

  it('on any JSON text', () => {
    assertProperty(
      fc.property(fc.json(), (text) => settles(parseScenarioJson(text))),
      { numRuns: 60 },
    )
  })

  it('on every truncation of a valid scenario', () => {
    assertProperty(
      fc.property(scenarioArb(), fc.nat(), (input, cut) => {
        const text = JSON.stringify(input)
        settles(parseScenarioJson(text.slice(0, cut % (text.length + 1))))
      }),
      { numRuns: 60 },
    )
  })

  it('on valid scenarios with one value replaced by junk', () => {
    assertProperty(
      fc.property(scenarioArb(), fc.nat(), fc.jsonValue(), (input, pick, junk) => {
        const copy = JSON.parse(JSON.stringify(input)) as unknown
        replaceLeaf(copy, pick, junk)
        settles(parseScenario(copy))
      }),
      { numRuns: 60 },
    )
  })

  it('on deeply nested junk and hostile objects', () => {
    const depth = 100_000
    settles(parseScenarioJson('['.repeat(depth) + ']'.repeat(depth)))
    settles(parseScenarioJson(`{"clients": ${'['.repeat(depth)}${']'.repeat(depth)}}`))
    let nested: Record<string, unknown> = {}
    const root = nested
    for (let i = 0; i < depth; i++) {
      const next = {}
      nested['a'] = next
      nested = next
    }
    settles(parseScenario({ clients: [{ id: 'A', script: [root] }] }))
    settles(parseScenario({ ...minimal, junk: root }))
    const cyclic: Record<string, unknown> = { ...minimal }
    cyclic['self'] = cyclic
    settles(parseScenario(cyclic))
    const throwing = Object.defineProperty({}, 'clients', {
      enumerable: true,
      get() {
        throw new Error('boom')
      },
    })
    expect(issuesOf(parseScenario(throwing))).toEqual([
      ': could not read the scenario (Error: boom)',
    ])
    settles(parseScenarioJson('{"__proto__": {"clients": []}, "constructor": 1}'))
  })
})

describe('formatPath', () => {
  it('writes paths the way a reader finds them in the JSON', () => {
    expect(formatPath(['clients', 1, 'script', 2, 'do'])).toBe('clients[1].script[2].do')
    expect(formatPath(['faults', 0, 'between', 1])).toBe('faults[0].between[1]')
    expect(formatPath([])).toBe('')
  })
})

/** Replaces the `pick`-th leaf (in a depth-first walk) of a JSON value with `junk`. */
function replaceLeaf(root: unknown, pick: number, junk: unknown): void {
  const leaves: Array<{ parent: Record<string, unknown> | unknown[]; key: string | number }> = []
  const walk = (value: unknown) => {
    if (Array.isArray(value)) {
      value.forEach((item, i) => {
        leaves.push({ parent: value, key: i })
        walk(item)
      })
    } else if (value !== null && typeof value === 'object') {
      for (const [key, item] of Object.entries(value)) {
        leaves.push({ parent: value as Record<string, unknown>, key })
        walk(item)
      }
    }
  }
  walk(root)
  const leaf = leaves[pick % Math.max(1, leaves.length)]
  if (leaf === undefined) return
  ;(leaf.parent as Record<string | number, unknown>)[leaf.key] = junk
}

describe('parseScenario on an edit of a parsed scenario (its clients checked once)', () => {
  const fresh = (input: unknown) => parseScenario(JSON.parse(JSON.stringify(input)))

  it('gives what a full check gives, for any edit of faults and fencing (property)', () => {
    assertProperty(
      fc.property(
        scenarioArb().chain((input) =>
          fc.tuple(
            fc.constant(input),
            fc.array(faultFor(input), { maxLength: 3 }),
            fc.constantFrom('atomic', 'none', 'check-then-write', 'bogus'),
          ),
        ),
        ([input, faults, fencing]) => {
          const parsed = parseScenario(input)
          if (!parsed.ok) return
          const edited = {
            ...parsed.scenario,
            faults: [...parsed.scenario.faults, ...faults],
            resources: parsed.scenario.resources.map((r) => ({ ...r, fencing })),
          }
          const again = parseScenario(edited)
          const full = fresh(edited)
          expect(JSON.stringify(again)).toBe(JSON.stringify(full))
          // The clients are the parsed ones, not a copy.
          if (again.ok) expect(again.scenario.clients).toBe(parsed.scenario.clients)
        },
      ),
      { numRuns: 30 },
    )
  })

  it('still checks references to the clients (a fault on a client that is not there)', () => {
    const parsed = parseScenario({ clients: [{ id: 'A', script: [{ do: 'acquire' }] }] })
    if (!parsed.ok) throw new Error(parsed.message)
    const edited = { ...parsed.scenario, faults: [{ atMs: 5, do: 'pause', node: 'Z', ms: 10 }] }
    const again = parseScenario(edited)
    expect(again.ok).toBe(false)
    expect(again).toEqual(fresh(edited))
  })

  it('checks a client list it did not give out, even one equal to a checked list', () => {
    const parsed = parseScenario({ clients: [{ id: 'A', script: [{ do: 'acquire' }] }] })
    if (!parsed.ok) throw new Error(parsed.message)
    const copied = { ...parsed.scenario, clients: [{ id: 'A', script: [{ do: 'fly' }] }] }
    expect(parseScenario(copied).ok).toBe(false)
  })
})
