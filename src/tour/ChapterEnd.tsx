/**
 * A chapter's end: the question answered in plain words, the real systems that behave this way
 * (one line and a link each), and "Try it yourself" — the chapter's run opened in the lab at the
 * moment the tour left it, with every control.
 */
import { useId, useMemo } from 'react'
import type { TourChapter } from './chapters'
import { formatMs } from '../sim'
import { neighbour } from './navigation'
import type { RunCache } from './runs'
import { labHref, tryItRuns } from './runs'

export function ChapterEnd({
  chapter,
  runFor,
  embedded,
}: {
  chapter: TourChapter
  runFor: RunCache
  embedded: boolean
}) {
  const id = useId().replace(/[^A-Za-z0-9_-]/g, '')
  const runs = useMemo(() => tryItRuns(chapter, runFor), [chapter, runFor])
  const [main, ...others] = runs
  const following = neighbour(chapter.id, 'next')
  const newTab = embedded ? { target: '_blank', rel: 'noopener noreferrer' } : {}
  return (
    <section className="fl-tour-end" aria-labelledby={`${id}-answer`}>
      <div className="fl-tour-answer">
        <h3 id={`${id}-answer`} className="fl-tour-section-title">
          The answer
        </h3>
        <p className="fl-tour-answer-text">{chapter.answer}</p>
      </div>

      <div className="fl-tour-citations">
        <h3 className="fl-tour-section-title">In real systems</h3>
        <ul>
          {chapter.realWorld.map((c) => (
            <li key={`${c.system}:${c.text}`}>
              <a href={c.source} className="fl-tour-cite-system" {...newTab}>
                {c.system}
              </a>
              <span className="fl-tour-cite-text">{c.text}</span>
            </li>
          ))}
        </ul>
      </div>

      {main !== undefined && (
        <div className="fl-tour-try">
          <h3 className="fl-tour-section-title">Try it yourself</h3>
          <p>
            Open “{main.title}” in the lab at {formatMs(main.cursorMs)}, with every control: pause a
            client, delay a message, expire the lease, turn fencing off — and watch the outcome
            change.
          </p>
          <p className="fl-tour-try-actions">
            <a
              className="fl-button fl-button--primary fl-tour-try-main"
              href={labHref(main.scenario, main.cursorMs)}
              {...newTab}
            >
              Try it yourself
            </a>
            {others.map((r) => (
              <a
                key={String(typeof r.scenario === 'string' ? r.scenario : r.scenario.id)}
                className="fl-button fl-tour-try-other"
                href={labHref(r.scenario, r.cursorMs)}
                {...newTab}
              >
                Also: {r.title}
              </a>
            ))}
          </p>
        </div>
      )}

      {following === null ? (
        <p className="fl-tour-finale">
          That is the whole tour. The lab has every scenario from it and more;{' '}
          <a href="index.html" {...newTab}>
            open the lab
          </a>{' '}
          and break things.
        </p>
      ) : embedded ? (
        <p className="fl-tour-finale">
          <a href={`tour.html#${following.id}`} {...newTab}>
            Continue the tour: {following.title}
          </a>
        </p>
      ) : (
        <p className="fl-tour-finale fl-muted">Next: {following.title}.</p>
      )}
    </section>
  )
}
