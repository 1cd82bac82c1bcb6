import { describe, expect, it } from 'vitest'
import type { FocusedControl, TourKeyInput } from './keys'
import { tourKeyAction } from './keys'

const key = (k: string, mods: Partial<TourKeyInput> = {}): TourKeyInput => ({
  key: k,
  ctrlKey: false,
  metaKey: false,
  altKey: false,
  shiftKey: false,
  ...mods,
})

const button: FocusedControl = { tagName: 'BUTTON' }
const radio: FocusedControl = { tagName: 'INPUT', type: 'radio' }
const text: FocusedControl = { tagName: 'INPUT', type: 'text' }

describe('tour keys', () => {
  it('→/J next, ←/K back, Home/End the chapter’s ends', () => {
    expect(tourKeyAction(key('ArrowRight'), null)).toBe('next')
    expect(tourKeyAction(key('j'), button)).toBe('next')
    expect(tourKeyAction(key('ArrowLeft'), button)).toBe('back')
    expect(tourKeyAction(key('k'), null)).toBe('back')
    expect(tourKeyAction(key('Home'), null)).toBe('first')
    expect(tourKeyAction(key('End'), button)).toBe('last')
    expect(tourKeyAction(key('x'), null)).toBeNull()
  })

  it('leaves modified keys to the browser', () => {
    for (const mod of ['ctrlKey', 'metaKey', 'altKey', 'shiftKey'] as const) {
      expect(tourKeyAction(key('ArrowRight', { [mod]: true }), null)).toBeNull()
    }
  })

  it('leaves arrows to radio groups and sliders, every key to text fields', () => {
    expect(tourKeyAction(key('ArrowRight'), radio)).toBeNull()
    expect(tourKeyAction(key('Home'), { tagName: 'DIV', role: 'slider' })).toBeNull()
    expect(tourKeyAction(key('j'), radio)).toBe('next')
    expect(tourKeyAction(key('j'), text)).toBeNull()
    expect(tourKeyAction(key('ArrowLeft'), { tagName: 'TEXTAREA' })).toBeNull()
    expect(tourKeyAction(key('k'), { tagName: 'DIV', editable: true })).toBeNull()
  })
})
