/**
 * Sharing and authoring in the lab page, against the production build: a copied link reopens the
 * same state; a scenario survives export → import; a bad file is refused with its path; the
 * diagram downloads as a standalone SVG and as a PNG; the editor places errors and previews valid
 * edits; the Embed dialog writes snippets for the current state and is an accessible modal.
 */
import { readFile } from 'node:fs/promises'
import type { Download, Locator, Page } from '@playwright/test'
import { expect, test } from './fixtures'
import { EMBED_HEIGHTS } from '../src/ui/share/embedHeights'
import { decodeScenario } from '../src/link/decode'
import { readLabAddress } from '../src/link/lab'
import { findPreset, parseScenario, run } from '../src/sim'
import { resolveCaptions } from '../src/timeline'
import { readGif, readWebm } from '../src/testing/media'
import { axeScan } from './axe'

const REJECTED = "storage rejected A's write: token 41 < 42"

function scrubber(page: Page): Locator {
  return page.getByRole('slider', { name: 'Time' })
}

function faults(page: Page): Locator {
  return page.getByRole('region', { name: 'Faults in this scenario' })
}

/** The lab's one polite live region. */
function announcer(page: Page): Locator {
  return page.locator('.fl-lab > [aria-live="polite"]')
}

function picker(page: Page): Locator {
  return page.getByRole('combobox', { name: 'Scenario' })
}

async function logTexts(page: Page): Promise<string[]> {
  return page.getByRole('list', { name: 'Event log' }).locator('.fl-log-text').allTextContents()
}

async function downloadOf(page: Page, click: () => Promise<void>): Promise<Download> {
  const [download] = await Promise.all([page.waitForEvent('download'), click()])
  return download
}

async function bytesOf(download: Download): Promise<Buffer> {
  return readFile(await download.path())
}

/** gc-pause as a file, with one field changed. */
function gcPauseFile(change: (scenario: Record<string, unknown>) => void): string {
  const parsed = parseScenario(findPreset('gc-pause')?.scenario)
  if (!parsed.ok) throw new Error(parsed.message)
  const scenario = JSON.parse(JSON.stringify(parsed.scenario)) as Record<string, unknown>
  change(scenario)
  return `${JSON.stringify(scenario, null, 2)}\n`
}

async function importViaPicker(page: Page, name: string, text: string) {
  const [chooser] = await Promise.all([
    page.waitForEvent('filechooser'),
    page.getByRole('button', { name: 'Import…', exact: true }).click(),
  ])
  await chooser.setFiles({ name, mimeType: 'application/json', buffer: Buffer.from(text) })
}

async function dropFile(page: Page, name: string, text: string) {
  // Dropped on the lab's own target, which comes with its sharing tools (a drop on the static
  // first screen, before the app's first script, reaches nothing).
  await page.getByRole('button', { name: 'Import…', exact: true }).waitFor()
  const dataTransfer = await page.evaluateHandle(
    ([fileName, contents]) => {
      const transfer = new DataTransfer()
      transfer.items.add(new File([contents], fileName, { type: 'application/json' }))
      return transfer
    },
    [name, text] as const,
  )
  for (const type of ['dragenter', 'dragover', 'drop']) {
    await page.locator('.fl-lab').dispatchEvent(type, { dataTransfer })
  }
}

