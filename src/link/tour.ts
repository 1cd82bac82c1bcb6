/**
 * Tour links. Every chapter and step has an address that reads like what it shows and survives
 * edits to the words:
 *
 *   tour.html#pause                  chapter "pause", its first step
 *   tour.html#pause/two-believers    a step, by its id (what the page writes)
 *   tour.html#pause/4                a step, by its number (1-based, as the step buttons show it)
 *   tour.html#pause/answer           the chapter's end: the answer, real systems, "Try it yourself"
 *   tour.html?chapter=pause&step=4&embed=1&theme=dark   one chapter, without page chrome
 *   embed.html?tour=pause&step=4&theme=dark             the same, in the embed (auto-height)
 *
 * The hash wins over `?chapter=`/`?step=`. Links come from anywhere, so reading one never throws:
 * an unknown chapter opens the start of the tour, an unknown step the start of its chapter, each
 * with a sentence that says what was wrong.
 */
import { clip, paramsOf } from './params'

/**
 * What a tour link needs to know of a chapter: its id, title and step ids. The chapters themselves
 * (src/tour/chapters) are passed in, so this module depends on no words of the tour.
 */
export interface TourChapter {
  id: string
  title: string
  steps: readonly { id: string }[]
}

export type TourTheme = 'auto' | 'light' | 'dark'

export interface TourLink<C extends TourChapter = TourChapter> {
  /** Always a chapter of the tour. */
  chapter: C
  /** 0-based step; `chapter.steps.length` is the chapter's end. */
  step: number
  /** `embed=1`: one chapter, no page chrome, no address writes. */
  embed: boolean
  theme: TourTheme
  /** What was wrong with the link, in words for the reader; null when it was fine. */
  problem: string | null
}

const END = 'answer'
const THEMES: readonly TourTheme[] = ['auto', 'light', 'dark']
const MAX_PART_CHARS = 200

/** The address (hash) of a place in the tour: `#pause/two-believers`, `#pause/answer`. */
export function tourHash(chapter: TourChapter, step: number): string {
  const id = step >= chapter.steps.length ? END : chapter.steps[Math.max(0, step)]?.id
  return `#${chapter.id}/${id ?? END}`
}

/** Reads a page address (`location.search`, `location.hash`). Never throws. */
export function readTourLink<C extends TourChapter>(
  search: string,
  hash: string,
  chapters: readonly C[],
): TourLink<C> {
  const query = paramsOf(search)
  const problems: string[] = []

  const theme = query.get('theme')
  const embedParam = query.get('embed')
  const link: TourLink<C> = {
    chapter: firstChapter(chapters),
    step: 0,
    embed: embedParam === '1' || embedParam === 'true',
    theme: 'auto',
    problem: null,
  }
  if (theme !== null) {
    if ((THEMES as readonly string[]).includes(theme)) link.theme = theme as TourTheme
    else problems.push(`There is no theme “${clip(theme, 20)}” (use auto, light or dark).`)
  }

  const parts = hashParts(hash)
  // `tour=` is how embed.html names a chapter (embed.html?tour=pause&step=4).
  const chapterPart = parts.length > 0 ? parts[0] : (query.get('chapter') ?? query.get('tour'))
  const stepPart = parts.length > 0 ? parts[1] : query.get('step')
  if (parts.length > 2) {
    problems.push(
      `The tour link “#${clip(parts.join('/'), 60)}” has too many parts. Showing the start of the tour.`,
    )
  } else if (chapterPart !== null && chapterPart !== undefined && chapterPart !== '') {
    const chapter = chapters.find((c) => c.id === chapterPart.toLowerCase())
    if (chapter === undefined) {
      problems.push(
        `There is no chapter “${clip(chapterPart, 60)}” in the tour. Showing the start of the tour.`,
      )
    } else {
      link.chapter = chapter
      if (stepPart !== null && stepPart !== undefined && stepPart !== '') {
        const step = stepOf(chapter, stepPart)
        if (step === null) {
          problems.push(
            `Chapter “${chapter.title}” has no step “${clip(stepPart, 60)}” (it has steps 1–${chapter.steps.length} and the answer). Showing the start of the chapter.`,
          )
        } else {
          link.step = step
        }
      }
    }
  }
  if (problems.length > 0) link.problem = problems.join(' ')
  return link
}

/** A step named by number (1-based), by id, or `answer`; null when the chapter has no such step. */
export function stepOf(chapter: TourChapter, part: string): number | null {
  const name = part.toLowerCase()
  if (name === END) return chapter.steps.length
  if (/^\d{1,4}$/.test(name)) {
    const n = Number(name)
    return n >= 1 && n <= chapter.steps.length ? n - 1 : null
  }
  const index = chapter.steps.findIndex((s) => s.id === name)
  return index < 0 ? null : index
}

function firstChapter<C extends TourChapter>(chapters: readonly C[]): C {
  const first = chapters[0]
  // The tour's own tests keep six chapters; an empty tour is a broken build, not bad input.
  if (first === undefined) throw new Error('the tour has no chapters')
  return first
}

/** `#/pause/3/` → ["pause", "3"]; an empty hash → []. Percent-escapes are decoded when valid. */
function hashParts(hash: string): string[] {
  const text = hash.replace(/^#/, '').slice(0, MAX_PART_CHARS * 2)
  const parts = text
    .split('/')
    .map((p) => safeDecode(p).trim())
    .filter((p) => p !== '')
  return parts
}

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text)
  } catch {
    return text
  }
}
