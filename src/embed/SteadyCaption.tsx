/**
 * The embed's story caption at one height for the whole story: the height of its tallest line
 * at the embed's width. Every line is laid out, unseen, in the same grid cell as the caption
 * (CSS does the measuring, at any width), so a line one row longer or shorter than the last
 * never moves the diagram under it, nor resizes the frame or the element in the reader's page
 * while the story plays. With `nav` (the full controls) each unseen line has unseen Previous and
 * Next buttons beside it too, so it wraps at the width the shown line wraps at.
 */
import { useLab } from '../store'
import { BEFORE_STORY, Caption, storyMeta } from '../ui/Caption'

/** A story longer than this (a changed run's lines told from the run) is not held. */
const MAX_HELD_LINES = 40

export function SteadyCaption({ nav = false }: { nav?: boolean }) {
  const captions = useLab((s) => s.lab.captions)
  if (captions.length === 0 || captions.length > MAX_HELD_LINES) return <Caption nav={nav} />
  // The line before the story's first (index -1) is one of the lines a reader may see.
  const lines = [BEFORE_STORY, ...captions.map((caption) => caption.text)]
  return (
    <div className="fl-caption-steady">
      <Caption nav={nav} />
      <div className="fl-caption-sizers" aria-hidden="true">
        {lines.map((text, line) => (
          <div className="fl-caption" key={line}>
            <div className="fl-caption-body">
              <p className="fl-caption-meta">{storyMeta(captions, line - 1)}</p>
              <p className="fl-caption-text">{text}</p>
            </div>
            {nav && (
              <div className="fl-caption-nav">
                <button type="button" className="fl-button fl-button--quiet" tabIndex={-1}>
                  ‹ Previous
                </button>
                <button type="button" className="fl-button fl-button--quiet" tabIndex={-1}>
                  Next ›
                </button>
              </div>
            )}
          </div>
        ))}
      </div>
    </div>
  )
}
