/**
 * Paste a history (or load a file's text here): a dialog with a text area. The text is read in
 * this page only. Its format is detected (history format v1, a Kubernetes Lease watch, etcd,
 * client-go log lines, the lab's report), or, for any other log, read through the reader's own
 * mapping — a regular expression with named groups, or CSV columns — with a live preview of what
 * the first lines became. The same road as a file: a bad line is named and the rest still opens.
 */
import { useId, useMemo, useState } from 'react'
import type { HistoryKind, LineMapping } from '../../history'
import { decodeText, MAPPABLE_FIELDS, mapHistory, parseKinds } from '../../history'
import { useLabStore } from '../../store'
import { Dialog } from '../share/Dialog'
import { Segmented } from '../Segmented'
import { openPastedHistory } from './open'
import './history.css'

type How = 'detect' | 'regex' | 'csv'
const HOWS: ReadonlyArray<{ value: How; label: string }> = [
  { value: 'detect', label: 'Detect the format' },
  { value: 'regex', label: 'Regular expression' },
  { value: 'csv', label: 'CSV columns' },
]
const SEPARATORS: ReadonlyArray<{ value: string; label: string }> = [
  { value: ',', label: 'comma' },
  { value: ';', label: 'semicolon' },
  { value: '\t', label: 'tab' },
]
/** Lines the live preview reads (the whole text is read when the history opens). */
const PREVIEW_SOURCE_LINES = 500
const PREVIEW_ROWS = 8

