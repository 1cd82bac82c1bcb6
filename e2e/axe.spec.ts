import { expect, test } from './fixtures'
import { axeScan } from './axe'

// Every "no violations" scan in the suite goes through axeScan: it must be able to fail.
test('axeScan finds what is wrong in the page and in a same-origin frame', async ({ page }) => {
  await page.goto('/')
  await page.evaluate(() => {
    const faint = document.createElement('p')
    faint.textContent = 'faint words'
    faint.style.cssText = 'color:#ddd;background:#fff'
    document.body.append(faint)
    const frame = document.createElement('iframe')
    frame.title = 'a frame'
    frame.srcdoc = '<!doctype html><html lang="en"><title>f</title><img src="x.png">'
    document.body.append(frame)
  })
  await expect.poll(() => page.frames().length).toBe(2)
  await expect.poll(() => page.frames()[1]?.locator('img').count()).toBe(1)
  const { violations } = await axeScan(page).analyze()
  const found = violations.map((v) => [v.id, v.nodes.flatMap((n) => n.target).join(' ')])
  expect(found).toContainEqual(['color-contrast', expect.any(String)])
  // The frame's image without alt text is found inside the frame (its target runs through the iframe).
  expect(found).toContainEqual(['image-alt', 'iframe img'])
})
