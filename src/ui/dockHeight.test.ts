// @vitest-environment jsdom
/**
 * The bar's height for the tabs. jsdom constructs no stylesheets, so this is the fallback (the
 * page's root); the constructed rule is checked in Chromium (e2e/storyBar.spec.ts: the tabs stick
 * just under the bar, and the root carries no height).
 */
import { afterEach, describe, expect, it, vi } from 'vitest'
import { dockHeight } from './dockHeight'

const rootHeight = () => document.documentElement.style.getPropertyValue('--fl-dock-h')

afterEach(() => {
  document.documentElement.style.removeProperty('--fl-dock-h')
  vi.restoreAllMocks()
})

describe('dockHeight', () => {
  it('writes the height on the root where no stylesheet can be constructed, and takes it away', () => {
    const height = dockHeight(document)
    height.write('64px')
    expect(rootHeight()).toBe('64px')
    height.write('80px')
    expect(rootHeight()).toBe('80px')
    height.remove()
    expect(rootHeight()).toBe('')
  })

  it('writes nothing when the height is unchanged (a style on the root restyles the page)', () => {
    const height = dockHeight(document)
    height.write('64px')
    const set = vi.spyOn(document.documentElement.style, 'setProperty')
    height.write('64px')
    expect(set).not.toHaveBeenCalled()
  })
})
