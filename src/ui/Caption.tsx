/**
 * The story: the narration line for the moment at the cursor, with Previous and Next to walk it
 * line by line (lines that share a millisecond are each shown). After the reader changed the run,
 * lines told from the run itself are marked as such.
 */
import { formatMs } from '../sim'
import { storyLineAtCursor, useLab, useLabAction } from '../store'
import type { Caption as StoryCaption } from '../timeline'
import { nextCaptionIndex, previousCaptionIndex } from '../timeline'

/** The story line at the cursor and the way to the next and previous ones (the story bar's too). */
export function useStoryLine() {
  const captions = useLab((s) => s.lab.captions)
  const index = useLab(storyLineAtCursor)
  const hasNext = useLab((s) => nextCaptionIndex(s.lab.captions, s.cursorMs, s.storyLine) !== null)
  const hasPrevious = useLab(
    (s) => previousCaptionIndex(s.lab.captions, s.cursorMs, s.storyLine) !== null,
  )
  const nextStory = useLabAction('nextStory')
  const previousStory = useLabAction('previousStory')
  return {
    captions,
    index,
    caption: captions[index],
    hasNext,
    hasPrevious,
    nextStory,
    previousStory,
  }
}

/** "Story 3 of 9 · 4.005 s", or how many lines there are before the first. */
export function storyMeta(captions: readonly StoryCaption[], index: number): string {
  const caption = captions[index]
  return caption === undefined
    ? `Story · ${captions.length} moments`
    : `Story ${index + 1} of ${captions.length}${storyWhen(caption)}`
}

/**
 * " · 4.005 s", and whether the line was told from the run after the reader's change. The time
 * never breaks across lines (on a phone, "16" ended one line and "S" began the next).
 */
export function storyWhen(caption: StoryCaption): string {
  const when = formatMs(caption.atMs).replaceAll(' ', '\u00a0')
  return ` · ${when}${caption.generated === true ? ' · after your change' : ''}`
}

/** The caption before the story's first line. */
export const BEFORE_STORY = 'Press Play, or Next › to begin the story.'

export function Caption({ nav = true }: { nav?: boolean }) {
  const { captions, index, caption, hasNext, hasPrevious, nextStory, previousStory } =
    useStoryLine()

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
        <p className="fl-caption-meta">{storyMeta(captions, index)}</p>
        <p className="fl-caption-text" data-story-line={index}>
          {caption === undefined ? BEFORE_STORY : caption.text}
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
