/**
 * The Embed dialog: the author picks how the embed looks and behaves (controls, theme, autoplay,
 * loop, a range, the starting moment), and copies a snippet for the CURRENT lab state — the
 * preset, or the custom scenario with the reader's edits — as an iframe, the custom element,
 * Markdown, a Hugo shortcode, MDX, or a static figure for readers without JavaScript.
 */
import { useId, useMemo, useRef, useState } from 'react'
import { encodeScenario } from '../../link/encode'
import { formatMs } from '../../sim'
import { useLab, useLabStore } from '../../store'
import { Segmented } from '../Segmented'
import { Tabs } from '../Tabs'
import { linkTarget } from '../urlSync'
import { copyShortcut, copyText } from './clipboard'
import { Dialog } from './Dialog'
import { svgSize } from './download'
import { exportPng, exportSvg, figureFileName, figureSvg } from './exports'
import { labLocation } from './shareLink'
import type { ControlsMode, EmbedOptions, EmbedTheme, Snippets } from './snippets'
import { presetEmbedHeightPx } from './embedHeights'
import { buildSnippets, EMBED_NAME, reservedHeightPx } from './snippets'
import { presetFigurePath } from '../../link/figures'
import { figureAlt } from '../../sim/figureAlt'

const CONTROLS: ReadonlyArray<{ value: ControlsMode; label: string }> = [
  { value: 'full', label: 'Full' },
  { value: 'minimal', label: 'Minimal' },
  { value: 'none', label: 'None' },
]
const THEMES: ReadonlyArray<{ value: EmbedTheme; label: string }> = [
  { value: 'auto', label: 'Auto' },
  { value: 'light', label: 'Light' },
  { value: 'dark', label: 'Dark' },
]

type SnippetTab =
  'iframe' | 'element' | 'hugo' | 'astro' | 'mdx' | 'vitepress' | 'markdown' | 'figure'
// The README's Publishing section lists the same snippets, engine by engine (snippets.ts).
const SNIPPET_TABS: ReadonlyArray<{ id: SnippetTab; label: string }> = [
  { id: 'iframe', label: 'HTML' },
  { id: 'element', label: 'Custom element' },
  { id: 'hugo', label: 'Hugo' },
  { id: 'astro', label: 'Astro' },
  { id: 'mdx', label: 'MDX / React' },
  { id: 'vitepress', label: 'VitePress' },
  { id: 'markdown', label: 'Markdown' },
  { id: 'figure', label: 'Feed' },
]

/** The static figure a snippet points at: a blog column's width. */
const FIGURE_WIDTH_PX = 960

