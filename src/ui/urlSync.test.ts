// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { readLabAddress } from '../link/lab'
import { decodeScenario } from '../link/decode'
import { createLabStore } from '../store'
import { startUrlSync, URL_SYNC_MS } from './urlSync'

beforeEach(() => {
  vi.useFakeTimers()
  history.replaceState(null, '', '/')
})

afterEach(() => {
  vi.useRealTimers()
})

describe('startUrlSync', () => {
  it('keeps a preset with no edits as ?scenario=…&t=…, written once the cursor rests', () => {
    const store = createLabStore({ reducedMotion: true })
    const stop = startUrlSync(store)
    expect(location.search).toBe('?scenario=gc-pause')
    const replace = vi.spyOn(history, 'replaceState')
    for (let ms = 100; ms <= 2000; ms += 100) store.getState().setCursor(ms)
    expect(replace).not.toHaveBeenCalled()
    vi.advanceTimersByTime(URL_SYNC_MS)
    expect(replace).toHaveBeenCalledTimes(1)
    expect(location.search).toBe('?scenario=gc-pause&t=2000')
    expect(location.hash).toBe('')
    expect(document.title).toBe('GC pause: token 41 vs 42 · Fencing Lab')
    stop()
  })

  it('writes in an idle moment after the wait; a move meanwhile starts the wait again', () => {
    const idle: Array<() => void> = []
    vi.stubGlobal('requestIdleCallback', (task: () => void) => idle.push(task))
    vi.stubGlobal('cancelIdleCallback', (handle: number) => idle.splice(handle - 1, 1, () => {}))
    try {
      const store = createLabStore({ reducedMotion: true })
      const stop = startUrlSync(store)
      store.getState().setCursor(1000)
      vi.advanceTimersByTime(URL_SYNC_MS)
      expect(location.search).toBe('?scenario=gc-pause')
      expect(idle).toHaveLength(1)
      // The cursor moves before the page is idle: that write is called off, a new wait begins.
      store.getState().setCursor(1500)
      idle[0]?.()
      expect(location.search).toBe('?scenario=gc-pause')
      vi.advanceTimersByTime(URL_SYNC_MS)
      idle[1]?.()
      expect(location.search).toBe('?scenario=gc-pause&t=1500')
      stop()
    } finally {
      vi.unstubAllGlobals()
    }
  })

  it('writes nothing while the cursor keeps moving, then where it came to rest', () => {
    const store = createLabStore({ reducedMotion: true })
    const stop = startUrlSync(store)
    const replace = vi.spyOn(history, 'replaceState')
    replace.mockClear()
    // A scrub: a new cursor every frame for a second, longer than the wait.
    for (let frame = 1; frame <= 60; frame++) {
      store.getState().setCursor(frame * 100)
      vi.advanceTimersByTime(16)
    }
    expect(replace).not.toHaveBeenCalled()
    vi.advanceTimersByTime(URL_SYNC_MS)
    expect(replace).toHaveBeenCalledTimes(1)
    expect(location.search).toBe('?scenario=gc-pause&t=6000')
    stop()
  })

  it('writes a change at once when the page goes away (a reload right after an edit)', async () => {
    const store = createLabStore({ reducedMotion: true })
    const stop = startUrlSync(store)
    store.getState().setCursor(10_010)
    store.getState().pauseClient('B', 10_000)
    // The edit sent for the deflater; it is there long before the reader can leave.
    await vi.dynamicImportSettled()
    // Well before the timer: the address still shows the preset.
    expect(location.search).toBe('?scenario=gc-pause')
    window.dispatchEvent(new Event('pagehide'))
    expect(location.hash).toMatch(/^#s=[A-Za-z0-9_-]+&t=10011$/)
    const link = readLabAddress(location.search, location.hash, decodeScenario)
    expect(link.source.kind === 'custom' && link.source.scenario).toEqual(
      store.getState().lab.scenario,
    )
    // The timer, when it fires, has nothing different to write.
    const written = location.href
    vi.advanceTimersByTime(URL_SYNC_MS)
    expect(location.href).toBe(written)
    stop()
  })

  it('writes the cursor where playback was when the page goes away', () => {
    const store = createLabStore({ reducedMotion: true })
    const stop = startUrlSync(store)
    store.getState().play()
    store.getState().setCursor(1234)
    vi.advanceTimersByTime(URL_SYNC_MS)
    expect(location.search).toBe('?scenario=gc-pause')
    window.dispatchEvent(new Event('pagehide'))
    expect(location.search).toBe('?scenario=gc-pause&t=1234')
    stop()
  })

  it('leaves a kept address alone on pagehide when nothing changed', () => {
    history.replaceState(null, '', '/#s=broken')
    const store = createLabStore({ reducedMotion: true })
    const stop = startUrlSync(store, { keepAddress: true })
    window.dispatchEvent(new Event('pagehide'))
    expect(location.hash).toBe('#s=broken')
    stop()
  })

  it('turns an edited preset into a #s= link that opens the same scenario', async () => {
    const store = createLabStore({ reducedMotion: true })
    const stop = startUrlSync(store)
    store.getState().setCursor(10_010)
    store.getState().pauseClient('B', 10_000)
    vi.advanceTimersByTime(URL_SYNC_MS)
    // The first custom scenario waits for the deflater, which loads on demand.
    await vi.dynamicImportSettled()
    expect(location.search).toBe('')
    expect(location.hash).toMatch(/^#s=[A-Za-z0-9_-]+&t=10011$/)
    const link = readLabAddress(location.search, location.hash, decodeScenario)
    expect(link.notice).toBeNull()
    expect(link.cursorMs).toBe(10_011)
    expect(link.source.kind === 'custom' && link.source.scenario).toEqual(
      store.getState().lab.scenario,
    )
    store.getState().undo()
    vi.advanceTimersByTime(URL_SYNC_MS)
    expect(location.search).toBe('?scenario=gc-pause&t=10011')
    expect(location.hash).toBe('')
    stop()
  })

  it('keeps compare mode and the future mode in the link', async () => {
    const store = createLabStore({ reducedMotion: true })
    const stop = startUrlSync(store)
    store.getState().setCompareMode(true)
    store.getState().setFutureMode('hide')
    vi.advanceTimersByTime(URL_SYNC_MS)
    expect(location.search).toBe('?scenario=gc-pause&compare=1&future=hide')
    store.getState().setCursor(10_010)
    store.getState().pauseClient('B', 10_000)
    vi.advanceTimersByTime(URL_SYNC_MS)
    await vi.dynamicImportSettled()
    expect(location.hash).toMatch(/^#s=[A-Za-z0-9_-]+&t=10011&compare=1&future=hide$/)
    store.getState().setCompareMode(false)
    store.getState().setFutureMode('fade')
    vi.advanceTimersByTime(URL_SYNC_MS)
    expect(location.hash).toMatch(/^#s=[A-Za-z0-9_-]+&t=10011$/)
    stop()
  })

  it('adds a history entry when another scenario opens, and replaces it for the cursor', () => {
    const store = createLabStore({ reducedMotion: true })
    const stop = startUrlSync(store)
    const push = vi.spyOn(history, 'pushState')
    const replace = vi.spyOn(history, 'replaceState')
    push.mockClear()
    replace.mockClear()
    store.getState().setCursor(1000)
    vi.advanceTimersByTime(URL_SYNC_MS)
    expect(push).not.toHaveBeenCalled()
    expect(replace).toHaveBeenCalledTimes(1)
    store.getState().loadPreset('clock-jump')
    vi.advanceTimersByTime(URL_SYNC_MS)
    expect(push).toHaveBeenCalledTimes(1)
    expect(location.search).toBe('?scenario=clock-jump')
    store.getState().setCursor(500)
    vi.advanceTimersByTime(URL_SYNC_MS)
    expect(push).toHaveBeenCalledTimes(1)
    expect(location.search).toBe('?scenario=clock-jump&t=500')
    stop()
    push.mockRestore()
    replace.mockRestore()
  })

  it('leaves an address with a problem as it is until the lab changes', () => {
    history.replaceState(null, '', '/?scenario=nope&t=-5')
    const store = createLabStore({
      reducedMotion: true,
      notice: 'There is no scenario called “nope”.',
    })
    const stop = startUrlSync(store, { keepAddress: true })
    vi.advanceTimersByTime(URL_SYNC_MS * 4)
    expect(location.search).toBe('?scenario=nope&t=-5')
    expect(document.title).toBe('GC pause: token 41 vs 42 · Fencing Lab')
    store.getState().setCursor(300)
    vi.advanceTimersByTime(URL_SYNC_MS)
    expect(location.search).toBe('?scenario=gc-pause&t=300')
    stop()
  })
})
