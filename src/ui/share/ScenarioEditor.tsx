/**
 * The scenario editor, for authors: the whole scenario as JSON (clients' scripts, lease settings,
 * fencing, faults), validated as they type, with the schema's messages placed on their lines.
 * While the JSON is valid the lab re-runs it (debounced live preview, one undo step per editing
 * session); invalid JSON never replaces the running scenario. Apply makes the draft the scenario
 * at once; Reset goes back to the scenario the lab runs without the preview.
 *
 * A plain <textarea>: the browser's own editing, undo and accessibility, with a line-number
 * gutter beside it. Tab still moves focus (indent with spaces); Ctrl/⌘+Enter applies.
 */
import { useCallback, useEffect, useId, useMemo, useRef, useState } from 'react'
import type { KeyboardEvent } from 'react'
import type { Edits, LabStore } from '../../store'
import { useLabStore } from '../../store'
import { CloseIcon } from '../icons'
import type { TextLocation } from './jsonLocations'
import { lineStarts } from './jsonLocations'
import type { ScenarioTextResult } from './scenarioFile'
import { checkScenarioText, scenarioFileText } from './scenarioFile'

/** How long typing must pause before the draft is checked and previewed. */
const PREVIEW_DELAY_MS = 350
/** Must match the textarea's line height in share.css (the gutter and the jumps use it). */
const LINE_PX = 20

/** Unfinished drafts, per lab: closing the editor never loses what was typed. */
const drafts = new WeakMap<LabStore, string>()

