/**
 * Saving files in the browser, with no server and no network: a Blob behind an `<a download>`,
 * and an SVG rasterised to PNG through an <img> and a <canvas>.
 */

/** Offers `blob` as a download named `name`. */
export function saveFile(name: string, blob: Blob): void {
  const url = URL.createObjectURL(blob)
  const a = document.createElement('a')
  a.href = url
  a.download = name
  a.rel = 'noopener'
  a.style.display = 'none'
  document.body.append(a)
  a.click()
  a.remove()
  // The download has started from the click; the URL is only needed until then.
  setTimeout(() => URL.revokeObjectURL(url), 10_000)
}

export function textBlob(text: string, type: string): Blob {
  return new Blob([text], { type: `${type};charset=utf-8` })
}

/** The `width` and `height` of an SVG document's root element, in px. */
export function svgSize(svg: string): { widthPx: number; heightPx: number } {
  const root = /<svg\b[^>]*>/.exec(svg)?.[0] ?? ''
  const number = (name: string) =>
    Number(new RegExp(`\\s${name}="(\\d+(?:\\.\\d+)?)"`).exec(root)?.[1])
  const widthPx = number('width')
  const heightPx = number('height')
  if (!(widthPx > 0) || !(heightPx > 0)) throw new Error('the figure has no width and height')
  return { widthPx, heightPx }
}

/**
 * Rasterises a standalone SVG document at `scale`× its size (2× for sharp text on high-density
 * screens and in print). The SVG is self-contained (inline styles, system fonts, no external
 * references), so drawing it does not taint the canvas or touch the network.
 */
export async function svgToPng(svg: string, scale = 2): Promise<Blob> {
  const canvas = await svgToCanvas(svg, scale)
  return await new Promise<Blob>((resolve, reject) => {
    canvas.toBlob((blob) => {
      if (blob === null) reject(new Error('the browser could not encode the PNG'))
      else resolve(blob)
    }, 'image/png')
  })
}

/** The figure drawn on a new canvas at `scale`× its size (for PNG, GIF and video frames). */
export async function svgToCanvas(svg: string, scale: number): Promise<HTMLCanvasElement> {
  const { widthPx, heightPx } = svgSize(svg)
  // A data: URL, not a blob: one: Chromium gives a blob: document the page's own
  // Content-Security-Policy (style-src 'self'), which would block the figure's <style>.
  let url: string
  try {
    url = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`
  } catch {
    // encodeURIComponent refuses half of a surrogate pair ("URI malformed").
    throw new Error('the figure holds text that cannot be encoded')
  }
  const image = new Image()
  image.width = widthPx
  image.height = heightPx
  image.src = url
  try {
    await image.decode()
  } catch {
    throw new Error('the browser could not draw the figure')
  }
  const canvas = document.createElement('canvas')
  canvas.width = Math.round(widthPx * scale)
  canvas.height = Math.round(heightPx * scale)
  const context = canvas.getContext('2d')
  if (context === null) throw new Error('this browser cannot draw on a canvas')
  context.scale(scale, scale)
  context.drawImage(image, 0, 0, widthPx, heightPx)
  return canvas
}
