/**
 * The story: the narration line for the moment at the cursor, with Previous and Next to walk it
 * line by line (lines that share a millisecond are each shown). After the reader changed the run,
 * lines told from the run itself are marked as such.
 */
import { formatMs } from '../sim'
import { storyLineAtCursor, useLab } from '../store'
import { nextCaptionIndex, previousCaptionIndex } from '../timeline'

export function Caption({ nav = true }: { nav?: boolean }) {
  const captions = useLab((s) => s.lab.captions)
  const index = useLab(storyLineAtCursor)
  const hasNext = useLab((s) => nextCaptionIndex(s.lab.captions, s.cursorMs, s.storyLine) !== null)
  const hasPrevious = useLab(
    (s) => previousCaptionIndex(s.lab.captions, s.cursorMs, s.storyLine) !== null,
  )
  const nextStory = useLab((s) => s.nextStory)
  const previousStory = useLab((s) => s.previousStory)
  const caption = captions[index]

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
    <div className="fl-caption" data-generated={caption?.generated === true ? '' : undefined}>
      <div className="fl-caption-body">
        <p className="fl-caption-meta">
          {caption === undefined
            ? `Story · ${captions.length} moments`
            : `Story ${index + 1} of ${captions.length} · ${formatMs(caption.atMs)}${caption.generated === true ? ' · after your change' : ''}`}
        </p>
        <p className="fl-caption-text" data-story-line={index}>
          {caption === undefined ? 'Press Play, or Next › to begin the story.' : caption.text}
        </p>
      </div>
      {nav && (
        <div className="fl-caption-nav" role="group" aria-label="Story">
          <button
            type="button"
            className="fl-button fl-button--quiet"
            aria-label="Previous moment"
            disabled={!hasPrevious}
            onClick={previousStory}
          >
            ‹ Previous
          </button>
          <button
            type="button"
            className="fl-button fl-button--quiet"
            aria-label="Next moment"
            disabled={!hasNext}
            onClick={nextStory}
          >
            Next ›
          </button>
        </div>
      )}
    </div>
  )
}
