/**
 * Keeps src/ui/share/embedHeights.ts true: each preset's embed, in each controls mode, is as tall
 * as the table says at the column width where the table found it tallest, and no taller at the
 * widths where the layouts change. The height is the one the embed posts to
 * its host (src/embed/resize.ts): its document's, rounded up.
 *
 * `EMBED_HEIGHTS_WRITE=1 npx playwright test e2e/embedHeights.spec.ts --workers 1` measures the
 * table afresh, sweeping the column from 360 to 1280 px, and writes it (embedHeights.measured.ts;
 * the README's table of the heights is then to be brought in line: a unit test compares them).
 */
import { writeFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { format, resolveConfig } from 'prettier'
import type { Page } from '@playwright/test'
import { expect, test } from './fixtures'
import { findPreset } from '../src/sim'
import type { PresetId } from '../src/sim/presets/ids'
import { PRESET_IDS } from '../src/sim/presets/ids'
import type { EmbedHeight } from '../src/ui/share/embedHeights'
import { EMBED_HEIGHTS, EMBED_HEIGHTS_WIDE_PX } from '../src/ui/share/embedHeights'
import type { ControlsMode } from '../src/ui/share/snippets'

const MODES: readonly ControlsMode[] = ['none', 'minimal', 'full']
/**
 * The widths the check measures besides the table's own: the narrowest column, the README's wide
 * column, the first past lab.css's 720 px switch (a few pixels taller than 720), a desktop's.
 */
const BOUNDS_PX = [360, EMBED_HEIGHTS_WIDE_PX, 721, 1280]
/** The sweep that writes the table: every 20 px from 360 to 1280, each side of every switch. */
const SWEEP_PX = [
  ...new Set([
    ...Array.from({ length: 47 }, (_, i) => 360 + 20 * i),
    ...[479, 480, 639, 640, 720, 721, 960, 961],
  ]),
].sort((a, b) => a - b)
/** Sub-pixel rounding moves a height by a pixel from one load to the next. */
const SLACK_PX = 1
const WRITE = process.env.EMBED_HEIGHTS_WRITE === '1'

/** The embed's height at a column of `widthPx`, once its drawing has followed the width. */
async function heightAt(page: Page, widthPx: number): Promise<number> {
  await page.setViewportSize({ width: widthPx, height: 900 })
  // Two frames without a change: the diagram is laid out again after its width is observed.
  return page.evaluate(async () => {
    const frame = () => new Promise((resolve) => requestAnimationFrame(resolve))
    const height = () => Math.ceil(document.documentElement.getBoundingClientRect().height)
    let last = -1
    let same = 0
    for (let i = 0; i < 60 && same < 2; i++) {
      await frame()
      const now = height()
      same = now === last ? same + 1 : 0
      last = now
    }
    return last
  })
}

async function openEmbed(page: Page, id: PresetId, controls: ControlsMode): Promise<void> {
  await page.setViewportSize({ width: 360, height: 900 })
  await page.goto(`/embed.html?scenario=${id}&controls=${controls}`)
  await expect(page.locator('[data-prerendered]')).toHaveCount(0)
  // Any preset but the default is loaded on demand: its title says it is there.
  await expect(page.locator('.fl-embed-title')).toHaveText(findPreset(id)?.scenario.title ?? id)
}

const written: Record<string, Record<string, EmbedHeight>> = {}

for (const id of PRESET_IDS) {
  test(`${id}: the embed is as tall as the table says, at every column width`, async ({ page }) => {
    test.setTimeout(WRITE ? 300_000 : 60_000)
    for (const controls of MODES) {
      await openEmbed(page, id, controls)
      if (WRITE) {
        const measured = new Map<number, number>()
        for (const widthPx of SWEEP_PX) measured.set(widthPx, await heightAt(page, widthPx))
        const tallest = (fromPx: number) =>
          [...measured]
            .filter(([widthPx]) => widthPx >= fromPx)
            .reduce((a, b) => (b[1] > a[1] ? b : a))
        const [anyAtPx, anyPx] = tallest(0)
        const [wideAtPx, widePx] = tallest(EMBED_HEIGHTS_WIDE_PX)
        ;(written[id] ??= {})[controls] = { anyPx, anyAtPx, widePx, wideAtPx }
        continue
      }
      const table = EMBED_HEIGHTS[id][controls]
      const at = new Map<number, number>()
      for (const widthPx of new Set([...BOUNDS_PX, table.anyAtPx, table.wideAtPx])) {
        at.set(widthPx, await heightAt(page, widthPx))
      }
      const where = `${id}, controls=${controls}`
      expect(Math.abs((at.get(table.anyAtPx) ?? 0) - table.anyPx), where).toBeLessThanOrEqual(
        SLACK_PX,
      )
      expect(Math.abs((at.get(table.wideAtPx) ?? 0) - table.widePx), where).toBeLessThanOrEqual(
        SLACK_PX,
      )
      for (const [widthPx, heightPx] of at) {
        const bound = widthPx >= EMBED_HEIGHTS_WIDE_PX ? table.widePx : table.anyPx
        expect(heightPx, `${where} at ${widthPx} px`).toBeLessThanOrEqual(bound + SLACK_PX)
      }
    }
  })
}

test.afterAll(async () => {
  if (!WRITE || Object.keys(written).length === 0) return
  const rows = PRESET_IDS.filter((id) => written[id] !== undefined).map(
    (id) => `  '${id}': ${JSON.stringify(written[id])},`,
  )
  const file = fileURLToPath(new URL('../src/ui/share/embedHeights.measured.ts', import.meta.url))
  const text = [
    '// Written by `EMBED_HEIGHTS_WRITE=1 npx playwright test e2e/embedHeights.spec.ts --workers 1`.',
    "import type { PresetId } from '../../sim/presets/ids'",
    "import type { EmbedHeight } from './embedHeights'",
    "import type { ControlsMode } from './snippets'",
    '',
    'export const MEASURED: Record<PresetId, Record<ControlsMode, EmbedHeight>> = {',
    ...rows,
    '}',
    '',
  ].join('\n')
  writeFileSync(file, await format(text, { ...(await resolveConfig(file)), filepath: file }))
})
