/**
 * Sharing and authoring, in the lab page: copy a link to exactly this state, embed it, edit the
 * scenario as JSON, import or export it as a file (also by dropping a file, or a figure the lab
 * exported, on the lab), and download the run's trace, the diagram as SVG or PNG, or the story as
 * a GIF or a WebM video (with a progress bar); open a real history (files, a drop of several
 * files, or pasted text: ui/history). The dialog, the editor and the
 * exporters load on first use, so the lab's first load does not grow.
 */
import { lazy, Suspense, useCallback, useEffect, useId, useRef, useState } from 'react'
import { formatMs, userText } from '../../sim'
import { useLab, useLabStore } from '../../store'
import { linkTarget, linkView } from '../urlSync'
import { copyShortcut, copyText } from './clipboard'
import { LoadBoundary } from './LoadBoundary'
import type { ScenarioTextResult } from './scenarioFile'
import type { ExportKind } from './saveFromLab'
import { labLocation, shareUrl } from './shareLink'
import type { FileDrops } from '../fileDrops'
import { carriesFiles } from '../fileDrops'
import './share.css'
// Part of this bar's own code (it loads below the first screen with it): loaded on its own, the
// "Real history" group arrived after the bar and the panels were drawn, and the bar growing by a
// row then pushed the panels 36 px down under the reader's pointer.
import HistoryOpener from '../history/HistoryOpener'

const EmbedDialog = lazy(() => import('./EmbedDialog'))
const ScenarioEditor = lazy(() => import('./ScenarioEditor'))

const NOT_IN_A_LINK = 'A real history is not put in a link.'

const EXPORT_WORDS: Record<ExportKind, string> = {
  scenario: 'scenario',
  trace: 'trace',
  svg: 'SVG figure',
  png: 'PNG figure',
  gif: 'GIF animation',
  webm: 'WebM video',
}

