/** `--system`: every real system's scenario runs from the command line (docs/systems.md). */
import { describe, expect, it } from 'vitest'
import type { Report } from '../sim'
import { findPreset } from '../sim'
import type { DangerWindow } from '../systems'
import { SYSTEMS } from '../systems'
import { renderDiagramSvg } from '../viz'
import { EXIT_INVALID, EXIT_OK, runCli } from './cli'

function cli(...argv: string[]) {
  let out = ''
  let err = ''
  const code = runCli(argv, { out: (t) => (out += t), err: (t) => (err += t) })
  return { code, out, err }
}

type SystemReport = Report & {
  system: { id: string; params: Record<string, string>; windows: DangerWindow[] }
}

describe('fencing-lab --system', () => {
  for (const system of SYSTEMS) {
    const available = system.id !== 'redlock' || findPreset('redlock-clock-jump') !== undefined
    it(`${system.id}: runs with its defaults${available ? '' : ' (its presets are not in this build: a clear refusal)'}`, () => {
      const { code, out, err } = cli('--system', system.id, '--format', 'json')
      if (!available) {
        expect(code).toBe(EXIT_INVALID)
        expect(err).toContain('is not in this build')
        return
      }
      expect(err).toBe('')
      expect(code).toBe(EXIT_OK)
      const r = JSON.parse(out) as SystemReport
      expect(r.system.id).toBe(system.id)
      expect(r.system.windows.length).toBeGreaterThan(0)
      expect(r.grants.length).toBeGreaterThan(0)
    })
  }

  it('client-go, defaults, leader frozen 20 s: split brain; leaseTransitions checked: gone', () => {
    const unfenced = JSON.parse(
      cli('--system', 'client-go', '--param', 'pauseS=20', '--format', 'json').out,
    ) as SystemReport
    expect(unfenced.verdict).toBe('unsafe')
    expect(new Set(unfenced.violations.map((v) => v.kind))).toEqual(new Set(['token-order']))
    expect(unfenced.system.params).toEqual({ pauseS: '20' })
    const fenced = JSON.parse(
      cli(
        '--system',
        'client-go',
        '--param',
        'pauseS=20',
        '--param',
        'fencing=leaseTransitions',
        '--format',
        'json',
      ).out,
    ) as SystemReport
    expect(fenced.verdict).toBe('safe')
    expect(fenced.writes.filter((w) => w.client === 'A' && w.outcome === 'rejected')).toHaveLength(
      1,
    )
  })

  it('the text format starts with the danger windows', () => {
    const { code, out } = cli('--system', 'client-go')
    expect(code).toBe(EXIT_OK)
    expect(out.split('\n').slice(0, 2)).toEqual([
      'Danger windows:',
      '  - Split brain: a paused leader keeps acting for up to RenewDeadline (10 s) after it wakes, while a newer leader already leads — here from 21 s to 31 s.',
    ])
  })

  it('the SVG draws the danger windows as labelled bands, unless a --fault changed the story', () => {
    const svg = (...extra: string[]) => {
      let out = ''
      const code = runCli(['--system', 'client-go', '--format', 'svg', ...extra], {
        out: (t) => (out += t),
        err: () => {},
        renderSvg: renderDiagramSvg,
      })
      expect(code).toBe(EXIT_OK)
      return out
    }
    const drawn = svg()
    expect(drawn).toMatch(/<text class="fl-danger-label[^"]*"[^>]*>split brain · 10 s<\/text>/)
    expect(drawn).toContain('<title>Danger window, 21 s–31 s: Split brain: a paused leader')
    expect(drawn).toContain('danger window (system)')
    const faulted = svg('--fault', '{"atMs":500,"do":"pause","node":"B","ms":100}')
    expect(faulted).not.toContain('<text class="fl-danger-label')
    expect(faulted).not.toContain('<g class="fl-danger"')
  })

  it('--systems lists every system with its parameters and defaults', () => {
    const { code, out } = cli('--systems')
    expect(code).toBe(EXIT_OK)
    for (const s of SYSTEMS) expect(out).toContain(s.id)
    expect(out).toContain('renewDeadlineS=10 s')
  })

  it('bad input gets a one-line message naming it, and exit status 2', () => {
    const cases: Array<[string[], string]> = [
      [['--system', 'zk'], 'unknown system "zk"'],
      [['--system', 'etcd', '--param', 'ttlS=1'], 'etcd.ttlS must be from 3 to 3600 s, not 1'],
      [['--system', 'etcd', '--param', 'ttlS'], '--param must be key=value'],
      [['--param', 'ttlS=5', 'gc-pause'], '--param needs --system'],
      [['--system', 'etcd', 'gc-pause'], 'give either --system or a scenario'],
      [
        ['--system', 'client-go', '--param', 'renewDeadlineS=20'],
        'LeaseDuration must be greater than RenewDeadline',
      ],
    ]
    for (const [argv, says] of cases) {
      const { code, err } = cli(...argv)
      expect(code, argv.join(' ')).toBe(EXIT_INVALID)
      expect(err, argv.join(' ')).toContain(says)
    }
  })
})
