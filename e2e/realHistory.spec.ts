/**
 * A real history in the lab (issue 15): a newcomer drops a Kubernetes Lease watch and the app's
 * write log and sees the split brain drawn and explained; a malformed line is named and the rest
 * still opens; pasted text opens; a shipped example opens from the scenario picker; the history
 * view has no accessibility violations. (e2e/history.spec.ts is the undo history across reloads.)
 */
import { readFileSync } from 'node:fs'
import type { Locator, Page } from '@playwright/test'
import { largeHistory } from '../src/testing/largeHistory'
import { expect, openLab, test } from './fixtures'
import { axeScan } from './axe'

const example = (name: string) => readFileSync(`examples/histories/${name}`, 'utf8')

function picker(page: Page): Locator {
  return page.getByRole('combobox', { name: 'Scenario' })
}

function report(page: Page): Locator {
  return page.getByRole('region', { name: 'What this history shows' })
}

async function dropFiles(page: Page, files: ReadonlyArray<{ name: string; text: string }>) {
  // Dropped on the lab's own target, which comes with its sharing tools: before the app's first
  // script, a drop on the static first screen reaches nothing (an earlier drop, held by the
  // page until those tools load, has a test of its own below).
  await page.getByRole('button', { name: 'Paste…', exact: true }).waitFor()
  const dataTransfer = await page.evaluateHandle((list) => {
    const transfer = new DataTransfer()
    for (const f of list) transfer.items.add(new File([f.text], f.name))
    return transfer
  }, files)
  for (const type of ['dragenter', 'dragover', 'drop']) {
    await page.locator('.fl-lab').dispatchEvent(type, { dataTransfer })
  }
}

test('a dropped Lease watch and write log: the split brain is drawn and explained', async ({
  page,
}) => {
  await page.goto('/?scenario=gc-pause')
  await dropFiles(page, [
    { name: 'kubernetes-lease-watch.json', text: example('kubernetes-lease-watch.json') },
    { name: 'kubernetes-app-writes.ndjson', text: example('kubernetes-app-writes.ndjson') },
  ])
  await expect(page.locator('.fl-history-lead')).toContainText(
    'Real history not a simulation: Two leaders of the orders writer',
  )
  await expect(picker(page).locator('option:checked')).toHaveText(/^Real history: Two leaders/)
  // The same diagram: a lane for each node, the lock service's and the database's.
  const diagram = page.getByRole('group', { name: /^Space-time diagram/ })
  await expect(diagram).toContainText('node-a')
  await expect(diagram).toContainText('node-b')
  await expect(diagram).toContainText('orders-db')
  const findings = report(page)
  await expect(findings).toContainText('Verdict: unsafe (1 violation, 0 warnings)')
  await expect(findings).toContainText(
    "Why: orders-db accepted node-a's write with token 0 at 25.305 s (kubernetes-app-writes.ndjson line 7) after it had accepted node-b's write with token 1 at 20.104 s (kubernetes-app-writes.ndjson line 5); the lock service granted 1 to node-b at 19.5 s (kubernetes-lease-watch.json line 55).",
  )
  await findings
    .getByRole('button', { name: /Jump to kubernetes-app-writes\.ndjson line 7/ })
    .click()
  await expect(page.getByRole('slider', { name: 'Time' })).toHaveValue('25305')
  // What only a simulation can do is off, with the reason.
  await expect(page.getByRole('button', { name: 'Compare fencing on / off' })).toBeDisabled()
  await page.getByRole('tab', { name: 'Break things' }).click()
  await expect(page.locator('.fl-break-intro')).toContainText('A real history cannot be re-run')
})

test('files dropped before the sharing tools load, or beside the lab, open; the page stays', async ({
  page,
}) => {
  // Hold back the sharing tools' chunk (as on a slow network), so the drop comes first.
  let release = () => {}
  const held = new Promise<void>((resolve) => (release = resolve))
  await page.route(/\/assets\/ShareBar-[^/]*\.js$/, async (route) => {
    await held
    await route.continue()
  })
  await openLab(page, '/?scenario=gc-pause')
  await expect(page.getByRole('button', { name: 'Paste…', exact: true })).toHaveCount(0)
  const files = [
    { name: 'kubernetes-lease-watch.json', text: example('kubernetes-lease-watch.json') },
    { name: 'kubernetes-app-writes.ndjson', text: example('kubernetes-app-writes.ndjson') },
  ]
  // On the page outside the lab's own drop target (which is not there yet either): left to the
  // browser, the file would open in place of the page.
  const prevented = await page.evaluate((list) => {
    const transfer = new DataTransfer()
    for (const f of list) transfer.items.add(new File([f.text], f.name))
    const target = document.body
    const over = new DragEvent('dragover', {
      dataTransfer: transfer,
      bubbles: true,
      cancelable: true,
    })
    const drop = new DragEvent('drop', { dataTransfer: transfer, bubbles: true, cancelable: true })
    return [!target.dispatchEvent(over), !target.dispatchEvent(drop)]
  }, files)
  expect(prevented).toEqual([true, true])
  release()
  await expect(page.locator('.fl-history-lead')).toContainText(
    'Real history not a simulation: Two leaders of the orders writer',
  )
  expect(new URL(page.url()).pathname).toBe('/')
})

