import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { PRESETS } from '.'

describe("README's preset table", () => {
  const readme = readFileSync(new URL('../../../README.md', import.meta.url), 'utf8')
  it.each(PRESETS.map((p) => [p.id, p] as const))(
    '%s is listed with its question and verdict',
    (id, p) => {
      const row = readme.split('\n').find((line) => line.startsWith(`| \`${id}\``))
      expect(row, `README has a row for ${id}`).toBeDefined()
      const cells = row!.split('|').map((c) => c.trim())
      expect(cells[2]).toBe(p.question)
      expect(cells[3]).toBe(p.expected.verdict)
    },
  )
})
