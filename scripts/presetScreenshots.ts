/**
 * `npm run screenshots`: a picture of every preset's first screen, at 1280×800 and 390×844, into
 * docs/screenshots/<preset>-<width>.png, from the production build in headless Chromium (light
 * theme; `--dark` adds the dark theme as <preset>-<width>-dark.png). Each is taken at the story's
 * decisive line (the last narration line), so the picture shows the caption, the diagram and the
 * transport as a reader sees them there. Run `npm run build` first.
 */
import { mkdirSync } from 'node:fs'
import { openPreview } from '../bench/browser'
import { PRESETS } from '../src/sim'

const SIZES = [
  { width: 1280, height: 800 },
  { width: 390, height: 844 },
] as const
const schemes = process.argv.includes('--dark')
  ? (['light', 'dark'] as const)
  : (['light'] as const)
const only = process.argv.find((a) => !a.startsWith('-') && PRESETS.some((p) => p.id === a))

mkdirSync('docs/screenshots', { recursive: true })
// The benchmarks' preview of dist/ and system Chromium (BENCH_PORT picks the port).
const { base, browser, close } = await openPreview()
try {
  for (const preset of PRESETS.filter((p) => only === undefined || p.id === only)) {
    for (const size of SIZES) {
      for (const colorScheme of schemes) {
        const page = await browser.newPage({
          viewport: size,
          colorScheme,
          reducedMotion: 'reduce',
        })
        await page.goto(`${base}/?scenario=${preset.id}`)
        await page.locator('.fl-diagram').first().waitFor()
        // Walk the story to its last line, as a reader pressing Next would.
        const next = page.getByRole('button', { name: 'Next moment' })
        for (let i = 0; i < 100 && (await next.isEnabled()); i++) await next.click()
        await page.evaluate(() => window.scrollTo(0, 0))
        await page.waitForTimeout(200)
        const suffix = colorScheme === 'dark' ? '-dark' : ''
        const path = `docs/screenshots/${preset.id}-${size.width}${suffix}.png`
        await page.screenshot({ path })
        await page.close()
        console.log(`wrote ${path}`)
      }
    }
  }
} finally {
  await close()
}
