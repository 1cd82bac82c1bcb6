/**
 * First-load JavaScript of the built pages, gzipped: the budget check (scripts/budgets.ts) and
 * the benchmark (bench/bundle.ts) read it the same way.
 *
 * The build writes three manifests into dist-manifests/ (beside dist/, never published: they
 * list source paths): manifest.json (the lab page, React), manifest.embed.json (embed.html) and
 * manifest.element.json (fencing-lab.js), the last two from vite.embed.config.ts (preact/compat). First-load JavaScript is an entry's chunk plus its static
 * imports; dynamic imports (the embed's panels, the #s= decoder) load later and are not counted.
 */
import { existsSync, readFileSync } from 'node:fs'
import { gzipSync } from 'node:zlib'

interface ManifestChunk {
  file: string
  imports?: string[]
  isEntry?: boolean
  src?: string
}

export const DIST = new URL('../dist/', import.meta.url)
/** vite.config.ts's MANIFEST_DIR (not imported: that would load Vite into every reader). */
export const MANIFEST_DIR = new URL('../dist-manifests/', import.meta.url)

export const MANIFESTS = ['manifest.json', 'manifest.embed.json', 'manifest.element.json'] as const

/**
 * Gzipped bytes of an entry's first-load JavaScript (its chunk and all static imports), from the
 * manifest that lists it (`entry` is the manifest key: 'index.html', 'embed.html', or the
 * element's source path).
 */
export function firstLoadGzipBytes(
  entryHtml: string,
  manifestFile: (typeof MANIFESTS)[number] = 'manifest.json',
): { bytes: number; files: string[] } | null {
  const manifestPath = new URL(manifestFile, MANIFEST_DIR)
  if (!existsSync(manifestPath)) return null
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as Record<string, ManifestChunk>
  const entry = manifest[entryHtml]
  if (entry === undefined) return null
  const seen = new Set<string>()
  const visit = (key: string) => {
    if (seen.has(key)) return
    seen.add(key)
    for (const next of manifest[key]?.imports ?? []) visit(next)
  }
  visit(entryHtml)
  const files = [...seen].map((key) => manifest[key]?.file).filter((f): f is string => !!f)
  const js = files.filter((f) => f.endsWith('.js'))
  const bytes = js.reduce(
    (sum, file) => sum + gzipSync(readFileSync(new URL(file, DIST)), { level: 9 }).length,
    0,
  )
  return { bytes, files: js }
}
