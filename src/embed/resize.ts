/**
 * Auto-height, the embed's side: whenever the document's height changes (ResizeObserver), post
 * it to the parent window in our own shape, `{ type: 'fencing-lab:resize', height, id }` (the
 * `id` echoes the embed's `id` parameter, so a host with several embeds can tell them apart),
 * and in the stringified `{ context: 'iframe.resize', height, src }` shape that Embedly-style
 * hosts already understand. A host (public/embed-host.js) that starts after the embed asks for
 * the height again with `{ type: 'fencing-lab:ping' }`. Only heights are ever sent.
 */
export const RESIZE_TYPE = 'fencing-lab:resize'
export const PING_TYPE = 'fencing-lab:ping'

export interface ResizeMessage {
  type: typeof RESIZE_TYPE
  height: number
  id: string | null
}

/** Starts reporting when the page is framed (does nothing at top level); returns the stop. */
export function startResizeReporting(win: Window, id: string | null): () => void {
  if (win.parent === win || typeof ResizeObserver === 'undefined') return () => {}
  const html = win.document.documentElement
  let last = -1

  const post = (force: boolean) => {
    const height = Math.ceil(html.getBoundingClientRect().height)
    if (height <= 0 || (height === last && !force)) return
    last = height
    const message: ResizeMessage = { type: RESIZE_TYPE, height, id }
    // '*': the host's origin is unknown (any blog), and a height is no secret.
    win.parent.postMessage(message, '*')
    win.parent.postMessage(
      JSON.stringify({ context: 'iframe.resize', height, src: win.location.href }),
      '*',
    )
  }

  const observer = new ResizeObserver(() => post(false))
  observer.observe(html)
  const onMessage = (event: MessageEvent) => {
    if (event.source !== win.parent) return
    if (typeOf(event.data) === PING_TYPE) post(true)
  }
  win.addEventListener('message', onMessage)
  return () => {
    observer.disconnect()
    win.removeEventListener('message', onMessage)
  }
}

/**
 * The `type` of a message's data, or undefined. Reading it never throws: a message from the same
 * window is not structured-cloned, so its data may be a proxy or have a throwing getter.
 */
export function typeOf(data: unknown): unknown {
  if (typeof data !== 'object' || data === null) return undefined
  try {
    return (data as { type?: unknown }).type
  } catch {
    return undefined
  }
}
