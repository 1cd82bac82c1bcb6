/**
 * `fencing-lab/react`: the embed as a React component, for React and MDX sites (Docusaurus,
 * Next.js, Gatsby). It renders the embed's iframe with the same options (`scenario` or `s`,
 * `controls`, `theme`, `autoplay`, `loop`, `t`, `from`, `to`, `id`), and needs no script on the page:
 * the component itself listens for the frame's height messages (src/embed/resize.ts) while it is
 * mounted, so it sizes itself on the first page and on every page a reader reaches by client-side
 * navigation, where a `<script>` in MDX would never run. It asks the frame for its height once it
 * loads (the frame may have measured before React listened), and passes `theme` changes to the
 * live frame (src/embed/hostTheme.ts) so a site's own dark-mode toggle is followed without a
 * reload.
 *
 * Until the first height arrives it reserves the height a preset's embed takes at its tallest
 * (measured, src/ui/share/embedHeights.ts; a custom scenario gets the height that holds the
 * default preset), so the page does not jump.
 */
import type { CSSProperties, JSX } from 'react'
import { useEffect, useRef, useState } from 'react'
import type { AddressRef } from '../link/address'
import { EMBED_NAME, embedHref } from '../link/embed'
import { presetEmbedHeightPx } from '../ui/share/embedHeights'
import { THEME_TYPE } from './hostTheme'
import { PING_TYPE, RESIZE_TYPE } from './resize'

/**
 * The embed's `controls` and `theme` values, written out here (react.test.tsx checks they are
 * the embed's own, EmbedControls and EmbedTheme) so the published declarations
 * (dist-react/react.d.ts, scripts/reactTypes.ts) stand alone, importing only React.
 */
export type FencingLabControls = 'full' | 'minimal' | 'none'
export type FencingLabTheme = 'auto' | 'light' | 'dark'

export interface FencingLabProps {
  /** The lab's address (its directory, e.g. "https://LAB-HOST/"), where embed.html lives. */
  lab: string
  /** A preset id ("gc-pause"). */
  scenario?: string
  /** A custom scenario: the `s` value of a lab link (what follows `#s=`). */
  s?: string
  controls?: FencingLabControls
  theme?: FencingLabTheme
  autoplay?: boolean
  loop?: boolean
  /** Where the embed opens, in ms of the run. */
  t?: number
  /** The part of the run it plays, in ms. */
  from?: number
  to?: number
  /** A name for the embed on the page (the embed address's `id`: its messages carry it). */
  id?: string
  /** The frame's accessible name. */
  title?: string
  /** A fixed height in px (the frame then ignores its content's height). */
  height?: number
  className?: string
  style?: CSSProperties
}

/** The embed address for these props (absolute), or an error naming the bad prop. */
export function fencingLabSrc(props: FencingLabProps): string {
  const lab = props.lab.endsWith('/') ? props.lab : `${props.lab}/`
  let ref: AddressRef
  if (props.s !== undefined && props.s !== '') ref = { kind: 'encoded', encoded: props.s }
  else if (props.scenario !== undefined && props.scenario !== '')
    ref = { kind: 'preset', id: props.scenario }
  else throw new Error('<FencingLab>: give `scenario` (a preset id) or `s` (a custom scenario)')
  const range =
    props.from !== undefined && props.to !== undefined
      ? { fromMs: props.from, toMs: props.to }
      : null
  return embedHref(lab, ref, {
    controls: props.controls ?? 'minimal',
    theme: props.theme ?? 'auto',
    autoplay: props.autoplay ?? false,
    loop: props.loop ?? false,
    cursorMs: props.t ?? null,
    range,
    name: props.id ?? '',
  })
}

export function FencingLab(props: FencingLabProps): JSX.Element {
  const frame = useRef<HTMLIFrameElement | null>(null)
  const controls = props.controls ?? 'minimal'
  // The last height the frame reported, with the address it was for: a new address is a new
  // document, whose height is unknown until it says.
  const [measured, setMeasured] = useState<{ src: string; px: number } | null>(null)
  const src = fencingLabSrc(props)
  const fixed = props.height

  // The frame's height messages, from this frame only, while mounted.
  useEffect(() => {
    if (fixed !== undefined) return
    const onMessage = (event: MessageEvent) => {
      const win = frame.current?.contentWindow
      if (win == null || event.source !== win) return
      const data: unknown = event.data
      if (typeof data !== 'object' || data === null) return
      const { type, height } = data as { type?: unknown; height?: unknown }
      if (type !== RESIZE_TYPE || typeof height !== 'number') return
      if (!Number.isFinite(height) || height <= 0 || height > 20_000) return
      setMeasured({ src, px: Math.ceil(height) })
    }
    window.addEventListener('message', onMessage)
    return () => window.removeEventListener('message', onMessage)
  }, [fixed, src])

  // The host's theme, passed to the live frame (the address's theme only counts at load).
  const theme = props.theme ?? 'auto'
  useEffect(() => {
    frame.current?.contentWindow?.postMessage({ type: THEME_TYPE, theme }, '*')
  }, [theme])

  const ask = () => frame.current?.contentWindow?.postMessage({ type: PING_TYPE }, '*')
  const measuredPx = measured !== null && measured.src === src ? measured.px : null
  // `s` (a custom scenario) wins over `scenario`, as in the address.
  const preset = props.s !== undefined && props.s !== '' ? '' : (props.scenario ?? '')
  const height = fixed ?? measuredPx ?? presetEmbedHeightPx(preset, controls)
  return (
    <iframe
      ref={frame}
      src={src}
      title={props.title ?? 'Fencing Lab'}
      width="100%"
      height={height}
      loading="lazy"
      frameBorder="0"
      referrerPolicy="strict-origin-when-cross-origin"
      className={props.className}
      style={{ display: 'block', border: 0, width: '100%', ...props.style }}
      data-fencing-lab={EMBED_NAME.test(props.scenario ?? '') ? props.scenario : 'custom'}
      onLoad={ask}
    />
  )
}

export default FencingLab