/** `drops`: the page's file drops that no target took (main.tsx), opened as a drop on the lab. */
export function ShareBar({ drops }: { drops?: FileDrops | undefined } = {}) {
  const store = useLabStore()
  const edits = useLab((s) => s.edits)
  const root = useRef<HTMLDivElement | null>(null)
  const editorToggle = useRef<HTMLButtonElement | null>(null)
  const fileInput = useRef<HTMLInputElement | null>(null)
  const copyField = useRef<HTMLInputElement | null>(null)
  const ids = useId()

  const [editorOpen, setEditorOpen] = useState(false)
  const [embedOpen, setEmbedOpen] = useState(false)
  const [status, setStatus] = useState('')
  const [error, setError] = useState<string | null>(null)
  const [copyFallback, setCopyFallback] = useState<string | null>(null)
  // The import just made, while it is still the last step in the lab's history.
  const [undoImport, setUndoImport] = useState<{ edits: unknown; title: string } | null>(null)
  const [dragging, setDragging] = useState(false)
  const isHistory = useLab((s) => s.base.kind === 'history')
  // An animation being made: frames drawn so far, of how many.
  const [making, setMaking] = useState<{
    kind: 'gif' | 'webm'
    done: number
    total: number
  } | null>(null)

  /** Feedback: shown beside the buttons and said once in the lab's polite live region. */
  const say = useCallback(
    (text: string) => {
      setStatus(text)
      store.getState().announce(text)
    },
    [store],
  )

  const copyLink = async () => {
    const s = store.getState()
    if (s.base.kind === 'history') {
      say(NOT_IN_A_LINK)
      return
    }
    const { pageUrl } = labLocation(location.href)
    const url = shareUrl(pageUrl, linkTarget(s), s.cursorMs, linkView(s))
    const title = s.lab.scenario.title ?? 'this custom scenario'
    if (await copyText(url)) {
      setCopyFallback(null)
      say(`Link copied: it opens “${userText(title, 200)}” at ${formatMs(Math.round(s.cursorMs))}.`)
    } else {
      setCopyFallback(url)
      say(`Copying was blocked: the link is selected below; press ${copyShortcut()} to copy it.`)
    }
  }

  // The fallback field: selected as soon as it shows, so Ctrl+C is all that is left to do.
  useEffect(() => {
    const field = copyField.current
    if (copyFallback === null || field === null) return
    field.focus()
    field.select()
  }, [copyFallback])

  const runExport = async (kind: ExportKind) => {
    const animation = kind === 'gif' || kind === 'webm'
    if (animation && making !== null) return
    setError(null)
    if (animation) setMaking({ kind, done: 0, total: 1 })
    try {
      const { saveFromLab } = await import('./saveFromLab')
      const saved = await saveFromLab(kind, store.getState(), root.current, (done, total) => {
        if (animation) setMaking({ kind, done, total })
      })
      say(`Saved ${saved.name} (${(saved.bytes / 1000).toFixed(1)} kB).`)
    } catch (problem) {
      const detail = problem instanceof Error ? problem.message : String(problem)
      setError(`The ${EXPORT_WORDS[kind]} could not be saved: ${detail}.`)
    } finally {
      if (animation) setMaking(null)
    }
  }

  const importFile = useCallback(
    async (file: File, others = 0) => {
      setError(null)
      const name = userText(file.name, 80)
      let result: ScenarioTextResult
      let sentence: (text: string) => string
      try {
        const reader = await import('./saveFromLab')
        sentence = reader.sentence
        result = await reader.readImportedFile(file)
      } catch {
        setError(`“${name}” could not be read. The current scenario is unchanged.`)
        return
      }
      if (!result.ok) {
        setError(
          `“${name}” was not opened. ${sentence(result.message)} The current scenario is unchanged.`,
        )
        return
      }
      const previous = store.getState().lab.scenario.title ?? 'the previous scenario'
      // An undoable edit: Undo (here, or the lab's) returns to the scenario open before.
      store.getState().openScenario(result.scenario)
      setUndoImport({ edits: store.getState().edits, title: previous })
      const title = result.scenario.title ?? 'a custom scenario'
      const skipped = others > 0 ? ` (only the first of ${others + 1} files)` : ''
      setStatus(`Opened “${userText(title, 200)}” from ${name}${skipped}.`)
    },
    [store],
  )

  /** A dropped scenario file opens as a scenario; anything else (several files, logs) as a history. */
  const openDropped = useCallback(
    async (files: File[]) => {
      const first = files[0]
      if (first === undefined) return
      setError(null)
      const history = await import('../history/open')
      await history.openDropped(store, files, importFile)
    },
    [importFile, store],
  )

  const undoTheImport = () => {
    if (undoImport === null) return
    if (store.getState().edits !== undoImport.edits) return
    store.getState().undo()
    setUndoImport(null)
    setStatus(`Import undone: back to “${userText(undoImport.title, 200)}”.`)
  }

  // Drop a scenario file anywhere on the lab.
  useEffect(() => {
    const lab = root.current?.closest<HTMLElement>('.fl-lab')
    if (lab == null) return
    let depth = 0
    const enter = (e: DragEvent) => {
      if (!carriesFiles(e)) return
      e.preventDefault()
      // Files on their way in are most likely a history: its code loads and its worker starts
      // while the reader is still dragging.
      if (depth === 0) void import('../history/open').then((h) => h.warmHistoryWorker())
      depth++
      setDragging(true)
    }
    const over = (e: DragEvent) => {
      if (!carriesFiles(e)) return
      e.preventDefault()
      if (e.dataTransfer !== null) e.dataTransfer.dropEffect = 'copy'
    }
    const leave = (e: DragEvent) => {
      if (!carriesFiles(e)) return
      depth = Math.max(0, depth - 1)
      if (depth === 0) setDragging(false)
    }
    const drop = (e: DragEvent) => {
      if (!carriesFiles(e)) return
      e.preventDefault()
      depth = 0
      setDragging(false)
      const files = [...(e.dataTransfer?.files ?? [])]
      void openDropped(files)
    }
    lab.addEventListener('dragenter', enter)
    lab.addEventListener('dragover', over)
    lab.addEventListener('dragleave', leave)
    lab.addEventListener('drop', drop)
    return () => {
      lab.removeEventListener('dragenter', enter)
      lab.removeEventListener('dragover', over)
      lab.removeEventListener('dragleave', leave)
      lab.removeEventListener('drop', drop)
    }
  }, [openDropped])

  // Files dropped before these tools loaded, or beside the lab: opened as if dropped on it.
  useEffect(() => drops?.take((files) => void openDropped(files)), [drops, openDropped])

  const closeEditor = useCallback(() => {
    setEditorOpen(false)
    editorToggle.current?.focus()
  }, [])
  const closeEmbed = useCallback(() => setEmbedOpen(false), [])

  return (
    <div ref={root} className="fl-share">
      <div className="fl-share-bar">
        <div className="fl-share-group" role="group" aria-label="Share">
          <button
            type="button"
            className="fl-button fl-button--small"
            onClick={() => void copyLink()}
          >
            <LinkIcon />
            Copy link
          </button>
          <button
            type="button"
            className="fl-button fl-button--small"
            aria-haspopup="dialog"
            onClick={() => (isHistory ? say(NOT_IN_A_LINK) : setEmbedOpen(true))}
          >
            <CodeIcon />
            Embed…
          </button>
        </div>
        <div className="fl-share-group" role="group" aria-labelledby={`${ids}-scenario`}>
          <span id={`${ids}-scenario`} className="fl-share-label">
            Scenario
          </span>
          <button
            ref={editorToggle}
            type="button"
            className="fl-button fl-button--small fl-toggle"
            aria-expanded={editorOpen}
            disabled={isHistory}
            {...(editorOpen ? { 'aria-controls': `${ids}-editor` } : {})}
            onClick={() => (editorOpen ? closeEditor() : setEditorOpen(true))}
          >
            Edit JSON
          </button>
          <button
            type="button"
            className="fl-button fl-button--small"
            onClick={() => fileInput.current?.click()}
          >
            Import…
          </button>
          <button
            type="button"
            className="fl-button fl-button--small"
            disabled={isHistory}
            onClick={() => void runExport('scenario')}
          >
            Export
          </button>
          <input
            ref={fileInput}
            type="file"
            accept=".json,application/json,.svg,image/svg+xml,.png,image/png"
            hidden
            aria-label="Scenario file or exported figure to import"
            onChange={(e) => {
              const input = e.currentTarget
              const file = input.files?.[0]
              if (file !== undefined) void importFile(file)
              input.value = ''
            }}
          />
        </div>
        <HistoryOpener />
        <div className="fl-share-group" role="group" aria-labelledby={`${ids}-download`}>
          <span id={`${ids}-download`} className="fl-share-label">
            Download
          </span>
          <button
            type="button"
            className="fl-button fl-button--small"
            aria-label="Download the diagram as SVG"
            onClick={() => void runExport('svg')}
          >
            SVG
          </button>
          <button
            type="button"
            className="fl-button fl-button--small"
            aria-label="Download the diagram as PNG"
            onClick={() => void runExport('png')}
          >
            PNG
          </button>
          <button
            type="button"
            className="fl-button fl-button--small"
            aria-label="Download the story as an animated GIF"
            disabled={making !== null}
            onClick={() => void runExport('gif')}
          >
            GIF
          </button>
          <button
            type="button"
            className="fl-button fl-button--small"
            aria-label="Download the story as a WebM video"
            disabled={making !== null}
            onClick={() => void runExport('webm')}
          >
            WebM
          </button>
          <button
            type="button"
            className="fl-button fl-button--small"
            aria-label="Download the trace as JSON"
            onClick={() => void runExport('trace')}
          >
            Trace
          </button>
        </div>
      </div>

      {making !== null && (
        <div className="fl-share-status">
          <label htmlFor={`${ids}-making`}>
            Making the {EXPORT_WORDS[making.kind]}: frame {making.done} of {making.total}
          </label>
          <progress id={`${ids}-making`} max={making.total} value={making.done} />
        </div>
      )}

      {(status !== '' || (undoImport !== null && undoImport.edits === edits)) && (
        <div className="fl-share-status">
          <p>{status}</p>
          {undoImport !== null && undoImport.edits === edits && (
            <button type="button" className="fl-button fl-button--small" onClick={undoTheImport}>
              Undo import
            </button>
          )}
        </div>
      )}
      {copyFallback !== null && (
        <div className="fl-copy-fallback">
          <label htmlFor={`${ids}-link`}>Link to this state (press {copyShortcut()} to copy)</label>
          <div className="fl-copy-fallback-row">
            <input
              ref={copyField}
              id={`${ids}-link`}
              className="fl-input fl-mono"
              readOnly
              value={copyFallback}
              onFocus={(e) => e.currentTarget.select()}
            />
            <button
              type="button"
              className="fl-button fl-button--small fl-button--quiet"
              onClick={() => setCopyFallback(null)}
            >
              Done
            </button>
          </div>
        </div>
      )}
      {error !== null && (
        <div className="fl-share-error" role="alert">
          <p>{error}</p>
          <button
            type="button"
            className="fl-button fl-button--small fl-button--quiet"
            onClick={() => setError(null)}
          >
            Dismiss
          </button>
        </div>
      )}

      {editorOpen && (
        <LoadBoundary what="scenario editor">
          <Suspense fallback={<p className="fl-hint">Loading the editor…</p>}>
            <ScenarioEditor id={`${ids}-editor`} onClose={closeEditor} />
          </Suspense>
        </LoadBoundary>
      )}
      {embedOpen && (
        <LoadBoundary what="Embed dialog">
          <Suspense fallback={null}>
            <EmbedDialog onClose={closeEmbed} />
          </Suspense>
        </LoadBoundary>
      )}
      {dragging && (
        <div className="fl-drop-overlay" aria-hidden="true">
          <p>
            Drop a scenario file, a figure the lab exported (.svg, .png) or a history (several files
            merge) to open it
          </p>
        </div>
      )}
    </div>
  )
}

function LinkIcon() {
  return (
    <svg className="fl-ui-icon" viewBox="0 0 20 20" aria-hidden="true" focusable="false">
      <path
        d="M8.5 11.5a3.2 3.2 0 0 0 4.6 0l2.6-2.6a3.2 3.2 0 0 0-4.6-4.6l-1 1M11.5 8.5a3.2 3.2 0 0 0-4.6 0l-2.6 2.6a3.2 3.2 0 0 0 4.6 4.6l1-1"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.7"
        strokeLinecap="round"
      />
    </svg>
  )
}

function CodeIcon() {
  return (
    <svg className="fl-ui-icon" viewBox="0 0 20 20" aria-hidden="true" focusable="false">
      <path
        d="m7 6-4 4 4 4m6-8 4 4-4 4"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.7"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  )
}
