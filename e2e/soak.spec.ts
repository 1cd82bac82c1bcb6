/**
 * Soak: loop playback and random interventions (seeded, so a failure can be replayed) and check
 * that nothing breaks, memory does not keep growing, and the page still answers at the end.
 *
 * `npm test` runs a short soak (SOAK_SECONDS, default 30); `npm run soak` runs three minutes.
 * SOAK_SEED picks the random sequence (printed on every run).
 */
import type { Page } from '@playwright/test'
import { expect, test } from './fixtures'
import { PRESET_IDS } from '../src/sim'

const SECONDS = Number(process.env.SOAK_SECONDS ?? 30)
const SEED = Number(process.env.SOAK_SEED ?? 20261202)

/** mulberry32: a tiny seeded generator, so the same seed replays the same session. */
function generator(seed: number): () => number {
  let state = seed | 0
  return () => {
    state = (state + 0x6d2b79f5) | 0
    let t = Math.imul(state ^ (state >>> 15), state | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

async function usedHeapBytes(page: Page): Promise<number> {
  const cdp = await page.context().newCDPSession(page)
  await cdp.send('HeapProfiler.collectGarbage')
  const { usedSize } = (await cdp.send('Runtime.getHeapUsage')) as { usedSize: number }
  await cdp.detach()
  return usedSize
}

test(`soak: ${SECONDS} s of playback and random interventions (seed ${SEED})`, async ({ page }) => {
  test.setTimeout((SECONDS + 90) * 1000)
  console.log(`soak seed ${SEED} (replay with SOAK_SEED=${SEED})`)
  const random = generator(SEED)
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)] as T

  await page.goto('/?scenario=gc-pause')
  // The keys go to the stage (focusable, tabindex -1), never to whatever the last random action
  // left focused: on a tab, ArrowRight and Home move between tabs instead of stepping, so the
  // end check failed whenever the soak happened to end on a tab click.
  const lab = page.getByRole('region', { name: 'Timeline' })
  const picker = page.getByRole('combobox', { name: 'Scenario' })

  const actions: Record<string, () => Promise<void>> = {
    play: async () => {
      await lab.focus()
      await page.keyboard.press('Space')
      await page.waitForTimeout(100 + random() * 400)
      await page.keyboard.press('Space')
    },
    step: async () => {
      await lab.focus()
      await page.keyboard.press(pick(['ArrowRight', 'ArrowLeft', 'Home', 'End', 'PageDown']))
    },
    intervene: async () => {
      await page.getByRole('tab', { name: 'Break things' }).click()
      const buttons = page
        .getByRole('tabpanel')
        .getByRole('button', { disabled: false })
        .filter({ hasNotText: /^Remove/ })
      const count = await buttons.count()
      if (count > 0) await buttons.nth(Math.floor(random() * count)).click()
    },
    undo: async () => {
      await lab.focus()
      await page.keyboard.press('Control+z')
    },
    preset: async () => {
      await picker.selectOption(pick(PRESET_IDS))
    },
    compare: async () => {
      await page.getByRole('button', { name: 'Compare fencing on / off', exact: true }).click()
    },
    tab: async () => {
      await page.getByRole('tab', { name: pick(['State', 'About', 'Break things']) }).click()
    },
  }
  const weighted = [
    'play',
    'play',
    'step',
    'step',
    'step',
    'intervene',
    'intervene',
    'intervene',
    'undo',
    'preset',
    'compare',
    'tab',
  ] as const

  const started = Date.now()
  const warmUpUntil = started + SECONDS * 250
  let warmHeap: number | null = null
  let steps = 0
  while (Date.now() - started < SECONDS * 1000) {
    await actions[pick(weighted)]!()
    steps++
    if (warmHeap === null && Date.now() > warmUpUntil) warmHeap = await usedHeapBytes(page)
  }
  const endHeap = await usedHeapBytes(page)
  console.log(
    `soak: ${steps} actions; heap after warm-up ${((warmHeap ?? 0) / 2 ** 20).toFixed(1)} MiB, at end ${(endHeap / 2 ** 20).toFixed(1)} MiB`,
  )

  // Still responsive: a step moves the scrubber at once.
  await picker.selectOption('gc-pause')
  await lab.focus()
  await expect(lab).toBeFocused()
  await page.keyboard.press('Home')
  const scrubber = page.getByRole('slider').first()
  await expect(scrubber).toHaveValue('0')
  const before = Date.now()
  await page.keyboard.press('ArrowRight')
  await expect(scrubber).not.toHaveValue('0', { timeout: 1000 })
  expect(Date.now() - before).toBeLessThan(1000)

  expect(warmHeap).not.toBeNull()
  expect(endHeap).toBeLessThan((warmHeap ?? 0) * 1.5 + 10 * 2 ** 20)
})
