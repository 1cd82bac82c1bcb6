/**
 * The embed's story caption at one height for the whole story: the height of its tallest line
 * at the embed's width. Every line is laid out, unseen, in the same grid cell as the caption
 * (CSS does the measuring, at any width), so a line one row longer or shorter than the last
 * never moves the diagram under it, nor resizes the frame or the element in the reader's page
 * while the story plays.
 */
import { useLab } from '../store'
import { Caption, storyMeta } from '../ui/Caption'

/** A story longer than this (a changed run's lines told from the run) is not held. */
const MAX_HELD_LINES = 40

export function SteadyCaption() {
  const captions = useLab((s) => s.lab.captions)
  if (captions.length === 0 || captions.length > MAX_HELD_LINES) return <Caption nav={false} />
  return (
    <div className="fl-caption-steady">
      <Caption nav={false} />
      <div className="fl-caption-sizers" aria-hidden="true">
        {captions.map((caption, index) => (
          <div className="fl-caption" key={index}>
            <div className="fl-caption-body">
              <p className="fl-caption-meta">{storyMeta(captions, index)}</p>
              <p className="fl-caption-text">{caption.text}</p>
            </div>
          </div>
        ))}
      </div>
    </div>
  )
}