test.describe('links', () => {
  test.use({ permissions: ['clipboard-read', 'clipboard-write'] })

  test('a copied link reopens the same scenario, cursor and view in a new page', async ({
    page,
    context,
  }) => {
    await page.goto('/?scenario=gc-pause&t=10010')
    await page.getByRole('tab', { name: 'Break things' }).click()
    await page.getByRole('combobox', { name: 'Pause for' }).selectOption('10000')
    await page.getByRole('button', { name: 'Pause client B', exact: true }).click()
    await page.getByRole('button', { name: 'Compare fencing on / off', exact: true }).click()
    await page.getByRole('button', { name: 'Copy link', exact: true }).click()
    await expect(page.locator('.fl-share-status')).toContainText(
      'Link copied: it opens “GC pause: token 41 vs 42” at 10.011 s.',
    )
    await expect(announcer(page)).toContainText('Link copied')
    const link = await page.evaluate(() => navigator.clipboard.readText())
    expect(link).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/#s=[A-Za-z0-9_-]+&t=10011&compare=1$/)
    expect(link.length).toBeLessThan(2000)

    const copy = await context.newPage()
    await copy.goto(link)
    await expect(scrubber(copy)).toHaveValue('10011')
    await expect(
      copy.getByRole('button', { name: 'Compare fencing on / off', exact: true }),
    ).toHaveAttribute('aria-pressed', 'true')
    await copy.getByRole('tab', { name: 'Break things' }).click()
    await expect(faults(copy).getByText('Pause client B at 10.011 s for 10 s')).toBeVisible()
    await expect(copy.getByRole('alert')).toHaveCount(0)
    await copy.close()
  })

  test('a preset link stays a short ?scenario= link', async ({ page }) => {
    await page.goto('/?scenario=unfenced-side-effect')
    await page.getByRole('button', { name: 'Jump to end', exact: true }).click()
    await page.getByRole('radio', { name: 'Hide' }).check()
    await page.getByRole('button', { name: 'Copy link', exact: true }).click()
    const link = await page.evaluate(() => navigator.clipboard.readText())
    const url = new URL(link)
    expect(url.search).toMatch(/^\?scenario=unfenced-side-effect&t=\d+&future=hide$/)
    expect(`${url.pathname}${url.search}`.length).toBeLessThan(70)
  })
})

test('when the clipboard refuses, the link is shown selected for Ctrl+C', async ({ page }) => {
  await page.addInitScript(() => {
    Object.defineProperty(navigator, 'clipboard', {
      value: { writeText: () => Promise.reject(new Error('denied')) },
    })
  })
  await page.goto('/?scenario=lock-delay&t=500')
  await page.getByRole('button', { name: 'Copy link', exact: true }).click()
  const field = page.getByRole('textbox', { name: /^Link to this state/ })
  await expect(field).toBeFocused()
  const value = await field.inputValue()
  expect(new URL(value).search).toBe('?scenario=lock-delay&t=500')
  expect(
    await field.evaluate((el: HTMLInputElement) => [el.selectionStart, el.selectionEnd]),
  ).toEqual([0, value.length])
  await expect(page.locator('.fl-share-status')).toContainText('Copying was blocked')
})

test('a scenario exported as JSON imports back, and the import can be undone', async ({ page }) => {
  await page.goto('/?scenario=gc-pause&t=10010')
  await page.getByRole('tab', { name: 'Break things' }).click()
  await page.getByRole('combobox', { name: 'Pause for' }).selectOption('10000')
  await page.getByRole('button', { name: 'Pause client B', exact: true }).click()

  const exported = await downloadOf(page, () =>
    page.getByRole('button', { name: 'Export', exact: true }).click(),
  )
  expect(exported.suggestedFilename()).toBe('gc-pause.json')
  const text = (await bytesOf(exported)).toString('utf8')
  expect(text.startsWith('{\n  "format": "fencing-lab/scenario@1",\n  "id": "gc-pause",')).toBe(
    true,
  )
  const scenario = JSON.parse(text) as { faults: unknown[] }
  expect(scenario.faults).toContainEqual({ atMs: 10011, do: 'pause', node: 'B', ms: 10000 })
  await expect(page.locator('.fl-share-status')).toContainText('Saved gc-pause.json')

  await page.goto('/?scenario=lock-delay')
  await importViaPicker(page, 'gc-pause.json', text)
  await expect(picker(page)).toHaveValue('__custom__')
  await expect(picker(page).locator('option:checked')).toHaveText(
    'Custom: GC pause: token 41 vs 42',
  )
  await expect(page.locator('.fl-share-status')).toContainText(
    'Opened “GC pause: token 41 vs 42” from gc-pause.json.',
  )
  await page.getByRole('tab', { name: 'Break things' }).click()
  await expect(faults(page).getByText('Pause client B at 10.011 s for 10 s')).toBeVisible()
  await page.getByRole('button', { name: 'Jump to end', exact: true }).click()
  expect(await logTexts(page)).not.toContain(REJECTED)

  await page.getByRole('button', { name: 'Undo import', exact: true }).click()
  await expect(picker(page)).toHaveValue('lock-delay')
  await expect(page.getByRole('button', { name: 'Undo import', exact: true })).toHaveCount(0)
})

