/**
 * Copying text for the reader. The Clipboard API needs a secure context and the page's focus; when
 * it is missing or refuses, the caller shows the text selected instead, for Ctrl+C / ⌘C.
 */
export async function copyText(text: string): Promise<boolean> {
  try {
    if (typeof navigator === 'undefined' || navigator.clipboard === undefined) return false
    await navigator.clipboard.writeText(text)
    return true
  } catch {
    return false
  }
}

/** "Ctrl+C" or "⌘C", for the fallback's instructions. */
export function copyShortcut(): string {
  const platform = typeof navigator === 'undefined' ? '' : navigator.platform
  return /Mac|iPhone|iPad/.test(platform) ? '⌘C' : 'Ctrl+C'
}
