/**
 * Where the build publishes each preset's static figure and oEmbed answer, relative to the lab's
 * directory (scripts/publishFigures.ts writes them; snippets and pages point at them). Stable:
 * feeds and posts link to these addresses.
 */
export type FigureTheme = 'light' | 'dark'

export function presetFigurePath(
  id: string,
  theme: FigureTheme,
  ext: 'svg' | 'png' = 'svg',
): string {
  return `figures/${id}${theme === 'dark' ? '-dark' : ''}.${ext}`
}

/** The preset's own page: the figure, its words and a link to the live lab (and oEmbed discovery). */
export function presetPagePath(id: string): string {
  return `presets/${id}.html`
}

export function presetOembedPath(id: string): string {
  return `oembed/${id}.json`
}