test('a bad file is refused with its path and line, and the scenario stays', async ({ page }) => {
  await page.goto('/?scenario=lock-delay&t=700')
  const bad = gcPauseFile((s) => {
    const clients = s.clients as Array<{ script: Array<{ do: string }> }>
    const step = clients[1]?.script[2]
    if (step !== undefined) step.do = 'fly'
  })
  const line = bad.split('\n').findIndex((l) => l.includes('"do": "fly"')) + 1
  await importViaPicker(page, 'broken.json', bad)
  const alert = page.getByRole('alert')
  await expect(alert).toContainText('“broken.json” was not opened.')
  await expect(alert).toContainText(
    `Invalid scenario: clients[1].script[2].do (line ${line}): must be one of`,
  )
  await expect(alert).toContainText('The current scenario is unchanged.')
  await expect(picker(page)).toHaveValue('lock-delay')
  await expect(scrubber(page)).toHaveValue('700')

  // Dropped on the lab: not a scenario (so read as a history, which it is not either), then a
  // scenario in another format, then a good one.
  await dropFile(page, 'notes.txt', 'not { json')
  await expect(alert).toContainText(
    'notes.txt was not opened: no event could be read; first: notes.txt line 1:',
  )
  await expect(alert).toContainText('The lab is unchanged.')
  await dropFile(
    page,
    'future.json',
    gcPauseFile((s) => (s.format = 'fencing-lab/scenario@2')),
  )
  await expect(alert).toContainText('format (line 2): format must be "fencing-lab/scenario@1"')
  await expect(picker(page)).toHaveValue('lock-delay')
  await dropFile(
    page,
    'mine.json',
    gcPauseFile((s) => (s.title = 'Mine <b>not bold</b>')),
  )
  await expect(page.getByRole('alert')).toHaveCount(0)
  await expect(picker(page).locator('option:checked')).toHaveText('Custom: Mine <b>not bold</b>')
  await expect(page.locator('.fl-lab b')).toHaveCount(0)
})

// The story as an animation, GIF (light) and WebM (dark): each made with a progress bar, one
// frame per narration line and one for the whole run.
const ANIMATIONS = [
  {
    format: 'GIF',
    button: 'Download the story as an animated GIF',
    colorScheme: 'light',
    file: 'gc-pause.gif',
    read: (bytes: Uint8Array) => {
      const gif = readGif(bytes)
      return { frames: gif.frames, heightPx: gif.heightPx }
    },
  },
  {
    format: 'WebM video',
    button: 'Download the story as a WebM video',
    colorScheme: 'dark',
    // A dark figure says so in its name, beside a light one of the same story.
    file: 'gc-pause-dark.webm',
    read: (bytes: Uint8Array) => {
      const video = readWebm(bytes)
      expect(video.docType).toBe('webm')
      // Video encoders want even sides; the frame is the diagram's own width.
      expect(video.widthPx % 2).toBe(0)
      expect(video.widthPx).toBeGreaterThan(600)
      return { frames: video.frames, heightPx: video.heightPx }
    },
  },
] as const

for (const { format, button, colorScheme, file, read } of ANIMATIONS) {
  test(`the story downloads as a ${format}, with a progress bar, one frame per line and the whole run`, async ({
    page,
  }) => {
    await page.emulateMedia({ colorScheme })
    await page.goto('/?scenario=gc-pause')
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: button }).click(),
      expect(page.getByRole('progressbar')).toBeVisible(),
    ])
    expect(download.suggestedFilename()).toBe(file)
    const animation = read(new Uint8Array(await bytesOf(download)))
    const parsed = parseScenario(findPreset('gc-pause')?.scenario)
    if (!parsed.ok) throw new Error(parsed.message)
    const lines = resolveCaptions(run(parsed.scenario), parsed.scenario.narration).length
    expect(animation.frames).toBe(lines + 1)
    expect(animation.heightPx % 2).toBe(0)
    await expect(page.locator('.fl-share-status')).toContainText(`Saved ${file}`)
    await expect(page.getByRole('progressbar')).toHaveCount(0)
  })
}

