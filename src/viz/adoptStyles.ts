/**
 * Puts the diagram's stylesheet into the document (or shadow root) a diagram is mounted in, as
 * a constructed stylesheet. Constructed sheets pass a strict Content-Security-Policy
 * (`style-src 'self'`) where an inline <style> element would be blocked, and one shared sheet
 * serves every diagram on the page. Standalone SVG files embed the same CSS as a <style>.
 *
 * The rules (diagramStyles.ts, about 10 kB of text) are not part of the module: the built pages
 * link them in a stylesheet of their own for their first paint, so their script never needs them,
 * and carrying them cost the lab page's and embed.html's first loads 3.1 kB gzipped each. A bundle that draws into a
 * document without that stylesheet (the custom element, into its shadow root) hands them over at
 * start-up with `provideDiagramCss`, so its first frame is styled; anywhere else (the dev server,
 * or a built page whose stylesheet failed to load) they are loaded on demand.
 */
import { canConstructStyleSheets } from './constructedSheets'
import { loadDiagramCss } from './diagramCssOnDemand'

let provided: string | null = null
let shared: CSSStyleSheet | null = null

/** The diagram's rules (diagramStyles.ts's DIAGRAM_CSS), for a bundle that needs them at once. */
export function provideDiagramCss(css: string): void {
  provided = css
}

/** Settles once the diagram's rules apply to `node`'s document or shadow root. */
export function adoptDiagramStyles(node: Node): Promise<void> {
  const root = node.getRootNode()
  if (!(root instanceof Document || root instanceof ShadowRoot)) return Promise.resolve()
  if (root instanceof Document && builtWithDiagramRules(root)) return Promise.resolve()
  if (provided !== null) {
    adopt(root, provided)
    return Promise.resolve()
  }
  return loadDiagramCss().then((css) => {
    provided ??= css
    adopt(root, provided)
  })
}

function adopt(root: Document | ShadowRoot, css: string): void {
  if ('adoptedStyleSheets' in root && canConstructStyleSheets()) {
    if (shared === null) {
      shared = new CSSStyleSheet()
      shared.replaceSync(css)
    }
    if (!root.adoptedStyleSheets.includes(shared)) {
      root.adoptedStyleSheets = [...root.adoptedStyleSheets, shared]
    }
    return
  }
  // Environments without constructable stylesheets (old browsers, jsdom): a <style> element.
  const doc = root instanceof Document ? root : root.ownerDocument
  const parent = root instanceof Document ? doc.head : root
  if (parent.querySelector('style[data-fl-diagram]') !== null) return
  const style = doc.createElement('style')
  style.dataset.flDiagram = ''
  style.textContent = css
  parent.appendChild(style)
}

/**
 * A built page whose first paint draws a diagram links the diagram's rules in a stylesheet of its
 * own, marked `data-fl-diagram` (scripts/prerender.ts). Once it has loaded, adopting the same
 * rules again would only parse them a second time in the app's first task and give the page
 * duplicate rules to match; if it failed to load, the diagram still gets its styles here.
 */
function builtWithDiagramRules(doc: Document): boolean {
  const link = doc.head.querySelector<HTMLLinkElement>('link[data-fl-diagram]')
  return link?.sheet != null
}
