/**
 * `npm run build`'s last step: writes each preset's static figures (SVG and PNG, light and
 * dark), page and oEmbed answer into dist/ (scripts/publish.ts says what and why). FENCING_LAB_URL=https://…/ makes their addresses
 * absolute, as oEmbed consumers and social cards need.
 */
import { mkdirSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { chooseFonts, rasterize } from '../src/cli/media'
import { pngWithScenario, scenarioJsonText } from '../src/link/figureScenario'
import { presetFigurePath } from '../src/link/figures'
import { PRESETS } from '../src/sim'
import { presetFigure } from '../src/ui/share/presetFigures'
import { publishedFiles } from './publish'

const dist = join(import.meta.dirname, '..', 'dist')
const raw = process.env.FENCING_LAB_URL?.trim() ?? ''
let labUrl: string | null = null
if (raw !== '') {
  const url = new URL(raw)
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    throw new Error(`FENCING_LAB_URL must be an http(s) address, not ${raw}`)
  }
  labUrl = url.href.endsWith('/') ? url.href : `${url.href}/`
}
const files = publishedFiles(PRESETS, labUrl)
for (const file of files) {
  const path = join(dist, file.path)
  mkdirSync(dirname(path), { recursive: true })
  writeFileSync(path, file.text)
}
// The PNG twins of the SVG figures (1×: a social card's size), carrying the scenario too.
const fonts = chooseFonts()
if (!fonts.ok) throw new Error(`cannot draw the PNG figures: ${fonts.message}`)
let pngs = 0
for (const preset of PRESETS) {
  const figure = presetFigure(preset)
  for (const theme of ['light', 'dark'] as const) {
    const raster = rasterize(figure[theme], 1, fonts)
    const png = pngWithScenario(raster.png, scenarioJsonText(preset.scenario))
    writeFileSync(join(dist, presetFigurePath(preset.id, theme, 'png')), png)
    pngs++
  }
}
console.log(
  `published ${files.length + pngs} files (figures, preset pages, oEmbed) into dist/${labUrl === null ? ' with relative addresses (set FENCING_LAB_URL for absolute ones)' : ` for ${labUrl}`}`,
)