export default function PasteHistory({ onClose }: { onClose: () => void }) {
  const store = useLabStore()
  const [text, setText] = useState('')
  const [name, setName] = useState<string | null>(null)
  const [how, setHow] = useState<How>('detect')
  const [pattern, setPattern] = useState(
    '^(?<time>\\S+ \\S+) (?<actor>\\S+) (?<kind>\\S+)(?: client=(?<client>\\S+))?(?: resource=(?<resource>\\S+))?(?: token=(?<token>\\d+))?',
  )
  const [columns, setColumns] = useState('time, actor, kind, client, resource, token')
  const [separator, setSeparator] = useState(',')
  const [header, setHeader] = useState(true)
  const [words, setWords] = useState('')
  const ids = useId()

  const kinds = useMemo(() => parseKinds(words), [words])
  const mapping = useMemo((): LineMapping | null => {
    if (how === 'detect' || typeof kinds === 'string') return null
    const common: { kinds?: Record<string, HistoryKind> } =
      Object.keys(kinds).length > 0 ? { kinds } : {}
    if (how === 'regex') return { kind: 'regex', pattern, ...common }
    return {
      kind: 'csv',
      columns: columns.split(',').map((c) => c.trim()),
      separator,
      header,
      ...common,
    }
  }, [how, kinds, pattern, columns, separator, header])
  const preview = useMemo(() => {
    if (mapping === null) return null
    const head = text.split('\n', PREVIEW_SOURCE_LINES).join('\n')
    return mapHistory(head, mapping, PREVIEW_ROWS)
  }, [mapping, text])
  const problem =
    typeof kinds === 'string'
      ? kinds
      : preview !== null && 'problem' in preview
        ? preview.problem
        : null
  const canOpen = text.trim() !== '' && problem === null

  const open = () => {
    if (!canOpen) return
    onClose()
    void openPastedHistory(store, text, mapping ?? undefined, name)
  }
  return (
    <Dialog title="Paste a history" onClose={onClose} className="fl-paste-dialog">
      <label htmlFor={`${ids}-text`}>
        History (one event a line, a Lease watch, etcd’s output, client-go log lines, the lab’s
        report, or any log you map below)
      </label>
      <textarea
        id={`${ids}-text`}
        className="fl-input fl-mono fl-paste-text"
        rows={8}
        spellCheck={false}
        data-autofocus
        value={text}
        onChange={(e) => {
          setText(e.currentTarget.value)
          setName(null)
        }}
      />
      <p className="fl-hint">
        <label className="fl-button fl-button--small fl-paste-file">
          Load a file’s text…
          <input
            type="file"
            className="fl-visually-hidden"
            onChange={(e) => {
              const file = e.currentTarget.files?.[0]
              e.currentTarget.value = ''
              if (file === undefined) return
              void file.arrayBuffer().then((buffer) => {
                setText(decodeText(new Uint8Array(buffer)))
                setName(file.name)
              })
            }}
          />
        </label>{' '}
        It is read in this page only; nothing is sent anywhere.
      </p>
      <Segmented legend="Read it by" options={HOWS} value={how} onChange={setHow} />
      {how === 'regex' && (
        <div className="fl-map-field">
          <label htmlFor={`${ids}-regex`}>
            Regular expression: named groups are fields ({MAPPABLE_FIELDS.join(', ')})
          </label>
          <input
            id={`${ids}-regex`}
            className="fl-input fl-mono"
            spellCheck={false}
            value={pattern}
            onChange={(e) => setPattern(e.currentTarget.value)}
          />
        </div>
      )}
      {how === 'csv' && (
        <div className="fl-map-field">
          <label htmlFor={`${ids}-columns`}>
            Columns, in order (a field each: {MAPPABLE_FIELDS.join(', ')}; leave one empty to skip
            it)
          </label>
          <input
            id={`${ids}-columns`}
            className="fl-input fl-mono"
            spellCheck={false}
            value={columns}
            onChange={(e) => setColumns(e.currentTarget.value)}
          />
          <div className="fl-map-row">
            <label>
              Separator{' '}
              <select value={separator} onChange={(e) => setSeparator(e.currentTarget.value)}>
                {SEPARATORS.map((s) => (
                  <option key={s.label} value={s.value}>
                    {s.label}
                  </option>
                ))}
              </select>
            </label>
            <label>
              <input
                type="checkbox"
                checked={header}
                onChange={(e) => setHeader(e.currentTarget.checked)}
              />{' '}
              The first line names the columns
            </label>
          </div>
        </div>
      )}
      {how !== 'detect' && (
        <div className="fl-map-field">
          <label htmlFor={`${ids}-words`}>
            Your log’s words for the kinds (e.g.{' '}
            <code>acquired=acquire-granted, wrote=write-sent</code>)
          </label>
          <input
            id={`${ids}-words`}
            className="fl-input fl-mono"
            spellCheck={false}
            value={words}
            onChange={(e) => setWords(e.currentTarget.value)}
          />
        </div>
      )}
      {problem !== null && (
        <p className="fl-field-error" role="alert">
          {problem}
        </p>
      )}
      {preview !== null && !('problem' in preview) && text.trim() !== '' && (
        <div className="fl-map-preview" role="status" aria-live="polite">
          <p>
            {preview.matched} line{preview.matched === 1 ? '' : 's'} matched, {preview.unmatched}{' '}
            not
            {preview.firstUnmatched.length > 0 &&
              ` (lines ${preview.firstUnmatched.join(', ')}${preview.unmatched > preview.firstUnmatched.length ? '…' : ''})`}
            {text.split('\n', PREVIEW_SOURCE_LINES + 1).length > PREVIEW_SOURCE_LINES &&
              ` in the first ${PREVIEW_SOURCE_LINES} lines`}
            .
          </p>
          {preview.preview.length > 0 && (
            <table className="fl-map-table">
              <caption className="fl-visually-hidden">What the first matched lines became</caption>
              <thead>
                <tr>
                  <th scope="col">Line</th>
                  <th scope="col">Fields</th>
                  <th scope="col">Became</th>
                </tr>
              </thead>
              <tbody>
                {preview.preview.map((row) => (
                  <tr key={row.line}>
                    <td>{row.line}</td>
                    <td className="fl-mono">
                      {Object.entries(row.fields)
                        .map(([k, v]) => `${k}=${v}`)
                        .join(' ')}
                    </td>
                    <td>
                      {row.event !== null
                        ? `${row.event.kind} · ${row.event.client}${row.event.token === null ? '' : ` · token ${String(row.event.token)}`}`
                        : row.error}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </div>
      )}
      <div className="fl-paste-actions">
        <button
          type="button"
          className="fl-button fl-button--primary"
          disabled={!canOpen}
          onClick={open}
        >
          Open the history
        </button>
        <button type="button" className="fl-button fl-button--quiet" onClick={onClose}>
          Cancel
        </button>
      </div>
    </Dialog>
  )
}
