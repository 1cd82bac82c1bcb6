/** The preset's narration: the line for the moment at the cursor, with a way to walk the story. */
import { formatMs } from '../sim'
import { useLab } from '../store'
import { captionAt } from '../timeline'

export function Caption({ nav = true }: { nav?: boolean }) {
  const captions = useLab((s) => s.lab.captions)
  const caption = useLab((s) => captionAt(s.lab.captions, s.cursorMs))
  const setCursor = useLab((s) => s.setCursor)
  const pause = useLab((s) => s.pause)
  const index = caption === null ? -1 : captions.indexOf(caption)
  const previous = index > 0 ? captions[index - 1] : undefined
  const next = captions[index + 1]
  const go = (atMs: number) => {
    pause()
    setCursor(atMs, { announce: true })
  }

  if (captions.length === 0) {
    return (
      <div className="fl-caption fl-caption--empty">
        <p className="fl-caption-text">
          Step through the run or press Play; the event log tells every step in words.
        </p>
      </div>
    )
  }
  return (
    <div className="fl-caption">
      <div className="fl-caption-body">
        <p className="fl-caption-meta">
          {caption === null
            ? `Story · ${captions.length} moments`
            : `Story ${index + 1} of ${captions.length} · ${formatMs(caption.atMs)}`}
        </p>
        <p className="fl-caption-text">
          {caption === null ? 'Press Play, or step forward to begin.' : caption.text}
        </p>
      </div>
      {nav && (
        <div className="fl-caption-nav" role="group" aria-label="Story">
          <button
            type="button"
            className="fl-button fl-button--quiet"
            aria-label="Previous moment"
            disabled={previous === undefined}
            onClick={() => previous !== undefined && go(previous.atMs)}
          >
            ‹ Previous
          </button>
          <button
            type="button"
            className="fl-button fl-button--quiet"
            aria-label="Next moment"
            disabled={next === undefined}
            onClick={() => next !== undefined && go(next.atMs)}
          >
            Next ›
          </button>
        </div>
      )}
    </div>
  )
}
