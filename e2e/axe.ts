/**
 * One way to run axe in the e2e suite: WCAG 2.1 A and AA over the page and its same-origin
 * frames, axe-core's own frame messaging (what `@axe-core/playwright` calls legacy mode).
 *
 * - Not `@axe-core/playwright`'s default mode: it finishes every scan in a new blank page, into
 *   which it injects axe again; on this project's 2-core CI machine that made a scan of the lab
 *   page take 4–5 s, against 1.6 s this way (the rules themselves take about 0.3 s), and the
 *   suite runs dozens of scans.
 * - Not its legacy mode either: it gives the injection into each frame one second, and a frame
 *   whose injection took longer on a loaded machine was left out of the results without a word
 *   (e2e/axe.spec.ts failed 1 run in 20 when two workers ran: no "image-alt" from the frame).
 *   Here every frame gets axe before the scan starts, however long that takes.
 *
 * What this cannot reach is a cross-origin frame (axe says so through its `frame-tested` rule):
 * the blog-post test in embed.spec.ts, whose iframe is cross-origin on purpose, uses
 * `@axe-core/playwright`'s default mode.
 */
import axe from 'axe-core'
import type { AxeResults } from 'axe-core'
import type { Page } from '@playwright/test'

export const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']

export class AxeScan {
  readonly #page: Page
  readonly #tags: readonly string[]
  readonly #include: string[] = []

  constructor(page: Page, tags: readonly string[]) {
    this.#page = page
    this.#tags = tags
  }

  /** Scans only what `selector` matches (in the page), as often as it is called. */
  include(selector: string): this {
    this.#include.push(selector)
    return this
  }

  async analyze(): Promise<AxeResults> {
    const [main, ...frames] = this.#page.frames()
    if (main === undefined) throw new Error('the page has no frame')
    for (const frame of [main, ...frames]) {
      if (frame.isDetached()) continue
      await frame.evaluate(settleAnimations)
    }
    await main.evaluate(axe.source)
    for (const frame of frames) {
      // A frame that went away meanwhile has nothing to scan; any other failure is an error.
      if (frame.isDetached()) continue
      await frame.evaluate(axe.source)
    }
    for (const frame of [main, ...frames]) {
      if (frame.isDetached()) continue
      await frame.evaluate(() => {
        const w = window as unknown as { axe: { configure(spec: object): void } }
        w.axe.configure({ allowedOrigins: ['<same_origin>'] })
      })
    }
    return main.evaluate(
      async ({ include, tags }) => {
        const w = window as unknown as {
          axe: { run(context: unknown, options: object): Promise<AxeResults> }
        }
        const context = include.length === 0 ? document : { include: include.map((s) => [s]) }
        return w.axe.run(context, { runOnly: { type: 'tag', values: tags } })
      },
      { include: this.#include, tags: [...this.#tags] },
    )
  }
}

/**
 * Waits for the frame's short animations and transitions to end. Buttons and segments fade their
 * colours over 120 ms: when a fieldset is enabled again (the explorer's settings after a run) or
 * the colour scheme switches, a scan in between sees text in neither state's colours, and axe
 * reports a contrast the reader sees for a blink (explore.spec.ts, once on CI: 14 nodes right
 * after a chaos run). Only what ends within a second is waited for, and never longer than
 * SETTLE_MS in all: a wait on every running animation once held a scan until the test's timeout
 * (realHistory.spec.ts, once on CI; the animation was not found).
 */
async function settleAnimations(): Promise<void> {
  const SETTLE_MS = 1500
  const short = document.getAnimations().filter((a) => {
    if (a.playState !== 'running' || a.effect === null) return false
    const timing = a.effect.getComputedTiming()
    const leftMs = Number(timing.endTime) - Number(timing.localTime ?? 0)
    return Number.isFinite(leftMs) && leftMs <= 1000
  })
  if (short.length === 0) return
  await Promise.race([
    Promise.all(short.map((a) => a.finished.catch(() => undefined))),
    new Promise((resolve) => setTimeout(resolve, SETTLE_MS)),
  ])
}

/** An axe scan of `page` (add `.include(…)` to scope it), ready to `.analyze()`. */
export function axeScan(page: Page, tags: readonly string[] = WCAG_TAGS): AxeScan {
  return new AxeScan(page, tags)
}
