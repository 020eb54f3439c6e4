/**
 * Renders public/icon/tabwise.svg to the PNG sizes the manifest and the Chrome Web Store use
 * (public/icon/16.png … 128.png, which WXT puts in the manifest's `icons` and `action.default_icon`).
 * Run after changing the SVG: `npx tsx tests/harness/render-icons.ts`, then commit the PNGs.
 */
import { chromium } from '@playwright/test';
import { readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { chromiumArgs, chromiumPath } from './chromium';

export const iconSizes = [16, 32, 48, 128] as const;

const dir = resolve('public/icon');
const svg = readFileSync(resolve(dir, 'tabwise.svg'), 'utf8');
const browser = await chromium.launch({ executablePath: chromiumPath(), args: chromiumArgs });
try {
  for (const size of iconSizes) {
    const page = await browser.newPage({ viewport: { width: size, height: size }, deviceScaleFactor: 1 });
    const src = `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;
    await page.setContent(
      `<style>html,body{margin:0;background:transparent}</style><img src="${src}" width="${size}" height="${size}">`,
    );
    await page.locator('img').evaluate((img: HTMLImageElement) => img.decode());
    writeFileSync(
      resolve(dir, `${size}.png`),
      await page.screenshot({ omitBackground: true, clip: { x: 0, y: 0, width: size, height: size } }),
    );
    await page.close();
    console.log(`public/icon/${size}.png`);
  }
} finally {
  await browser.close();
}
