// @vitest-environment jsdom
import { describe, expect, it } from 'vitest'
import type { KeyInput } from './keys'
import { keyAction } from './keys'

function key(k: string, mods: Partial<KeyInput> = {}): KeyInput {
  return { key: k, ctrlKey: false, metaKey: false, shiftKey: false, altKey: false, ...mods }
}

function element(html: string): Element {
  const host = document.createElement('div')
  host.innerHTML = html
  const el = host.firstElementChild
  if (el === null) throw new Error('no element')
  return el
}

describe('keyAction', () => {
  const scrubber = element('<input type="range" data-scrubber>')
  const speed = element('<input type="range">')
  const button = element('<button>Step</button>')
  const plain = element('<div></div>')

  it('maps the media keys while the lab has focus', () => {
    expect(keyAction(key(' '), plain)).toBe('toggle-play')
    expect(keyAction(key('ArrowRight'), plain)).toBe('step-forward')
    expect(keyAction(key('ArrowLeft'), button)).toBe('step-back')
    expect(keyAction(key('Home'), plain)).toBe('jump-start')
    expect(keyAction(key('End'), plain)).toBe('jump-end')
    expect(keyAction(key('PageDown'), plain)).toBe('next-problem')
    expect(keyAction(key('PageUp'), plain)).toBe('previous-problem')
  })

  it('zooms the time axis with + and - (= and _ too: the same keys without or with Shift)', () => {
    expect(keyAction(key('+', { shiftKey: true }), plain)).toBe('zoom-in')
    expect(keyAction(key('='), button)).toBe('zoom-in')
    expect(keyAction(key('-'), scrubber)).toBe('zoom-out')
    expect(keyAction(key('_', { shiftKey: true }), plain)).toBe('zoom-out')
    // Ctrl/⌘ + and - stay the browser's page zoom; a text field keeps its typing.
    expect(keyAction(key('+', { ctrlKey: true }), plain)).toBeNull()
    expect(keyAction(key('-', { metaKey: true }), plain)).toBeNull()
    expect(keyAction(key('-'), element('<input type="text">'))).toBeNull()
  })

  it('takes over the scrubber’s keys: events, not milliseconds', () => {
    expect(keyAction(key(' '), scrubber)).toBe('toggle-play')
    expect(keyAction(key('ArrowRight'), scrubber)).toBe('step-forward')
    expect(keyAction(key('ArrowUp'), scrubber)).toBe('step-forward')
    expect(keyAction(key('ArrowDown'), scrubber)).toBe('step-back')
    expect(keyAction(key('End'), scrubber)).toBe('jump-end')
  })

  it('leaves controls their own keys', () => {
    expect(keyAction(key(' '), button)).toBeNull()
    expect(keyAction(key('ArrowRight'), speed)).toBeNull()
    expect(keyAction(key('ArrowLeft'), element('<input type="radio">'))).toBeNull()
    expect(keyAction(key('ArrowRight'), element('<button role="tab">State</button>'))).toBeNull()
    expect(keyAction(key('ArrowDown'), plain)).toBeNull()
    for (const field of ['<input type="text">', '<select></select>', '<textarea></textarea>']) {
      expect(keyAction(key(' '), element(field))).toBeNull()
      expect(keyAction(key('ArrowLeft'), element(field))).toBeNull()
    }
    for (const field of ['<input type="text">', '<textarea></textarea>']) {
      expect(keyAction(key('z', { ctrlKey: true }), element(field))).toBeNull()
    }
  })

  it('undoes a pick in a select (a select has no undo of its own)', () => {
    const select = element('<select></select>')
    expect(keyAction(key('z', { ctrlKey: true }), select)).toBe('undo')
    expect(keyAction(key('z', { metaKey: true, shiftKey: true }), select)).toBe('redo')
  })

  it('undoes and redoes with Ctrl or ⌘', () => {
    expect(keyAction(key('z', { ctrlKey: true }), plain)).toBe('undo')
    expect(keyAction(key('z', { metaKey: true }), button)).toBe('undo')
    expect(keyAction(key('Z', { metaKey: true, shiftKey: true }), plain)).toBe('redo')
    expect(keyAction(key('y', { ctrlKey: true }), plain)).toBe('redo')
    expect(keyAction(key('z', { ctrlKey: true, altKey: true }), plain)).toBeNull()
    expect(keyAction(key('ArrowRight', { altKey: true }), plain)).toBeNull()
  })
})
