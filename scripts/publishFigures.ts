/**
 * `npm run build`'s last step: writes each preset's static figures, page and oEmbed answer into
 * dist/ (scripts/publish.ts says what and why). FENCING_LAB_URL=https://…/ makes their addresses
 * absolute, as oEmbed consumers and social cards need.
 */
import { mkdirSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { PRESETS } from '../src/sim'
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
console.log(
  `published ${files.length} files (figures, preset pages, oEmbed) into dist/${labUrl === null ? ' with relative addresses (set FENCING_LAB_URL for absolute ones)' : ` for ${labUrl}`}`,
)
