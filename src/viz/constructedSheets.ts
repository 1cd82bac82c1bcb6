/**
 * Whether this browser can construct stylesheets (`new CSSStyleSheet()` with `replaceSync`):
 * they pass a strict Content-Security-Policy where an inline <style> would be blocked. Old
 * browsers and jsdom cannot; their callers fall back (a <style> element, a style on the root).
 */
export function canConstructStyleSheets(): boolean {
  try {
    return typeof new CSSStyleSheet().replaceSync === 'function'
  } catch {
    return false
  }
}
