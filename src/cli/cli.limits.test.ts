/**
 * The command line at its limits: a run cut at the event cap is never reported as a plain
 * verdict, and a long run prints in every format.
 */
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import type { Report } from '../sim'
import { renderDiagramSvg } from '../viz'
import type { CliIo } from './cli'
import { EXIT_INVALID, EXIT_OK, EXIT_TRUNCATED, runCli } from './cli'
import { tempDir } from '../testing/tempDir'

function cli(argv: string[], extra: Partial<CliIo> = {}) {
  let out = ''
  let err = ''
  const code = runCli(argv, {
    out: (t) => (out += t),
    err: (t) => (err += t),
    renderSvg: renderDiagramSvg,
    ...extra,
  })
  return { code, out, err }
}

const dir = tempDir('fencing-lab-limits')
/** A renews every ms: about five events per ms of the horizon. */
function renewingFile(durationMs: number): string {
  const path = join(dir, `renewing-${durationMs}.json`)
  writeFileSync(
    path,
    JSON.stringify({
      durationMs,
      network: { latencyMs: 1 },
      clients: [
        { id: 'A', renewEveryMs: 1, script: [{ do: 'acquire' }, { do: 'work', ms: 86_000_000 }] },
      ],
    }),
  )
  return path
}

describe('a run cut at the event cap', () => {
  const file = renewingFile(86_400_000)
  const capped = { maxEvents: 3000 }

  it('JSON: verdict "inconclusive", a truncated field saying where, exit status 3', () => {
    const { code, out, err } = cli([file, '--allow-large', '--format', 'json'], capped)
    expect(code).toBe(EXIT_TRUNCATED)
    const report = JSON.parse(out) as Report
    expect(report.verdict).toBe('inconclusive')
    expect(report.truncated).not.toBeNull()
    expect(report.truncated?.eventCount).toBeGreaterThanOrEqual(3000)
    expect(report.truncated?.atMs).toBeGreaterThan(0)
    expect(report.events.at(-1)).toMatchObject({ type: 'RunEnded', reason: 'event-limit' })
    expect(err).toMatch(/^fencing-lab: TRUNCATED: .*event limit at /)
  })

  it('text: says so under the verdict and at the end', () => {
    const { code, out } = cli([file, '--allow-large'], capped)
    expect(code).toBe(EXIT_TRUNCATED)
    const lines = out.trimEnd().split('\n')
    expect(lines[1]).toMatch(/^verdict: inconclusive/)
    expect(lines[2]).toMatch(/^TRUNCATED: the run reached the engine's event limit at /)
    expect(lines.at(-1)).toMatch(/^TRUNCATED: /)
  })

  it('svg: the figure’s subtitle says the run was cut', () => {
    const { code, out } = cli([file, '--allow-large', '--format', 'svg'], capped)
    expect(code).toBe(EXIT_TRUNCATED)
    expect(out).toContain('Inconclusive')
    expect(out).toContain('run cut at its event limit')
  })

  it('a complete run has truncated: null and exits 0', () => {
    const { code, out } = cli(['gc-pause', '--format', 'json'])
    expect(code).toBe(EXIT_OK)
    expect((JSON.parse(out) as Report).truncated).toBeNull()
  })
})

describe('a long run', () => {
  it('prints as text above 125k events (a spread into Math.max overflowed the stack)', () => {
    const { code, out, err } = cli([renewingFile(50_000), '--allow-large'])
    expect(err).toBe('')
    expect(code).toBe(EXIT_OK)
    expect(out.split('\n').length).toBeGreaterThan(140_000)
  }, 60_000)
})

describe('a run estimated above the large-run limit', () => {
  it('is refused before it starts: exit 2, one line with its size and what to do', () => {
    const { code, out, err } = cli([renewingFile(86_400_000), '--format', 'json'])
    expect(code).toBe(EXIT_INVALID)
    expect(out).toBe('')
    expect(err).toMatch(
      /^fencing-lab: this run is estimated at more than the engine's limit of 2,000,000 events .*over the large-run limit of 250,000; shorten it .* or give --allow-large to run it anyway\n$/,
    )
  })

  it('names its estimated size when it is under the engine limit', () => {
    const { code, err } = cli([renewingFile(60_000)])
    expect(code).toBe(EXIT_INVALID)
    expect(err).toMatch(/estimated at up to 480,\d{3} events/)
  })

  it('runs with --allow-large', () => {
    const { code, err } = cli([renewingFile(86_400_000), '--allow-large'], { maxEvents: 2000 })
    expect(code).toBe(EXIT_TRUNCATED)
    expect(err).toMatch(/TRUNCATED/)
  })

  it('a --system run or a preset under the limit is never asked for the flag', () => {
    expect(cli(['gc-pause']).code).toBe(EXIT_OK)
    expect(cli(['--system', 'client-go']).code).toBe(EXIT_OK)
  })
})
