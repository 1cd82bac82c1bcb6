/**
 * One way to run axe in the e2e suite: WCAG 2.1 A and AA, in axe's "legacy" frame mode.
 *
 * The default mode finishes every scan in a new blank page, into which it injects axe again: on
 * this project's 2-core CI machine that made a scan of the lab page take 4–5 s, against 1.6 s in
 * legacy mode (the rules themselves take about 0.3 s), and the suite runs dozens of scans. Legacy
 * mode tests the page and its same-origin frames with the same rules; what it cannot reach is a
 * cross-origin frame (it says so through the `frame-tested` rule). The blog-post test in
 * embed.spec.ts, whose iframe is cross-origin on purpose, uses the default mode.
 */
import AxeBuilder from '@axe-core/playwright'
import type { Page } from '@playwright/test'

export const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']

/** An axe scan of `page` (add `.include(…)` to scope it), ready to `.analyze()`. */
export function axeScan(page: Page, tags: readonly string[] = WCAG_TAGS): AxeBuilder {
  return new AxeBuilder({ page }).withTags([...tags]).setLegacyMode(true)
}