test('a malformed line is named and the rest still opens; pasted text opens too', async ({
  page,
}) => {
  await page.goto('/?scenario=gc-pause')
  const lines = example('gc-pause-unfenced.ndjson').split('\n')
  lines.splice(3, 0, '{"atMs": "soon", "actor": "A", "kind": "write-sent"}')
  await dropFiles(page, [{ name: 'bad.ndjson', text: lines.join('\n') }])
  const findings = report(page)
  await expect(findings).toContainText('1 line could not be read (the rest was judged)')
  await expect(findings).toContainText('bad.ndjson line 4: "atMs" must be a number of milliseconds')
  await expect(findings).toContainText('Verdict: unsafe')

  await page.getByRole('button', { name: 'Paste…', exact: true }).click()
  const dialog = page.getByRole('dialog', { name: 'Paste a history' })
  await dialog.getByRole('textbox').fill(example('client-go-node-a.log'))
  await dialog.getByRole('button', { name: 'Open the history' }).click()
  await expect(dialog).toBeHidden()
  await expect(findings).toContainText('pasted text')
  await expect(picker(page).locator('option:checked')).toHaveText('Real history: pasted text')
})

for (const colorScheme of ['light', 'dark'] as const) {
  test(`an example opens from the scenario picker, with no accessibility violations (${colorScheme})`, async ({
    page,
  }) => {
    test.setTimeout(60_000)
    await page.emulateMedia({ colorScheme })
    await page.goto('/?scenario=gc-pause')
    await picker(page).selectOption({ label: 'client-go logs of two nodes' })
    await expect(page.locator('.fl-history-lead')).toBeVisible()
    await expect(report(page)).toContainText('client-go-node-a.log')
    const results = await axeScan(page).analyze()
    expect(results.violations.map((v) => `${v.id}: ${v.nodes.length}`)).toEqual([])
  })
}

test('any other log opens through a mapping, with a live preview of what it matched', async ({
  page,
}) => {
  await page.goto('/?scenario=gc-pause')
  await page.getByRole('button', { name: 'Paste…', exact: true }).click()
  const dialog = page.getByRole('dialog', { name: 'Paste a history' })
  await dialog
    .getByRole('textbox', { name: /^History/ })
    .fill(
      [
        'time;who;what;for;token',
        '2026-12-03T16:00:00.000Z;lock;granted;A;41',
        '2026-12-03T16:00:00.500Z;storage;applied;A;41',
        'garbage',
        '2026-12-03T16:00:10.000Z;lock;granted;B;42',
        '2026-12-03T16:00:10.500Z;storage;applied;B;42',
        '2026-12-03T16:00:16.000Z;storage;applied;A;41',
      ].join('\n'),
    )
  await dialog.getByRole('radio', { name: 'CSV columns' }).check()
  await dialog
    .getByRole('textbox', { name: /^Columns, in order/ })
    .fill('time, actor, kind, client, token')
  await dialog.getByRole('combobox', { name: 'Separator' }).selectOption({ label: 'semicolon' })
  const preview = dialog.locator('.fl-map-preview')
  await expect(preview).toContainText('5 lines matched, 1 not (lines 4).')
  await expect(preview).toContainText('"kind" must be one of')
  await dialog
    .getByRole('textbox', { name: /words for the kinds/ })
    .fill('granted=acquire-granted, applied=write-accepted')
  await expect(preview.locator('tbody tr').first()).toContainText('acquire-granted · A · token 41')
  await dialog.getByRole('button', { name: 'Open the history' }).click()
  const findings = report(page)
  await expect(findings).toContainText('Verdict: unsafe')
  await expect(findings).toContainText('pasted text (your mapping)')
})

test('the history worker starts while the reader chooses files, and judges the chosen ones', async ({
  page,
}) => {
  await page.goto('/?scenario=gc-pause')
  const workers: string[] = []
  page.on('worker', (worker) => workers.push(worker.url()))
  const history = (url: string) => /history\.worker/.test(url)
  const [chooser] = await Promise.all([
    page.waitForEvent('filechooser'),
    page.getByRole('button', { name: 'Open files…', exact: true }).click(),
  ])
  // Started with the dialog, before any file is chosen.
  await expect.poll(() => workers.filter(history).length).toBe(1)
  await chooser.setFiles({
    name: 'gc-pause-unfenced.ndjson',
    mimeType: 'application/x-ndjson',
    buffer: Buffer.from(example('gc-pause-unfenced.ndjson')),
  })
  await expect(page.locator('.fl-history-lead')).toContainText('A paused past its lease')
  await expect(report(page)).toContainText('Verdict: unsafe')
  // That worker judged them: none other was started.
  expect(workers.filter(history)).toHaveLength(1)
})