export default function ScenarioEditor({ id, onClose }: { id: string; onClose: () => void }) {
  const store = useLabStore()
  const ids = useId()
  const textarea = useRef<HTMLTextAreaElement | null>(null)
  const gutter = useRef<HTMLDivElement | null>(null)

  const [text, setText] = useState(
    () => drafts.get(store) ?? scenarioFileText(store.getState().lab.scenario),
  )
  // The last check, and the text it was made for (a newer text is still being checked).
  const [checked, setChecked] = useState<{ text: string; result: ScenarioTextResult } | null>(null)
  const [live, setLive] = useState(true)
  const [previewing, setPreviewing] = useState(false)
  const [changedOutside, setChangedOutside] = useState(false)

  // The text the lab's scenario was last written from (clean = the draft equals it).
  const synced = useRef(drafts.has(store) ? '' : text)
  // The edits this editor last committed, to tell its own changes from the lab's.
  const ours = useRef<Edits | null>(null)
  const committing = useRef(false)
  const previewingRef = useRef(false)
  const textRef = useRef(text)
  useEffect(() => {
    textRef.current = text
  }, [text])

  const setPreview = useCallback((on: boolean) => {
    previewingRef.current = on
    setPreviewing(on)
  }, [])

  /** Runs a valid draft in the lab: a new undo step first, then replacing it while typing. */
  const commit = useCallback(
    (result: Extract<ScenarioTextResult, { ok: true }>, draft: string): boolean => {
      const s = store.getState()
      synced.current = draft
      if (JSON.stringify(result.scenario) === JSON.stringify(s.lab.scenario)) return true
      committing.current = true
      const ok = s.editScenario(result.scenario, { replaceLast: previewingRef.current })
      committing.current = false
      if (ok) {
        ours.current = store.getState().edits
        setPreview(true)
      }
      return ok
    },
    [store, setPreview],
  )

  // Check (and preview) the draft once typing pauses.
  useEffect(() => {
    const timer = setTimeout(() => {
      const result = checkScenarioText(text)
      setChecked({ text, result })
      if (result.ok && live) commit(result, text)
    }, PREVIEW_DELAY_MS)
    return () => clearTimeout(timer)
  }, [text, live, commit])

  // The lab changed without us (undo, a fault from the lab, another scenario): follow it if the
  // draft has nothing unsaved, else say so and let the author choose.
  useEffect(
    () =>
      store.subscribe((s, previous) => {
        if (s.lab === previous.lab || committing.current || s.edits === ours.current) return
        setPreview(false)
        if (textRef.current === synced.current) {
          const next = scenarioFileText(s.lab.scenario)
          synced.current = next
          setText(next)
          setChangedOutside(false)
        } else {
          setChangedOutside(true)
        }
      }),
    [store, setPreview],
  )

  useEffect(() => {
    textarea.current?.focus()
  }, [])

  const close = () => {
    if (text !== synced.current) drafts.set(store, text)
    else drafts.delete(store)
    onClose()
  }

  const apply = () => {
    const result = checkScenarioText(text)
    setChecked({ text, result })
    if (!result.ok) {
      const first = result.problems.find((p) => p.at !== null)?.at
      if (first != null) goTo(first)
      store.getState().announce(`Not applied. ${result.message}`)
      return
    }
    if (commit(result, text)) {
      setPreview(false)
      drafts.delete(store)
      store.getState().announce('Applied: the lab runs the edited scenario.')
    }
  }

  const reset = () => {
    const s = store.getState()
    if (previewingRef.current && s.edits === ours.current) {
      committing.current = true
      s.undo()
      committing.current = false
    }
    setPreview(false)
    const next = scenarioFileText(store.getState().lab.scenario)
    synced.current = next
    setText(next)
    setChangedOutside(false)
    drafts.delete(store)
    store.getState().announce('Reset: the editor shows the scenario the lab runs.')
  }

  const loadCurrent = () => {
    const next = scenarioFileText(store.getState().lab.scenario)
    synced.current = next
    setText(next)
    setChangedOutside(false)
  }

  const goTo = (at: TextLocation) => {
    const area = textarea.current
    if (area === null) return
    const value = area.value
    const end = value.indexOf('\n', at.offset)
    area.focus()
    area.setSelectionRange(at.offset, end === -1 ? value.length : end)
    area.scrollTop = Math.max(0, (at.line - 4) * LINE_PX)
  }

  const onKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) {
      e.preventDefault()
      apply()
    }
  }

  const lineCount = useMemo(() => lineStarts(text).length, [text])
  const numbers = useMemo(
    () => Array.from({ length: lineCount }, (_, i) => i + 1).join('\n'),
    [lineCount],
  )
  const current = checked !== null && checked.text === text ? checked.result : null
  const problems = current !== null && !current.ok ? current.problems : []
  const problemLines = [...new Set(problems.flatMap((p) => (p.at === null ? [] : [p.at.line])))]
  const pending = current === null

  return (
    <section id={id} className="fl-editor" aria-labelledby={`${ids}-title`}>
      <header className="fl-editor-header">
        <h2 id={`${ids}-title`}>Scenario editor</h2>
        <button
          type="button"
          className="fl-button fl-icon-button fl-button--quiet"
          aria-label="Close the scenario editor"
          onClick={close}
        >
          <CloseIcon />
        </button>
      </header>
      <p className="fl-hint" id={`${ids}-help`}>
        The whole scenario as JSON (format 1): clients and their scripts, the lock service, fencing
        per resource, faults. {live ? 'The lab re-runs while the JSON is valid.' : ''} Tab moves
        focus; Ctrl/⌘+Enter applies.
      </p>
      {changedOutside && (
        <div className="fl-editor-note">
          <p>The scenario changed in the lab while you were editing.</p>
          <button type="button" className="fl-button fl-button--small" onClick={loadCurrent}>
            Load the lab’s scenario
          </button>
        </div>
      )}
      <div className="fl-editor-code">
        <div ref={gutter} className="fl-editor-gutter" aria-hidden="true">
          <pre>{numbers}</pre>
          {problemLines.map((line) => (
            <span key={line} className="fl-editor-mark" style={{ top: (line - 1) * LINE_PX }} />
          ))}
        </div>
        <label htmlFor={`${ids}-json`} className="fl-visually-hidden">
          Scenario JSON
        </label>
        <textarea
          ref={textarea}
          id={`${ids}-json`}
          className="fl-editor-text"
          value={text}
          wrap="off"
          spellCheck={false}
          autoCapitalize="off"
          autoComplete="off"
          autoCorrect="off"
          aria-invalid={problems.length > 0}
          aria-describedby={`${ids}-status ${ids}-help`}
          onChange={(e) => setText(e.target.value)}
          onScroll={(e) => {
            if (gutter.current !== null) gutter.current.scrollTop = e.currentTarget.scrollTop
          }}
          onKeyDown={onKeyDown}
        />
      </div>
      <p
        id={`${ids}-status`}
        className={`fl-editor-status${pending ? '' : problems.length > 0 ? ' is-invalid' : ' is-valid'}`}
        aria-live="polite"
      >
        {pending
          ? 'Checking…'
          : problems.length > 0
            ? `${problems.length === 1 ? 'One problem' : `${problems.length} problems`}: the lab keeps running the last valid scenario.`
            : live
              ? previewing
                ? 'Valid. The lab runs your draft; Apply keeps it as one undo step.'
                : 'Valid. The lab runs this scenario.'
              : 'Valid. Apply to run it.'}
      </p>
      {problems.length > 0 && (
        <ul className="fl-editor-problems" aria-label="Problems in the scenario JSON">
          {problems.map((p, i) => (
            <li key={`${i}-${p.path}`}>
              {p.at === null ? (
                <span className="fl-editor-problem">
                  <ProblemText path={p.path} message={p.message} />
                </span>
              ) : (
                <button
                  type="button"
                  className="fl-editor-problem"
                  onClick={() => p.at !== null && goTo(p.at)}
                >
                  <span className="fl-editor-line">Line {p.at.line}</span>{' '}
                  <ProblemText path={p.path} message={p.message} />
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
      <div className="fl-editor-actions">
        <button type="button" className="fl-button fl-button--primary" onClick={apply}>
          Apply
        </button>
        <button type="button" className="fl-button" onClick={reset}>
          Reset
        </button>
        <label className="fl-check">
          <input type="checkbox" checked={live} onChange={(e) => setLive(e.target.checked)} />
          Live preview
        </label>
      </div>
    </section>
  )
}

/** "clients[1].script[2].do: must be one of …", or the message alone for the whole text. */
function ProblemText({ path, message }: { path: string; message: string }) {
  if (path === '') return <>{message}</>
  return (
    <>
      <code>{path}</code>: {message}
    </>
  )
}
