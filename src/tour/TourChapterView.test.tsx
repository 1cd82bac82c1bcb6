import { act } from 'react'
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { testRoots } from '../testing/reactRoots'
import { TOUR } from './chapters'
import type { TourChapterViewProps } from './TourChapterView'
import { TourChapterView } from './TourChapterView'

beforeAll(() => {
  ;(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true
})

const roots = testRoots()
afterEach(() => {
  roots.unmountAll()
  vi.restoreAllMocks()
})

function mount(props: TourChapterViewProps) {
  const { host: el, render } = roots.mount(<TourChapterView {...props} />)
  const chapterRoot = () => el.querySelector<HTMLElement>('.fl-tour-chapter')!
  return {
    el,
    rerender: (next: Partial<TourChapterViewProps>) =>
      render(<TourChapterView {...props} {...next} />),
    step: () => chapterRoot().dataset.step,
    caption: () => el.querySelector('.fl-tour-text')?.textContent ?? null,
    button: (name: string) => {
      const found = [...el.querySelectorAll('button')].find((b) => nameOf(b) === name)
      if (found === undefined) throw new Error(`no button ${name}`)
      return found
    },
    nav: (which: 'back' | 'next') => el.querySelector<HTMLElement>(`.fl-tour-${which}`)!,
    press: (key: string) =>
      act(() => {
        chapterRoot().dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true }))
      }),
  }
}

/** A button's accessible name, near enough: its aria-label, else its text without hidden marks. */
function nameOf(b: HTMLElement): string {
  const label = b.getAttribute('aria-label')
  if (label !== null) return label
  const copy = b.cloneNode(true) as HTMLElement
  copy.querySelectorAll('[aria-hidden="true"]').forEach((e) => e.remove())
  return copy.textContent?.trim() ?? ''
}

const fencing = TOUR.find((c) => c.id === 'fencing')!
const click = (b: HTMLElement) => act(() => b.click())

describe('TourChapterView', () => {
  it('shows the question, the step and its key event; Next and Back move by one stop', () => {
    const view = mount({ chapterId: 'fencing', embedded: true })
    expect(view.el.querySelector('h2')?.textContent).toBe(fencing.question)
    expect(view.step()).toBe('records-42')
    expect(view.el.querySelector('.fl-tour-key')?.textContent).toContain(
      fencing.steps[0]!.decisive!,
    )
    click(view.nav('back'))
    expect(view.step()).toBe('records-42')
    click(view.nav('next'))
    expect(view.step()).toBe('predict')
    click(view.button('Step 4 of 5'))
    expect(view.step()).toBe('race-check')
    click(view.button('The answer'))
    expect(view.step()).toBe('answer')
    expect(view.el.textContent).toContain(fencing.answer)
    expect(view.el.querySelector('a.fl-tour-try-main')?.getAttribute('href')).toBe(
      'index.html?scenario=gc-pause&t=16005',
    )
  })

  it('a prediction reveals only after an answer, and Back returns to the question', () => {
    const view = mount({ chapterId: 'fencing', stepIndex: 1, embedded: true })
    const prediction = fencing.steps[1]!.predict!
    expect(view.el.querySelector('.fl-tour-verdict')).toBeNull()
    const right = prediction.choices.findIndex((c) => c.correct)
    click(view.button(prediction.choices[right]!.label))
    expect(view.el.querySelector('.fl-tour-verdict--right')?.textContent).toContain('Right.')
    expect(view.el.querySelector('.fl-tour-key')?.textContent).toContain(
      "storage rejected A's write: token 41 < 42",
    )
    view.press('ArrowLeft')
    expect(view.step()).toBe('predict')
    expect(view.el.querySelector('.fl-tour-verdict')).toBeNull()
    const wrong = prediction.choices.findIndex((c) => !c.correct)
    click(view.button(prediction.choices[wrong]!.label))
    expect(view.el.querySelector('.fl-tour-verdict--wrong')?.textContent).toContain('Not quite.')
    // Moving on removes the focused choice: focus stays in the chapter, so keys keep working.
    const choice = view.button(prediction.choices[wrong]!.label)
    act(() => choice.focus())
    act(() => {
      choice.dispatchEvent(new KeyboardEvent('keydown', { key: 'ArrowRight', bubbles: true }))
    })
    expect(view.step()).toBe('reject')
    expect(document.activeElement).toBe(view.el.querySelector('.fl-tour-chapter'))
  })

  it('embedded: keys work on the chapter only, and nothing touches the address or storage', () => {
    const replace = vi.spyOn(history, 'replaceState')
    const push = vi.spyOn(history, 'pushState')
    const listen = vi.spyOn(document, 'addEventListener')
    const store = vi.spyOn(Storage.prototype, 'setItem')
    const focus = vi.spyOn(HTMLElement.prototype, 'focus')
    const view = mount({ chapterId: 'pause', embedded: true })
    act(() => {
      document.body.dispatchEvent(
        new KeyboardEvent('keydown', { key: 'ArrowRight', bubbles: true }),
      )
    })
    expect(view.step()).toBe('holds')
    view.press('ArrowRight')
    view.press('j')
    expect(view.step()).toBe('expired')
    view.press('End')
    expect(view.step()).toBe('answer')
    view.press('ArrowRight')
    expect(view.step()).toBe('answer')
    view.press('Home')
    expect(view.step()).toBe('holds')
    expect(replace).not.toHaveBeenCalled()
    expect(push).not.toHaveBeenCalled()
    expect(store).not.toHaveBeenCalled()
    expect(listen.mock.calls.filter(([type]) => type === 'keydown')).toEqual([])
    expect(focus).not.toHaveBeenCalled()
    for (const a of view.el.querySelectorAll('a[href]')) {
      expect(a.getAttribute('target')).toBe('_blank')
    }
  })

  it('on the page the keys work document-wide, and leaving the chapter asks the page', () => {
    const onLeave = vi.fn()
    const onStepChange = vi.fn()
    const view = mount({ chapterId: 'pause', embedded: false, onLeave, onStepChange })
    act(() => {
      document.body.dispatchEvent(
        new KeyboardEvent('keydown', { key: 'ArrowRight', bubbles: true }),
      )
    })
    expect(view.step()).toBe('paused')
    expect(onStepChange).toHaveBeenLastCalledWith(1)
    view.press('Home')
    view.press('ArrowLeft')
    expect(onLeave).toHaveBeenCalledWith('back')
    view.press('End')
    view.press('ArrowRight')
    expect(onLeave).toHaveBeenLastCalledWith('next')
  })

  it('a new stepIndex or chapter from the page moves the reader there', () => {
    const view = mount({ chapterId: 'pause', stepIndex: 2, embedded: false })
    expect(view.step()).toBe('expired')
    view.rerender({ chapterId: 'limits', stepIndex: 3 })
    expect(view.step()).toBe('duplicate-token')
    expect(view.el.querySelector('[aria-live]')?.textContent).toContain('Chapter 4 of 6')
  })

  it('an unknown chapter says so and shows the first chapter', () => {
    const view = mount({ chapterId: 'nope', embedded: true })
    expect(view.el.querySelector('[role="alert"]')?.textContent).toContain('“nope”')
    expect(view.el.querySelector('h2')?.textContent).toBe(TOUR[0]!.question)
  })
})