export default function EmbedDialog({ onClose }: { onClose: () => void }) {
  const store = useLabStore()
  const lab = useLab((s) => s.lab)
  const base = useLab((s) => s.base)
  const edited = useLab((s) => s.edited)
  // A preset link while the preset is as written; the scenario itself once anything changed.
  const target = useMemo(
    () => linkTarget({ ...store.getState(), base, edited, lab }),
    [store, base, edited, lab],
  )
  // The moment the dialog opened on: what "the current state" means while it is open.
  const [cursorMs] = useState(() => Math.round(store.getState().cursorMs))
  const endMs = lab.run.endMs
  const title = lab.scenario.title ?? 'Custom scenario'
  const ids = useId()

  const [controls, setControls] = useState<ControlsMode>('full')
  const [theme, setTheme] = useState<EmbedTheme>('auto')
  const [autoplay, setAutoplay] = useState(false)
  const [loop, setLoop] = useState(false)
  const [atCursor, setAtCursor] = useState(cursorMs > 0)
  const [rangeOn, setRangeOn] = useState(false)
  const [fromText, setFromText] = useState('0')
  const [toText, setToText] = useState(String(endMs))
  const [name, setName] = useState('')
  const [heightText, setHeightText] = useState<string | null>(null)
  const [tab, setTab] = useState<SnippetTab>('iframe')
  const [status, setStatus] = useState('')

  const range = readRange(fromText, toText, endMs)
  const inRange =
    range.value === null || (cursorMs >= range.value.fromMs && cursorMs <= range.value.toMs)
  const startMs = atCursor && cursorMs > 0 && inRange ? cursorMs : null

  const encoded = useMemo(
    () => (target.kind === 'custom' ? encodeScenario(target.scenario) : undefined),
    [target],
  )
  // The poster: the moment the embed opens on (or the whole run), in both themes.
  const posterMs = startMs ?? endMs
  const figure = useMemo(() => {
    // A poster shows the moment the embed opens on: it keeps the playhead.
    const svg = figureSvg(lab, {
      theme: 'light',
      widthPx: FIGURE_WIDTH_PX,
      cursorMs: posterMs,
      withCursor: true,
    })
    return { svg, ...svgSize(svg) }
  }, [lab, posterMs])
  // A preset's own measured height; a custom scenario's is estimated from its drawing.
  const autoHeight =
    target.kind === 'preset'
      ? presetEmbedHeightPx(target.id, controls)
      : reservedHeightPx(controls, figure.heightPx)
  const heightPx = readHeight(heightText) ?? autoHeight
  const nameOk = name === '' || EMBED_NAME.test(name)

  const options: EmbedOptions = {
    controls,
    theme,
    autoplay,
    loop,
    cursorMs: startMs,
    range: rangeOn ? range.value : null,
    name: nameOk ? name : '',
    heightPx,
  }
  const where = labLocation(location.href)
  const snippets = buildSnippets(
    {
      ...where,
      target,
      title,
      figure: {
        // A preset's figure is published beside the lab (absolute, for feeds); a custom
        // scenario's is the file the author downloads and uploads next to the post.
        lightFile:
          target.kind === 'preset'
            ? `${where.baseUrl}${presetFigurePath(target.id, 'light')}`
            : figureFileName(lab, 'light', 'svg'),
        darkFile:
          target.kind === 'preset'
            ? `${where.baseUrl}${presetFigurePath(target.id, 'dark')}`
            : figureFileName(lab, 'dark', 'svg'),
        widthPx: figure.widthPx,
        heightPx: figure.heightPx,
        alt: figureAlt(lab.run, lab.findings, title),
      },
    },
    options,
    encoded,
  )

  const copy = async (label: string, text: string, pre: HTMLElement | null) => {
    if (await copyText(text)) {
      setStatus(`Copied the ${label}.`)
      return
    }
    if (pre !== null) {
      pre.focus()
      getSelection()?.selectAllChildren(pre)
    }
    setStatus(`Copying was blocked: the ${label} is selected, press ${copyShortcut()} to copy it.`)
  }

  const downloadFigure = async (figureTheme: 'light' | 'dark', format: 'svg' | 'png') => {
    const options = {
      theme: figureTheme,
      widthPx: FIGURE_WIDTH_PX,
      cursorMs: posterMs,
      withCursor: true,
    }
    try {
      const saved = format === 'svg' ? exportSvg(lab, options) : await exportPng(lab, options)
      setStatus(`Saved ${saved.name} (${kilobytes(saved.bytes)}).`)
    } catch (problem) {
      const detail = problem instanceof Error ? problem.message : String(problem)
      setStatus(`The ${format.toUpperCase()} figure could not be saved: ${detail}.`)
    }
  }

  return (
    <Dialog title="Embed this lab" onClose={onClose} className="fl-embed-dialog">
      <p className="fl-embed-lead">
        Snippets for <strong>“{title}”</strong>
        {target.kind === 'custom' ? ' (a custom scenario, carried in the link)' : ''}
        {startMs === null ? '' : `, opening at ${formatMs(startMs)}`}. Paste one into your page.
      </p>

      <div className="fl-embed-options">
        <Segmented legend="Controls" options={CONTROLS} value={controls} onChange={setControls} />
        <Segmented legend="Theme" options={THEMES} value={theme} onChange={setTheme} />
        <div className="fl-embed-checks">
          <label className="fl-check">
            <input
              type="checkbox"
              checked={autoplay}
              onChange={(e) => setAutoplay(e.target.checked)}
            />
            Autoplay
          </label>
          <label className="fl-check">
            <input type="checkbox" checked={loop} onChange={(e) => setLoop(e.target.checked)} />
            Loop
          </label>
          <label className="fl-check">
            <input
              type="checkbox"
              checked={atCursor && cursorMs > 0}
              disabled={cursorMs === 0}
              onChange={(e) => setAtCursor(e.target.checked)}
            />
            Start at the current moment ({formatMs(cursorMs)})
          </label>
          <label className="fl-check">
            <input
              type="checkbox"
              checked={rangeOn}
              onChange={(e) => setRangeOn(e.target.checked)}
            />
            Play only a range
          </label>
        </div>
        {rangeOn && (
          <div className="fl-embed-range">
            <label className="fl-field">
              From (ms)
              <input
                className="fl-input"
                inputMode="numeric"
                value={fromText}
                aria-invalid={range.problem !== null}
                aria-describedby={`${ids}-range`}
                onChange={(e) => setFromText(e.target.value)}
              />
            </label>
            <label className="fl-field">
              To (ms)
              <input
                className="fl-input"
                inputMode="numeric"
                value={toText}
                aria-invalid={range.problem !== null}
                aria-describedby={`${ids}-range`}
                onChange={(e) => setToText(e.target.value)}
              />
            </label>
            <p
              id={`${ids}-range`}
              className={range.problem === null ? 'fl-hint' : 'fl-field-error'}
            >
              {range.problem ??
                (inRange
                  ? `The run lasts ${formatMs(endMs)}.`
                  : `The current moment is outside the range, so the embed starts at its beginning.`)}
            </p>
          </div>
        )}
        <div className="fl-embed-fields">
          <label className="fl-field">
            Height (px)
            <input
              className="fl-input"
              inputMode="numeric"
              value={heightText ?? String(autoHeight)}
              onChange={(e) => setHeightText(e.target.value)}
              aria-describedby={`${ids}-height`}
            />
          </label>
          <label className="fl-field">
            Name (optional)
            <input
              className="fl-input"
              value={name}
              spellCheck={false}
              aria-invalid={!nameOk}
              aria-describedby={`${ids}-name`}
              onChange={(e) => setName(e.target.value)}
            />
          </label>
          <p id={`${ids}-height`} className="fl-hint">
            The iframe’s height before the optional host script fits it to its content.
          </p>
          <p id={`${ids}-name`} className={nameOk ? 'fl-hint' : 'fl-field-error'}>
            {nameOk
              ? 'Names this embed in the messages it posts to your page (id).'
              : 'A name starts with a letter and uses letters, digits, "-" and "_"; it is left out.'}
          </p>
        </div>
      </div>

      <Tabs tabs={SNIPPET_TABS} selected={tab} onSelect={setTab} label="Snippet">
        <SnippetPanel tab={tab} snippets={snippets} onCopy={copy} onDownload={downloadFigure} />
      </Tabs>

      <p className="fl-embed-foot">
        <a href={snippets.embedUrl} target="_blank" rel="noopener">
          Open the embed in a new tab
        </a>
      </p>
      <p className="fl-embed-status" role="status">
        {status}
      </p>
    </Dialog>
  )
}