test('a large history is drawn first: the panels wait for its diagram, inert, then show it', async ({
  page,
}) => {
  test.setTimeout(90_000)
  await page.goto('/?scenario=gc-pause')
  const logCount = page.locator('.fl-log-header .fl-hint')
  await expect(logCount).toContainText('events')
  const before = await logCount.textContent()
  // The reader's focus is in the panels (inert while they wait: it comes back).
  const tab = page.getByRole('tab', { name: 'Break things' })
  await tab.focus()
  // What the panels show at the moment the diagram says it is drawing the history.
  const watched = page.evaluate(
    () =>
      new Promise<{
        faded: string
        log: string
        inert: boolean
        busy: string | null
        report: boolean
      }>((done) => {
        const observer = new MutationObserver(() => {
          if (document.querySelector('.fl-diagram-drawing') === null) return
          observer.disconnect()
          const held = document.querySelector('.fl-panels')?.closest('.fl-held')
          const panels = document.querySelector('.fl-panels')
          done({
            faded: panels === null ? '' : getComputedStyle(panels).opacity,
            log: document.querySelector('.fl-log-header .fl-hint')?.textContent ?? '',
            inert: held?.hasAttribute('inert') ?? false,
            busy: held?.getAttribute('aria-busy') ?? null,
            report: document.querySelector('.fl-history-report') !== null,
          })
        })
        observer.observe(document.body, { childList: true, subtree: true })
      }),
  )
  await page.getByLabel('History files to open').setInputFiles({
    name: 'large.ndjson',
    mimeType: 'application/x-ndjson',
    buffer: Buffer.from(largeHistory(40_000)),
  })
  const seen = await watched
  // While the diagram is laid out, the panels still show the scenario before, and take no click
  // (a row of the old log would land in the new run); faded, so they do not read as the new one.
  expect(seen.log).toBe(before)
  expect(Number(seen.faded)).toBeLessThan(1)
  expect(seen.inert).toBe(true)
  expect(seen.busy).toBe('true')
  expect(seen.report).toBe(false)
  // Then they catch up: the history's own log, its report, and nothing held.
  await expect(page.locator('.fl-diagram-drawing')).toHaveCount(0, { timeout: 60_000 })
  await expect(logCount).toHaveText(/^\d{2},\d{3} events/)
  await expect(report(page)).toBeVisible()
  await expect(page.locator('.fl-held[inert]')).toHaveCount(0)
  await expect(page.locator('.fl-held[aria-busy]')).toHaveCount(0)
  await expect(page.locator('.fl-panels')).toHaveCSS('opacity', '1')
  await expect(tab).toBeFocused()
})

test('a large history shows how far the reading has got, then opens', async ({ page }) => {
  test.setTimeout(90_000)
  await page.goto('/?scenario=gc-pause')
  // A small history first: the bar's code loads with the first history opened, and on a busy
  // machine it could arrive after most of a first reading (the bar then showed three values).
  await page.getByLabel('History files to open').setInputFiles({
    name: 'small.ndjson',
    mimeType: 'application/x-ndjson',
    buffer: Buffer.from(example('gc-pause-unfenced.ndjson')),
  })
  await expect(page.locator('.fl-history-lead')).toContainText('A paused past its lease')
  // Every value the bar takes, whether or not it is on screen yet (it shows after a moment).
  await page.evaluate(() => {
    const seen: string[] = []
    ;(window as unknown as { flBarValues: string[] }).flBarValues = seen
    new MutationObserver(() => {
      const bar = document.querySelector('.fl-history-reading progress')
      const value = bar?.getAttribute('value')
      if (value != null && seen.at(-1) !== value) seen.push(value)
    }).observe(document, { subtree: true, childList: true, attributes: true })
  })
  const text = largeHistory(40_000)
  await page.getByLabel('History files to open').setInputFiles({
    name: 'large.ndjson',
    mimeType: 'application/x-ndjson',
    buffer: Buffer.from(text),
  })
  await expect(page.locator('.fl-history-lead')).toContainText('large.ndjson', { timeout: 60_000 })
  const values = (
    await page.evaluate(() => (window as unknown as { flBarValues: string[] }).flBarValues)
  ).map(Number)
  // Several steps, growing, the last of them the whole.
  expect(values.length).toBeGreaterThan(3)
  expect(values).toEqual([...values].sort((a, b) => a - b))
  expect(values.at(-1)).toBe(1)
  await expect(page.locator('.fl-history-reading')).toHaveCount(0)
})
