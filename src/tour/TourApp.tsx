/**
 * The tour page (tour.html): a header with the way back to the lab, the contents and the theme;
 * the current chapter; and the address kept in step with it (`#<chapter>/<step-id>`), so every
 * step has a link and the browser's own Back returns from a jump. A bad link shows what was
 * wrong above the start of the tour (or of the chapter it named). With `?embed=1` the page shows
 * one chapter and nothing else, and leaves the address alone.
 */
import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react'
import type { TourChapter } from './chapters'
import { TOUR } from './chapters'
import { Segmented } from '../ui/Segmented'
import { CloseIcon } from '../ui/icons'
import type { TourLink as TourAddress, TourTheme } from '../link/tour'

/** A tour link read against the tour's own chapters. */
type TourLink = TourAddress<TourChapter>
import { readTourLink, tourHash } from '../link/tour'
import type { Direction } from './navigation'
import { clampStep, landing } from './navigation'
import { TourChapterView } from './TourChapterView'

const HEADING_ID = 'fl-tour-question'

interface PageState {
  chapter: TourChapter
  step: number
  notice: string | null
  /** Bumped on a jump from outside the chapter (a link, the contents): focus goes to its question. */
  jumps: number
}

function fromLink(link: TourLink, jumps: number): PageState {
  return { chapter: link.chapter, step: link.step, notice: link.problem, jumps }
}

export function TourApp({ initial }: { initial: TourLink }) {
  const [theme, setTheme] = useState<TourTheme>(initial.theme)
  useEffect(() => {
    document.documentElement.dataset.theme = theme
  }, [theme])

  if (initial.embed) {
    return (
      <main className="fl-tour-embed-page">
        {initial.problem !== null && (
          <p className="fl-notice fl-tour-notice" role="alert">
            {initial.problem}
          </p>
        )}
        <TourChapterView
          chapterId={initial.chapter.id}
          stepIndex={initial.step}
          embedded
          theme={theme}
        />
      </main>
    )
  }
  return <TourPage initial={initial} theme={theme} setTheme={setTheme} />
}

const THEMES: ReadonlyArray<{ value: TourTheme; label: string }> = [
  { value: 'auto', label: 'Auto' },
  { value: 'light', label: 'Light' },
  { value: 'dark', label: 'Dark' },
]

function TourPage({
  initial,
  theme,
  setTheme,
}: {
  initial: TourLink
  theme: TourTheme
  setTheme: (theme: TourTheme) => void
}) {
  const [page, setPage] = useState<PageState>(() => fromLink(initial, 0))
  const { chapter, step } = page

  // The address follows the reader (replaceState: stepping does not fill the history; a jump
  // through a link does, by the browser's own doing).
  useEffect(() => {
    const hash = tourHash(chapter, step)
    if (location.hash !== hash) {
      history.replaceState(history.state, '', `${location.pathname}${location.search}${hash}`)
    }
    document.title = `${chapter.title} · Guided tour · Fencing Lab`
  }, [chapter, step])

  useEffect(() => {
    const onHashChange = () => {
      const link = readTourLink(location.search, location.hash, TOUR)
      setPage((p) => ({ ...fromLink(link, p.jumps + 1) }))
    }
    window.addEventListener('hashchange', onHashChange)
    return () => window.removeEventListener('hashchange', onHashChange)
  }, [])

  // After a jump the page starts at the top with focus on the chapter's question, so that a
  // screen reader and the Tab key both continue from the new place.
  useLayoutEffect(() => {
    if (page.jumps === 0) return
    window.scrollTo({ top: 0 })
    document.getElementById(HEADING_ID)?.focus({ preventScroll: true })
  }, [page.jumps])

  const previousChapter = useRef(chapter)
  useLayoutEffect(() => {
    if (previousChapter.current !== chapter) window.scrollTo({ top: 0 })
    previousChapter.current = chapter
  }, [chapter])

  const onLeave = useCallback(
    (direction: Direction) => {
      const to = landing(chapter.id, direction)
      if (to !== null) setPage((p) => ({ ...p, chapter: to.chapter, step: to.step }))
    },
    [chapter.id],
  )
  const onStepChange = useCallback(
    (next: number) => setPage((p) => ({ ...p, step: clampStep(p.chapter, next) })),
    [],
  )

  return (
    <div className="fl-lab fl-tour-page" data-theme={theme}>
      <header className="fl-tour-header">
        <p className="fl-tour-brand">
          <a href="index.html">Fencing Lab</a>
          <span aria-hidden="true"> / </span>
          <span className="fl-tour-brand-here">Guided tour</span>
        </p>
        <div className="fl-tour-header-tools">
          <Contents current={chapter} />
          <a className="fl-button fl-button--quiet fl-tour-to-lab" href="index.html">
            <span className="fl-tour-wide-only">Open the </span>lab
          </a>
          <Segmented legend="Theme" options={THEMES} value={theme} onChange={setTheme} hideLegend />
        </div>
      </header>
      <main className="fl-tour-main">
        <h1 className="fl-visually-hidden">Fencing Lab: a guided tour</h1>
        {page.notice !== null && (
          <div className="fl-notice fl-tour-notice" role="alert">
            <p>{page.notice}</p>
            <button
              type="button"
              className="fl-button fl-icon-button fl-button--quiet"
              aria-label="Dismiss this message"
              onClick={() => setPage((p) => ({ ...p, notice: null }))}
            >
              <CloseIcon />
            </button>
          </div>
        )}
        <TourChapterView
          chapterId={chapter.id}
          stepIndex={step}
          embedded={false}
          theme={theme}
          onLeave={onLeave}
          onStepChange={onStepChange}
          headingId={HEADING_ID}
        />
      </main>
    </div>
  )
}

/** The table of contents: every chapter, as a link to its first step. */
function Contents({ current }: { current: TourChapter }) {
  const details = useRef<HTMLDetailsElement>(null)
  const [open, setOpen] = useState(false)
  const close = () => {
    if (details.current !== null) details.current.open = false
  }
  // Open, the panel closes on a click or a focus anywhere else, like a menu.
  useEffect(() => {
    if (!open) return
    const outside = (e: Event) => {
      if (e.target instanceof Node && details.current?.contains(e.target) !== true) close()
    }
    document.addEventListener('pointerdown', outside)
    document.addEventListener('focusin', outside)
    return () => {
      document.removeEventListener('pointerdown', outside)
      document.removeEventListener('focusin', outside)
    }
  }, [open])
  return (
    <details
      ref={details}
      onToggle={() => setOpen(details.current?.open === true)}
      className="fl-tour-contents"
      onKeyDown={(e) => {
        if (e.key !== 'Escape' || details.current?.open !== true) return
        e.preventDefault()
        close()
        details.current.querySelector('summary')?.focus()
      }}
    >
      <summary className="fl-button">Contents</summary>
      <nav className="fl-tour-contents-panel" aria-label="Chapters">
        <ol>
          {TOUR.map((c, i) => (
            <li key={c.id}>
              <a
                href={`#${c.id}`}
                aria-current={c.id === current.id ? 'true' : undefined}
                onClick={close}
              >
                <span className="fl-tour-contents-no">Chapter {i + 1}</span>
                <span className="fl-tour-contents-title">{c.title}</span>
                <span className="fl-tour-contents-q">{c.question}</span>
              </a>
            </li>
          ))}
        </ol>
      </nav>
    </details>
  )
}
