/**
 * Auto-height, the embed's side: whenever the document's height changes (ResizeObserver), post
 * it to the parent window in our own shape, `{ type: 'fencing-lab:resize', height, id }` (the
 * `id` echoes the embed's `id` parameter, so a host with several embeds can tell them apart),
 * and in the stringified `{ context: 'iframe.resize', height, src }` shape that Embedly-style
 * hosts already understand. A host (public/embed-host.js) that starts after the embed asks for
 * the height again with `{ type: 'fencing-lab:ping' }`. Only heights are ever sent.
 *
 * Replies to pings are rate-limited: a parent that floods the frame with pings would otherwise
 * get two messages and a forced layout per ping, and the reader's clicks would wait seconds
 * behind them. The first ping is answered at once; later ones within PING_REPLY_INTERVAL_MS are
 * answered by one reply at the end of that interval, so the last ping always gets an answer.
 */
export const RESIZE_TYPE = 'fencing-lab:resize'
export const PING_TYPE = 'fencing-lab:ping'
export const PING_REPLY_INTERVAL_MS = 100

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

  // A reply went out less than PING_REPLY_INTERVAL_MS ago (the timer ends the wait), and
  // whether a ping arrived during it.
  let cooling: number | null = null
  let askedWhileCooling = false
  const reply = () => {
    post(true)
    cooling = win.setTimeout(() => {
      cooling = null
      if (!askedWhileCooling) return
      askedWhileCooling = false
      reply()
    }, PING_REPLY_INTERVAL_MS)
  }
  const onMessage = (event: MessageEvent) => {
    if (event.source !== win.parent) return
    if (typeOf(event.data) !== PING_TYPE) return
    if (cooling === null) reply()
    else askedWhileCooling = true
  }
  win.addEventListener('message', onMessage)
  return () => {
    observer.disconnect()
    win.removeEventListener('message', onMessage)
    if (cooling !== null) win.clearTimeout(cooling)
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
