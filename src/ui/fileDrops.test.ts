import { describe, expect, it, vi } from 'vitest'
import { guardFileDrops } from './fileDrops'

/** A drag event as the browser sends it: cancelable, with its files (jsdom has no DragEvent). */
function dragEvent(type: 'dragover' | 'drop', files: File[], carries = true): DragEvent {
  const event = new Event(type, { cancelable: true, bubbles: true }) as DragEvent
  Object.defineProperty(event, 'dataTransfer', {
    value: { types: carries ? ['Files'] : ['text/plain'], files },
  })
  return event
}

const file = (name: string) => new File(['{}'], name)

describe('guardFileDrops', () => {
  it('keeps a file dragged over or dropped on the page from replacing it', () => {
    const page = new EventTarget() as unknown as Window
    guardFileDrops(page)
    const over = dragEvent('dragover', [])
    page.dispatchEvent(over)
    expect(over.defaultPrevented).toBe(true)
    const drop = dragEvent('drop', [file('a.ndjson')])
    page.dispatchEvent(drop)
    expect(drop.defaultPrevented).toBe(true)
    // Dragged text is not a file: the browser's own handling stays.
    const text = dragEvent('drop', [], false)
    page.dispatchEvent(text)
    expect(text.defaultPrevented).toBe(false)
  })

  it('holds the last drop made before anyone takes it, then hands over each later one', () => {
    const page = new EventTarget() as unknown as Window
    const drops = guardFileDrops(page)
    page.dispatchEvent(dragEvent('drop', [file('early.json')]))
    page.dispatchEvent(dragEvent('drop', [file('a.ndjson'), file('b.ndjson')]))
    const open = vi.fn<(files: File[]) => void>()
    const names = (calls: File[][][]) => calls.map(([files]) => (files ?? []).map((f) => f.name))
    const stop = drops.take(open)
    expect(names(open.mock.calls)).toEqual([['a.ndjson', 'b.ndjson']])
    page.dispatchEvent(dragEvent('drop', [file('later.ndjson')]))
    expect(open).toHaveBeenCalledTimes(2)
    stop()
    page.dispatchEvent(dragEvent('drop', [file('held.ndjson')]))
    expect(open).toHaveBeenCalledTimes(2)
    // The next taker gets what came while no one listened.
    const next = vi.fn<(files: File[]) => void>()
    drops.take(next)
    expect(names(next.mock.calls)).toEqual([['held.ndjson']])
  })

  it('leaves a drop the lab itself took, and lets go of the page when released', () => {
    const page = new EventTarget() as unknown as Window
    const drops = guardFileDrops(page)
    const open = vi.fn()
    drops.take(open)
    const taken = dragEvent('drop', [file('a.ndjson')])
    taken.preventDefault()
    page.dispatchEvent(taken)
    expect(open).not.toHaveBeenCalled()
    drops.release()
    const after = dragEvent('drop', [file('b.ndjson')])
    page.dispatchEvent(after)
    expect(after.defaultPrevented).toBe(false)
    expect(open).not.toHaveBeenCalled()
  })
})
