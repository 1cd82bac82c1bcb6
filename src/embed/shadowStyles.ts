/**
 * The custom element's styles: the lab's stylesheet, adapted to a shadow root and adopted as
 * constructed stylesheets (a strict host CSP allows those where it blocks an inline <style>).
 *
 * Two adaptations, made once per page on the CSS text:
 * - `rem` becomes px (1rem = 16px): inside a shadow root rem follows the HOST page's root font
 *   size, and a blog with `html { font-size: 62.5% }` would shrink the whole lab.
 * - `@media (max-width: …)` becomes `@container (…)` on the host element: the element's layout
 *   follows its own width (a narrow column on a wide screen), not the window's.
 */
import { RESERVED_HEIGHT_PX, WIDE_HEIGHT_PX } from '../ui/share/snippets'
import { canConstructStyleSheets } from '../viz/constructedSheets'

/** The host element: isolated from the page's inherited styles, sized by its own width. */
export const HOST_CSS = `
:host {
  all: initial;
  display: block;
  container-type: inline-size;
  font-family: system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif;
  font-size: 14px;
  line-height: 1.45;
  text-align: start;
}
:host([hidden]) {
  display: none;
}
`

/**
 * The element keeps at least the height the README tells a host page to reserve for it (the
 * heights the iframe snippets reserve, snippets.ts): a page that reserves it does not move when
 * the element starts, and the story's longer and shorter captions do not move the page either.
 * The lab's card keeps its own height; the rest of the reserved box stays empty below it.
 */
export const RESERVED_CSS = (['none', 'minimal', 'full'] as const)
  .map(
    (mode) =>
      `.fl-element-lab[data-controls='${mode}']{min-height:${WIDE_HEIGHT_PX[mode]}px}` +
      `@container (max-width:639px){.fl-element-lab[data-controls='${mode}']{min-height:${RESERVED_HEIGHT_PX[mode]}px}}`,
  )
  .join('')

const REM_PX = 16

export function adaptForShadow(css: string): string {
  return css
    .replace(/(-?\d*\.?\d+)rem\b/g, (_, n: string) => `${round(Number(n) * REM_PX)}px`)
    .replace(/@media\s*\((max|min)-width:/g, '@container ($1-width:')
}

function round(px: number): number {
  return Math.round(px * 100) / 100
}

let shared: CSSStyleSheet[] | null = null

/**
 * Gives a shadow root the element's stylesheets: one set of constructed sheets shared by every
 * element on the page, or (where sheets cannot be constructed, e.g. jsdom or old browsers) a
 * <style> element.
 */
export function adoptElementStyles(root: ShadowRoot, cssTexts: readonly string[]): void {
  if (canConstructStyleSheets() && 'adoptedStyleSheets' in root) {
    shared ??= cssTexts.map((text) => {
      const sheet = new CSSStyleSheet()
      sheet.replaceSync(text)
      return sheet
    })
    root.adoptedStyleSheets = [...root.adoptedStyleSheets, ...shared]
    return
  }
  const style = root.ownerDocument.createElement('style')
  style.textContent = cssTexts.join('\n')
  root.prepend(style)
}
