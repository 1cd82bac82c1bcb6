/**
 * What dist/ must not publish: build metadata a site has no use for and that tells a visitor
 * about the source tree. Vite's manifests (`.vite/`) list every entry by its source path; they
 * are moved beside dist/ by the build (vite.config.ts, manifestsOutsideDist).
 */
import { readdirSync, readFileSync } from 'node:fs'
import { join, relative } from 'node:path'

/** A path into the sources as a build tool writes it: src/…/file.ts(x). */
const SOURCE_PATH = /(?:^|[^\w/.-])src\/[\w./-]+\.tsx?\b/
const TEXT = /\.(?:html|js|mjs|css|json|map|txt|svg)$/

/** Every problem found under `dir`, as `path: reason`; empty when it is fit to publish. */
export function unpublishable(dir: string): string[] {
  const problems: string[] = []
  const walk = (folder: string) => {
    const entries = readdirSync(folder, { withFileTypes: true })
    entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))
    for (const entry of entries) {
      const path = join(folder, entry.name)
      const shown = relative(dir, path)
      if (entry.name.startsWith('.')) {
        problems.push(`${shown}: a hidden ${entry.isDirectory() ? 'folder' : 'file'}`)
        continue
      }
      if (entry.isDirectory()) {
        walk(path)
        continue
      }
      if (!TEXT.test(entry.name)) continue
      const found = SOURCE_PATH.exec(readFileSync(path, 'utf8'))
      if (found !== null) problems.push(`${shown}: names a source file (${found[0].trim()})`)
    }
  }
  walk(dir)
  return problems
}