test('the diagram downloads as a standalone SVG and as a 2× PNG', async ({ page }) => {
  await page.emulateMedia({ colorScheme: 'light' })
  await page.goto('/?scenario=gc-pause')
  await page.getByRole('button', { name: 'Jump to end', exact: true }).click()

  const svgDownload = await downloadOf(page, () =>
    page.getByRole('button', { name: 'Download the diagram as SVG' }).click(),
  )
  expect(svgDownload.suggestedFilename()).toBe('gc-pause.svg')
  const svg = (await bytesOf(svgDownload)).toString('utf8')
  expect(
    svg.startsWith(
      '<?xml version="1.0" encoding="UTF-8"?>\n<svg xmlns="http://www.w3.org/2000/svg"',
    ),
  ).toBe(true)
  expect(svg).not.toMatch(/(?:href|src)="(?!#)/)
  // Parsed in a blank page: a document parsed under the lab's CSP would have its <style> refused.
  const blank = await page.context().newPage()
  const parsed = await blank.evaluate((text) => {
    const doc = new DOMParser().parseFromString(text, 'image/svg+xml')
    const root = doc.documentElement
    return {
      error: doc.querySelector('parsererror')?.textContent ?? null,
      root: root.localName,
      theme: root.getAttribute('data-theme'),
      width: Number(root.getAttribute('width')),
      height: Number(root.getAttribute('height')),
      styles: doc.querySelectorAll('style').length,
      title: doc.querySelector('title')?.textContent,
      text: root.textContent ?? '',
    }
  }, svg)
  await blank.close()
  expect(parsed.error).toBeNull()
  expect(parsed).toMatchObject({ root: 'svg', theme: 'light', styles: 1 })
  expect(parsed.title).toBe('GC pause: token 41 vs 42')
  expect(parsed.text).toContain('41 < 42')
  expect(parsed.width).toBeGreaterThan(600)
  await expect(page.locator('.fl-share-status')).toContainText(/Saved gc-pause\.svg \(\d+\.\d kB\)/)

  const pngDownload = await downloadOf(page, () =>
    page.getByRole('button', { name: 'Download the diagram as PNG' }).click(),
  )
  expect(pngDownload.suggestedFilename()).toBe('gc-pause.png')
  const png = await bytesOf(pngDownload)
  expect([...png.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])
  expect(png.subarray(12, 16).toString('ascii')).toBe('IHDR')
  expect(png.readUInt32BE(16)).toBe(parsed.width * 2)
  expect(png.readUInt32BE(20)).toBe(parsed.height * 2)
  console.log(
    `gc-pause figure: SVG ${svg.length} bytes, PNG ${png.length} bytes at ${png.readUInt32BE(16)}×${png.readUInt32BE(20)}`,
  )
  // The PNG carries the scenario: imported on another preset's page, it opens gc-pause.
  await page.goto('/?scenario=lock-delay')
  const [chooser] = await Promise.all([
    page.waitForEvent('filechooser'),
    page.getByRole('button', { name: 'Import…', exact: true }).click(),
  ])
  await chooser.setFiles({ name: 'gc-pause.png', mimeType: 'image/png', buffer: png })
  await expect(page.locator('.fl-share-status')).toContainText(
    'Opened “GC pause: token 41 vs 42” from gc-pause.png.',
  )
  await page.goto('/?scenario=gc-pause')

  const trace = await downloadOf(page, () =>
    page.getByRole('button', { name: 'Download the trace as JSON' }).click(),
  )
  expect(trace.suggestedFilename()).toBe('gc-pause-trace.json')
  const report = JSON.parse((await bytesOf(trace)).toString('utf8')) as Record<string, unknown>
  expect(Object.keys(report)).toEqual([
    'scenario',
    'verdict',
    'truncated',
    'grants',
    'writes',
    'final',
    'violations',
    'warnings',
    'events',
  ])
  expect(JSON.stringify(report.writes)).toContain('"reason":"token 41 < 42"')
})

test.describe('scenario editor', () => {
  test('shows an inline error for a bad field and live-previews a valid edit', async ({ page }) => {
    await page.goto('/?scenario=gc-pause')
    await page.getByRole('button', { name: 'Jump to end', exact: true }).click()
    const toggle = page.getByRole('button', { name: 'Edit JSON', exact: true })
    await toggle.click()
    await expect(toggle).toHaveAttribute('aria-expanded', 'true')
    const editor = page.getByRole('region', { name: 'Scenario editor' })
    const json = editor.getByRole('textbox', { name: 'Scenario JSON' })
    await expect(json).toBeFocused()
    const original = await json.inputValue()
    const leaseLine = original.split('\n').findIndex((l) => l.includes('"leaseMs": 10000')) + 1
    expect(leaseLine).toBeGreaterThan(1)
    await expect(editor.getByText('Valid. The lab runs this scenario.')).toBeVisible()

    // A bad value: placed on its line, and the lab keeps the running scenario.
    await json.fill(original.replace('"leaseMs": 10000', '"leaseMs": "long"'))
    const problems = editor.getByRole('list', { name: 'Problems in the scenario JSON' })
    await expect(problems).toContainText(
      `Line ${leaseLine} lockService.leaseMs: leaseMs must be a number of milliseconds`,
    )
    await expect(json).toHaveAttribute('aria-invalid', 'true')
    await expect(editor.locator('.fl-editor-mark')).toHaveCount(1)
    expect(await logTexts(page)).toContain(REJECTED)
    await expect(page.locator('.fl-edited')).toHaveCount(0)
    // Going to the problem selects its line in the text.
    await problems.getByRole('button').first().click()
    await expect(json).toBeFocused()
    const selected = await json.evaluate((el: HTMLTextAreaElement) =>
      el.value.slice(el.selectionStart, el.selectionEnd),
    )
    expect(selected).toBe('"leaseMs": "long",')

    // Broken JSON: the syntax error's line and column, the lab unchanged.
    await json.fill(original.replace('"leaseMs": 10000,', '"leaseMs": 10000'))
    await expect(problems).toContainText(`Line ${leaseLine + 1} Not valid JSON: a “,” or “}”`)
    expect(await logTexts(page)).toContain(REJECTED)

    // A valid edit runs at once: a 20 s lease outlives A's pause, so nothing is rejected.
    await json.fill(original.replace('"leaseMs": 10000', '"leaseMs": 20000'))
    await expect(editor.getByText('Valid. The lab runs your draft')).toBeVisible()
    await expect(page.locator('.fl-edited')).toBeVisible()
    await expect.poll(() => logTexts(page)).not.toContain(REJECTED)

    // Reset goes back to the scenario as it was.
    await editor.getByRole('button', { name: 'Reset', exact: true }).click()
    await expect(json).toHaveValue(original)
    await expect(page.locator('.fl-edited')).toHaveCount(0)
    await expect.poll(() => logTexts(page)).toContain(REJECTED)

    // Apply (Ctrl+Enter) keeps an edit as one undo step; the lab's Undo takes it back and the
    // editor follows.
    await json.fill(original.replace('"firstToken": 41', '"firstToken": 7'))
    await json.press('ControlOrMeta+Enter')
    await expect(announcer(page)).toContainText('Applied')
    await expect.poll(() => logTexts(page)).toContain("storage rejected A's write: token 7 < 8")
    await page.getByRole('button', { name: 'Close the scenario editor' }).click()
    await expect(toggle).toBeFocused()
    await expect(toggle).toHaveAttribute('aria-expanded', 'false')
    await page.getByRole('tab', { name: 'Break things' }).click()
    await page.getByRole('button', { name: 'Undo', exact: true }).click()
    await expect.poll(() => logTexts(page)).toContain(REJECTED)
    await toggle.click()
    await expect(json).toHaveValue(original)
  })

  test('titles and descriptions stay text', async ({ page }) => {
    await page.goto('/?scenario=gc-pause')
    await page.getByRole('button', { name: 'Edit JSON', exact: true }).click()
    const json = page.getByRole('textbox', { name: 'Scenario JSON' })
    const original = await json.inputValue()
    await json.fill(
      original
        .replace('"GC pause: token 41 vs 42"', '"<img src=x onerror=window.pwned=1>"')
        .replace(/"description": "[^"]*"/, '"description": "<script>window.pwned=2</script>"'),
    )
    await expect(picker(page).locator('option:checked')).toHaveText('GC pause: token 41 vs 42')
    await page.getByRole('tab', { name: 'About' }).click()
    await expect(page.locator('.fl-about h3')).toHaveText('<img src=x onerror=window.pwned=1>')
    await expect(page.locator('.fl-about')).toContainText('<script>window.pwned=2</script>')
    await expect(page.locator('.fl-lab img, .fl-lab script')).toHaveCount(0)
    expect(await page.evaluate(() => (window as { pwned?: number }).pwned)).toBeUndefined()
  })
})

test.describe('Embed dialog', () => {
  test('writes snippets for the current state and options', async ({ page }) => {
    await page.goto('/?scenario=gc-pause&t=16005')
    const opener = page.getByRole('button', { name: 'Embed…', exact: true })
    await opener.click()
    const dialog = page.getByRole('dialog', { name: 'Embed this lab' })
    await expect(dialog).toBeVisible()
    await dialog.getByRole('radio', { name: 'Minimal' }).check()
    await dialog.getByRole('radio', { name: 'Dark' }).check()
    await dialog.getByRole('checkbox', { name: 'Autoplay' }).check()
    await dialog.getByRole('checkbox', { name: 'Loop' }).check()
    await dialog.getByRole('checkbox', { name: 'Play only a range' }).check()
    await dialog.getByRole('textbox', { name: 'From (ms)' }).fill('9000')
    await dialog.getByRole('textbox', { name: 'Name (optional)' }).fill('story')

    const code = dialog.locator('.fl-snippet-code')
    await expect(code.first()).toContainText(
      'embed.html?scenario=gc-pause&amp;controls=minimal&amp;theme=dark&amp;autoplay=1&amp;loop=1&amp;from=9000&amp;to=16010&amp;t=16005&amp;id=story"',
    )
    await expect(code.first()).toContainText('title="Fencing Lab: GC pause: token 41 vs 42"')
    await expect(code.first()).toContainText('loading="lazy"')
    // The preset's own measured height for its controls (src/ui/share/embedHeights.ts).
    await expect(code.first()).toContainText(`height="${EMBED_HEIGHTS['gc-pause'].minimal.anyPx}"`)
    await expect(code.first()).toContainText('embed-host.js" defer></script>')

    await dialog.getByRole('tab', { name: 'Custom element' }).click()
    await expect(code.first()).toContainText(
      '<fencing-lab scenario="gc-pause" data-controls="minimal" theme="dark" autoplay loop from="9000" to="16010" t="16005" id="story">',
    )
    await expect(code.first()).toContainText('fencing-lab.js" defer></script>')
    for (const [tab, text] of [
      ['Markdown', '](<http://127.0.0.1'],
      ['Hugo', '{{< fencing-lab scenario="gc-pause" controls="minimal"'],
      ['Astro', '<FencingLab scenario={"gc-pause"} controls={"minimal"}'],
      ['MDX / React', 'referrerPolicy="strict-origin-when-cross-origin"'],
      [
        'MDX / React',
        /<FencingLab lab=\{"http:\/\/127\.0\.0\.1:\d+\/"\} scenario=\{"gc-pause"\} controls=\{"minimal"\} theme=\{"dark"\} autoplay loop from=\{9000\} to=\{16010\} t=\{16005\} id=\{"story"\}/,
      ],
      ['VitePress', "head: [['script',"],
      ['Feed', '/figures/gc-pause.svg"'],
    ] as const) {
      await dialog.getByRole('tab', { name: tab }).click()
      await expect(dialog.getByRole('tabpanel')).toContainText(text)
    }
    const svg = await downloadOf(page, () =>
      dialog.getByRole('button', { name: 'Download SVG (dark)' }).click(),
    )
    expect(svg.suggestedFilename()).toBe('gc-pause-dark.svg')
    expect((await bytesOf(svg)).toString('utf8')).toContain('data-theme="dark"')

    // A modal: Tab stays inside, Esc closes, focus returns to the opener.
    for (let i = 0; i < 30; i++) {
      await page.keyboard.press(i % 3 === 2 ? 'Shift+Tab' : 'Tab')
      expect(await dialog.evaluate((el) => el.contains(document.activeElement))).toBe(true)
    }
    // Space inside the dialog does not play the lab behind it.
    await dialog.getByRole('checkbox', { name: 'Loop' }).focus()
    await page.keyboard.press('Space')
    await expect(page.getByRole('button', { name: 'Play', exact: true })).toHaveCount(1)
    await page.keyboard.press('Escape')
    await expect(dialog).toHaveCount(0)
    await expect(opener).toBeFocused()
  })

  test('embeds a custom scenario by its #s= link', async ({ page }) => {
    await page.goto('/?scenario=gc-pause&t=5000')
    await page.getByRole('tab', { name: 'Break things' }).click()
    await page.getByRole('button', { name: 'Resume client A', exact: true }).click()
    await page.getByRole('button', { name: 'Embed…', exact: true }).click()
    const dialog = page.getByRole('dialog', { name: 'Embed this lab' })
    await expect(dialog).toContainText(
      '(a custom scenario, carried in the link), opening at 5.001 s',
    )
    const iframe = await dialog.locator('.fl-snippet-code').first().textContent()
    const src = /src="([^"]+)"/.exec(iframe ?? '')?.[1]?.replace(/&amp;/g, '&') ?? ''
    const url = new URL(src)
    expect(url.pathname).toBe('/embed.html')
    expect(url.searchParams.get('scenario')).toBeNull()
    expect(url.searchParams.get('t')).toBe('5001')
    const link = readLabAddress(url.search, url.hash, decodeScenario)
    expect(link.notice).toBeNull()
    expect(link.source.kind).toBe('custom')
    if (link.source.kind === 'custom') {
      expect(link.source.scenario.faults).toContainEqual({ atMs: 5001, do: 'resume', node: 'A' })
    }
    await dialog.getByRole('tab', { name: 'Custom element' }).click()
    await expect(dialog.locator('.fl-snippet-code').first()).toContainText(
      `<fencing-lab link="${url.hash}"`,
    )
  })

  for (const colorScheme of ['light', 'dark'] as const) {
    test(`no accessibility violations with the dialog or the editor open (${colorScheme})`, async ({
      page,
    }) => {
      // Several axe scans of the whole page: a loaded 2-core machine needs more than 30 s.
      test.setTimeout(90_000)
      await page.emulateMedia({ colorScheme })
      await page.goto('/?scenario=gc-pause&t=16005')
      const scan = () => axeScan(page).analyze()
      await page.getByRole('button', { name: 'Embed…', exact: true }).click()
      const dialog = page.getByRole('dialog', { name: 'Embed this lab' })
      await dialog.getByRole('checkbox', { name: 'Play only a range' }).check()
      await dialog.getByRole('textbox', { name: 'From (ms)' }).fill('20000')
      await expect(dialog.locator('.fl-field-error')).toBeVisible()
      expect((await scan()).violations).toEqual([])
      await dialog.getByRole('tab', { name: 'Hugo' }).click()
      expect((await scan()).violations).toEqual([])
      await page.keyboard.press('Escape')

      await page.getByRole('button', { name: 'Edit JSON', exact: true }).click()
      const json = page.getByRole('textbox', { name: 'Scenario JSON' })
      await json.fill((await json.inputValue()).replace('"seed": 1', '"seed": -1'))
      await expect(page.locator('.fl-editor-problem')).toBeVisible()
      expect((await scan()).violations).toEqual([])
    })
  }
})
