/**
 * Sim versus real: each history recorded from a real lock service (examples/histories/recorded,
 * made by `npm run record`) is judged, and its verdict must equal the verdict of the simulated
 * preset whose story it played. Findings the two cannot share are listed in DIFFERENCES, each
 * explained in docs/recorded-histories.md; any other difference fails.
 */
import { readdirSync, readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { presetRun } from '../testing/presetRuns'
import { judgeHistory } from './judge'

const DIR = 'examples/histories/recorded'
const FIXTURES = readdirSync(DIR).filter((f) => f.endsWith('.ndjson'))

interface Difference {
  /** Finding kinds the preset reports and the real run does not, and the other way round. */
  simOnly?: string[]
  realOnly?: string[]
  /** The heading in docs/recorded-histories.md that explains it. */
  docs: string
}

const DIFFERENCES: Record<string, Difference> = {
  // A history has one lock service; Redlock's grants are each client's own count of votes, so two
  // majorities at once show as a grant that ended the other (a note) and the overwrite that follows.
  'redlock-restart': { simOnly: ['two-holders'], docs: 'Redlock: two majorities' },
  // The etcd3 client gives its lease up 2 × TTL after its last answered keep-alive; etcd ends it
  // after one TTL: A still believes when B is granted. The preset's A stops at its lease's end.
  'delayed-write': { realOnly: ['two-believers'], docs: 'etcd3: a lease given up late' },
}

const kinds = (findings: ReadonlyArray<{ kind: string }>) =>
  [...new Set(findings.map((f) => f.kind))].sort()

/** The preset's finding kinds, with the documented differences applied. */
function expected(story: string, sim: ReadonlyArray<{ kind: string }>) {
  const d = DIFFERENCES[story]
  const all = new Set(kinds(sim))
  for (const k of d?.simOnly ?? []) all.delete(k)
  for (const k of d?.realOnly ?? []) all.add(k)
  return [...all].sort()
}

describe('histories recorded from real lock services', () => {
  it('has the four required stories, each with its command in the folder README', () => {
    const readme = readFileSync(`${DIR}/README.md`, 'utf8')
    for (const f of FIXTURES) expect(readme).toContain(f)
    const stories = FIXTURES.map((f) => f.split('.')[0])
    expect(new Set(stories)).toEqual(
      new Set(['gc-pause', 'gc-pause-unfenced', 'delayed-write', 'redlock-restart']),
    )
    expect(FIXTURES).toContain('gc-pause.etcd.ndjson')
    expect(FIXTURES).toContain('gc-pause.zookeeper.ndjson')
  })

  it.each(FIXTURES)('%s: the real run gets the simulated preset’s verdict', (file) => {
    const story = file.split('.')[0] as string
    const text = readFileSync(`${DIR}/${file}`, 'utf8')
    const out = judgeHistory([{ name: file, text }])
    if (!out.ok) throw new Error(out.message)
    const real = out.judgement
    expect(real.errors).toEqual([])
    const sim = presetRun(story).findings
    expect(real.result.verdict).toBe(sim.verdict)
    const seen = [...kinds(real.result.violations), ...kinds(real.result.warnings)].sort()
    expect(seen).toEqual(expected(story, [...sim.violations, ...sim.warnings]))
  })

  it('explains every listed difference in the docs', () => {
    const docs = readFileSync('docs/recorded-histories.md', 'utf8')
    for (const [story, d] of Object.entries(DIFFERENCES)) {
      const section = docs.split(`## ${d.docs}\n`)[1]?.split('\n## ')[0] ?? ''
      expect(section, `docs/recorded-histories.md has no "## ${d.docs}"`).not.toBe('')
      expect(section).toContain(story)
      for (const kind of [...(d.simOnly ?? []), ...(d.realOnly ?? [])])
        expect(section).toContain(kind)
    }
  })
})
