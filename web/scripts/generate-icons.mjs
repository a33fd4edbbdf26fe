// Renders the PNG icons of the web manifest from the SVG sources with Debian's Chromium.
// The PNGs are committed; run this again only after changing public/logo.svg or scripts/maskable-icon.svg:
//   node scripts/generate-icons.mjs
import { readFile } from 'node:fs/promises'
import { chromium } from 'playwright-core'

const root = new URL('../', import.meta.url)

const icons = [
  { source: 'public/logo.svg', size: 192, out: 'public/icons/icon-192.png' },
  { source: 'public/logo.svg', size: 512, out: 'public/icons/icon-512.png' },
  { source: 'scripts/maskable-icon.svg', size: 512, out: 'public/icons/maskable-512.png' },
  // iOS rounds the corners itself and paints transparency black, so it gets the full-bleed drawing.
  { source: 'scripts/maskable-icon.svg', size: 180, out: 'public/icons/apple-touch-icon.png' },
]

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run'],
})
try {
  const page = await browser.newPage()
  for (const { source, size, out } of icons) {
    const svg = await readFile(new URL(source, root))
    await page.setViewportSize({ width: size, height: size })
    await page.setContent(
      `<body style="margin:0"><img style="display:block;width:${size}px;height:${size}px" ` +
        `src="data:image/svg+xml;base64,${svg.toString('base64')}"></body>`,
    )
    await page.screenshot({ path: new URL(out, root).pathname, omitBackground: true })
    console.log(`${out} (${size}×${size})`)
  }
} finally {
  await browser.close()
}
