/**
 * Puts the diagram's stylesheet into the document (or shadow root) a diagram is mounted in, as
 * a constructed stylesheet. Constructed sheets pass a strict Content-Security-Policy
 * (`style-src 'self'`) where an inline <style> element would be blocked, and one shared sheet
 * serves every diagram on the page. Standalone SVG files embed the same CSS as a <style>.
 */
import { canConstructStyleSheets } from './constructedSheets'
import { DIAGRAM_CSS } from './diagramStyles'

let shared: CSSStyleSheet | null = null

export function adoptDiagramStyles(node: Node): void {
  const root = node.getRootNode()
  if (!(root instanceof Document || root instanceof ShadowRoot)) return
  const doc = root instanceof Document ? root : root.ownerDocument
  if (root instanceof Document && builtWithDiagramRules(root)) return
  if ('adoptedStyleSheets' in root && canConstructStyleSheets()) {
    if (shared === null) {
      shared = new CSSStyleSheet()
      shared.replaceSync(DIAGRAM_CSS)
    }
    if (!root.adoptedStyleSheets.includes(shared)) {
      root.adoptedStyleSheets = [...root.adoptedStyleSheets, shared]
    }
    return
  }
  // Environments without constructable stylesheets (old browsers, jsdom): a <style> element.
  const parent = root instanceof Document ? doc.head : root
  if (parent.querySelector('style[data-fl-diagram]') !== null) return
  const style = doc.createElement('style')
  style.dataset.flDiagram = ''
  style.textContent = DIAGRAM_CSS
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