function SnippetPanel({
  tab,
  snippets,
  onCopy,
  onDownload,
}: {
  tab: SnippetTab
  snippets: Snippets
  onCopy: (label: string, text: string, pre: HTMLElement | null) => Promise<void>
  onDownload: (theme: 'light' | 'dark', format: 'svg' | 'png') => Promise<void>
}) {
  switch (tab) {
    case 'iframe':
      return (
        <>
          <p className="fl-hint">
            Plain HTML, Astro <code>.md</code>, Eleventy, or Hugo with raw HTML allowed. The script
            is optional: it fits the iframe to its content and keeps the reader’s place.
          </p>
          <Snippet heading="HTML" label="HTML snippet" text={snippets.iframe} onCopy={onCopy} />
        </>
      )
    case 'element':
      return (
        <>
          <p className="fl-hint">
            The lab as a custom element: no iframe, styles kept inside its shadow root. Load the
            script once per page; without JavaScript, readers see the figure and the link.
          </p>
          <Snippet
            heading="HTML (custom element)"
            label="custom element snippet"
            text={snippets.element}
            onCopy={onCopy}
          />
        </>
      )
    case 'hugo':
      return (
        <>
          <p className="fl-hint">
            Works in Hugo’s default safe mode. Save the shortcode once as{' '}
            <code>layouts/shortcodes/fencing-lab.html</code> and set the lab’s address in the site
            configuration, then call it in any post.
          </p>
          <Snippet
            heading="hugo.toml"
            label="Hugo configuration"
            text={snippets.hugoConfig}
            onCopy={onCopy}
          />
          <Snippet
            heading="layouts/shortcodes/fencing-lab.html"
            label="Hugo shortcode file"
            text={snippets.hugoShortcode}
            onCopy={onCopy}
          />
          <Snippet
            heading="In a post"
            label="Hugo shortcode"
            text={snippets.hugoUsage}
            onCopy={onCopy}
          />
        </>
      )
    case 'astro':
      return (
        <>
          <p className="fl-hint">
            Save the component once as <code>src/components/FencingLab.astro</code>, import it in an{' '}
            <code>.astro</code> or <code>.mdx</code> page. In <code>.md</code>, paste the HTML
            snippet.
          </p>
          <Snippet
            heading="src/components/FencingLab.astro"
            label="Astro component"
            text={snippets.astroComponent}
            onCopy={onCopy}
          />
          <Snippet
            heading="In a page"
            label="Astro component call"
            text={snippets.astroUsage}
            onCopy={onCopy}
          />
        </>
      )
    case 'mdx':
      return (
        <>
          <p className="fl-hint">
            React and MDX sites (Docusaurus, Next.js): the <code>fencing-lab</code> package’s
            component fits itself to its content and survives client-side navigation.
          </p>
          <Snippet
            heading="MDX or JSX"
            label="React component snippet"
            text={snippets.react}
            onCopy={onCopy}
          />
          <p className="fl-hint">
            Nothing to install: a JSX iframe, with no script and no style string. The optional
            sizing script goes in the site’s configuration.
          </p>
          <Snippet heading="MDX" label="MDX snippet" text={snippets.mdx} onCopy={onCopy} />
          <Snippet
            heading="docusaurus.config.js"
            label="Docusaurus configuration"
            text={snippets.docusaurusConfig}
            onCopy={onCopy}
          />
          <Snippet
            heading="Next.js: app/layout.jsx"
            label="Next.js layout script"
            text={snippets.nextScript}
            onCopy={onCopy}
          />
        </>
      )
    case 'vitepress':
      return (
        <>
          <p className="fl-hint">
            VitePress reads Markdown’s HTML as a Vue template: the iframe goes in the page, the
            optional sizing script in the config.
          </p>
          <Snippet
            heading=".vitepress/config.mts"
            label="VitePress configuration"
            text={snippets.vitepressConfig}
            onCopy={onCopy}
          />
          <Snippet
            heading="In a page"
            label="VitePress snippet"
            text={snippets.vitepress}
            onCopy={onCopy}
          />
        </>
      )
    case 'markdown':
      return (
        <>
          <p className="fl-hint">
            Where Markdown allows no HTML (READMEs, some feeds), this linked figure opens the lab.
          </p>
          <Snippet
            heading="Markdown"
            label="Markdown snippet"
            text={snippets.markdown}
            onCopy={onCopy}
          />
          <FigureDownloads onDownload={onDownload} />
        </>
      )
    case 'figure':
      return (
        <>
          <p className="fl-hint">
            For feeds, email and print, where no script runs: the figure, a caption and a link to
            the live lab, every address absolute.
          </p>
          <Snippet heading="HTML (feed)" label="feed figure" text={snippets.feed} onCopy={onCopy} />
          <FigureDownloads onDownload={onDownload} />
        </>
      )
  }
}

function Snippet({
  heading,
  label,
  text,
  onCopy,
}: {
  heading: string
  label: string
  text: string
  onCopy: (label: string, text: string, pre: HTMLElement | null) => Promise<void>
}) {
  const id = useId()
  const pre = useRef<HTMLPreElement | null>(null)
  return (
    <div className="fl-snippet">
      <div className="fl-snippet-head">
        <span id={id} className="fl-snippet-label">
          {heading}
        </span>
        <button
          type="button"
          className="fl-button fl-button--small"
          onClick={() => void onCopy(label, text, pre.current)}
          aria-label={`Copy the ${label}`}
        >
          Copy
        </button>
      </div>
      <pre ref={pre} className="fl-snippet-code" tabIndex={0} aria-labelledby={id}>
        <code>{text}</code>
      </pre>
    </div>
  )
}

function FigureDownloads({
  onDownload,
}: {
  onDownload: (theme: 'light' | 'dark', format: 'svg' | 'png') => Promise<void>
}) {
  // Each figure carries the scenario: dropped back on the lab, it opens this run.
  const kinds = [
    ['svg', 'light'],
    ['svg', 'dark'],
    ['png', 'light'],
    ['png', 'dark'],
  ] as const
  return (
    <div className="fl-button-row">
      {kinds.map(([format, theme]) => (
        <button
          key={`${format}-${theme}`}
          type="button"
          className="fl-button fl-button--small"
          onClick={() => void onDownload(theme, format)}
        >
          Download {format.toUpperCase()} ({theme})
        </button>
      ))}
    </div>
  )
}

function readRange(
  fromText: string,
  toText: string,
  endMs: number,
): { value: { fromMs: number; toMs: number } | null; problem: string | null } {
  const fromMs = wholeMs(fromText)
  const toMs = wholeMs(toText)
  if (fromMs === null || toMs === null) {
    return { value: null, problem: 'From and to are whole numbers of milliseconds.' }
  }
  if (fromMs >= toMs) return { value: null, problem: 'From must come before to.' }
  if (toMs > endMs) {
    return { value: null, problem: `To must be at most the run’s end, ${endMs} ms.` }
  }
  return { value: { fromMs, toMs }, problem: null }
}

function wholeMs(text: string): number | null {
  const trimmed = text.trim().replace(/[_,\s]/g, '')
  return /^\d{1,9}$/.test(trimmed) ? Number(trimmed) : null
}

function readHeight(text: string | null): number | null {
  if (text === null) return null
  const px = wholeMs(text)
  return px === null || px < 100 || px > 5000 ? null : px
}

function kilobytes(bytes: number): string {
  return `${(bytes / 1000).toFixed(1)} kB`
}
